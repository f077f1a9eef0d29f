import Foundation
import ReelFuzzEntries

// Replays the committed fuzz corpora without libFuzzer: `ReelFuzzReplay [ENTRY ...]` runs every
// input of each entry's corpus (`Tests/Fuzz/ENTRY`, from the current folder; every entry when
// none is named) once, as `bin/test` does on each run. A crash is the failure; anything else
// an input does is fine. Prints each entry's count and time.

let named = CommandLine.arguments.dropFirst()
var entries: [FuzzEntry] = []
for name in named {
    guard let entry = FuzzEntry(rawValue: name) else {
        FileHandle.standardError.write(
            Data(
                "ReelFuzzReplay: expected an entry (\(FuzzEntry.allCases.map(\.rawValue).joined(separator: ", "))), found \(name)\n"
                    .utf8))
        exit(2)
    }
    entries.append(entry)
}
for entry in entries.isEmpty ? FuzzEntry.allCases : entries {
    let folder = URL(fileURLWithPath: entry.corpus)
    let started = Date()
    guard let files = try? FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), !files.isEmpty else {
        FileHandle.standardError.write(Data("ReelFuzzReplay: no corpus at \(folder.path)\n".utf8))
        exit(1)
    }
    var slowest = (file: "", seconds: 0.0)
    for file in files {
        guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(file).path) else { continue }
        let start = Date()
        data.withUnsafeBytes { entry.run($0) }
        let seconds = Date().timeIntervalSince(start)
        if seconds > slowest.seconds { slowest = (file, seconds) }
    }
    print(
        String(
            format: "fuzz corpus: %@: %d inputs replayed in %.1f s (slowest %@, %.2f s)", entry.rawValue, files.count,
            Date().timeIntervalSince(started), slowest.file, slowest.seconds))
}
FuzzEntry.removeScratch()
