import Foundation
import Reel
import ReelCore
import ReelMedia
import ReelTimeline

// The fuzzer: libFuzzer hands it byte strings; each is read as a timeline file and, when it is
// one, its first, middle and last frames are drawn at a small size. A crash, a sanitizer report,
// a leak, a hang past libFuzzer's -timeout or memory past its -rss_limit_mb is a finding.
// Built and run by `bin/fuzz` only (it needs libFuzzer and coverage instrumentation).

/// libFuzzer's entry point for a program that keeps its own `main`.
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<Int32>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ test: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

/// Where a timeline's relative asset paths point: a folder with one small image in it.
let assetFolder: String = {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reel-fuzz-\(getpid())").path
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    // A small half-transparent PNG, so `contents` has something real to draw.
    let image = PixelBuffer(width: 8, height: 6)
    image.clear(to: Color(red: 1, green: 0.5, blue: 0, alpha: 0.5))
    _ = FileManager.default.createFile(atPath: folder + "/image.png", contents: try! ImageWriter.pngData(image))
    return folder
}()

/// Pixels a drawn frame may have: larger canvases are drawn at a smaller scale.
let maximumPixels = 96.0 * 96.0

func testOne(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    guard var timeline = try? Timeline.decode(text, file: assetFolder + "/fuzz.json", baseDirectory: assetFolder) else {
        return 0
    }
    let points = timeline.canvas.width * timeline.canvas.height
    timeline.canvas.scale = min(timeline.canvas.scale, (maximumPixels / points).squareRoot())
    guard timeline.canvas.pixelWidth > 0, timeline.canvas.pixelHeight > 0,
        let renderer = try? FrameRenderer(timeline: timeline, memory: MemoryBudget(limit: 512 << 20))
    else { return 0 }
    for time in [0, timeline.canvas.duration / 2, timeline.canvas.duration] {
        _ = renderer.render(time: time)
    }
    return 0
}

var argc = CommandLine.argc
var argv = CommandLine.unsafeArgv
exit(runFuzzerDriver(&argc, &argv) { testOne($0, $1) })
