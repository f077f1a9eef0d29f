import Foundation
import ReelFuzzEntries

// The fuzzer: libFuzzer hands it byte strings; each is run as an input of the entry named by
// REEL_FUZZ_ENTRY (`FuzzEntry`: timeline, ...). A crash, a sanitizer report, a leak, a hang
// past libFuzzer's -timeout or memory past its -rss_limit_mb is a finding.
// Built and run by `bin/fuzz` only (it needs libFuzzer and coverage instrumentation).

/// libFuzzer's entry point for a program that keeps its own `main`.
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<Int32>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ test: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

let name = ProcessInfo.processInfo.environment["REEL_FUZZ_ENTRY"] ?? FuzzEntry.timeline.rawValue
guard let entry = FuzzEntry(rawValue: name) else {
    FileHandle.standardError.write(
        Data("ReelFuzz: REEL_FUZZ_ENTRY must be one of \(FuzzEntry.allCases.map(\.rawValue)), found \(name)\n".utf8))
    exit(2)
}
nonisolated(unsafe) let chosen = entry

var argc = CommandLine.argc
var argv = CommandLine.unsafeArgv
exit(
    runFuzzerDriver(&argc, &argv) { bytes, count in
        chosen.run(UnsafeRawBufferPointer(start: bytes, count: count))
        return 0
    })
