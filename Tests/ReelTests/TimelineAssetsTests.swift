import Foundation
import Testing

@testable import Reel

/// Assets are checked before anything renders: a regular file that decodes. A pipe or a
/// folder is refused at once (nothing blocks), garbage is refused by `validate` too, and no
/// byte of a bad file reaches the terminal.
@Suite struct TimelineAssetsTests {
    func scratch(asset: String) throws -> URL {
        let dir = makeScratchDirectory()
        let text =
            ##"{"canvas": {"width": 64, "height": 64, "duration": 1}, "assets": {"i": {"path": "ASSET"}}, "layers": [{"id": "a", "bounds": [0, 0, 8, 8], "contents": "i"}]}"##
        try text.replacingOccurrences(of: "ASSET", with: asset).write(
            to: dir.appendingPathComponent("t.json"), atomically: true, encoding: .utf8)
        return dir
    }

    @Test func aPipeAssetIsRefusedAtOnceByValidateAndRender() throws {
        let dir = try scratch(asset: "pipe.png")
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(mkfifo(dir.appendingPathComponent("pipe.png").path, 0o644) == 0)
        for arguments in [
            ["validate", "t.json"], ["render", "t.json", "-o", "out.mp4", "--quiet"], ["frame", "t.json", "-o", "f.png"]
        ] {
            let started = Date()
            let result = try runReel(arguments, in: dir)
            #expect(result.status == 1)
            #expect(result.stderr.contains("assets.i.path") && result.stderr.contains("a pipe (FIFO)"), "\(result.stderr)")
            #expect(result.stderr.contains("1 problem"))  // not also `contents`
            #expect(Date().timeIntervalSince(started) < 5)
        }
    }

    @Test func aFolderOrGarbageAssetIsRefusedByValidate() throws {
        let dir = try scratch(asset: "bad.png")
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data("garbage, not an image".utf8).write(to: dir.appendingPathComponent("bad.png"))
        let result = try runReel(["validate", "t.json"], in: dir)
        #expect(result.status == 1)
        #expect(result.stderr.contains("assets.i.path") && result.stderr.contains("bad.png"), "\(result.stderr)")
        #expect(!result.stderr.contains("0x") && !result.stderr.contains("garbage"))  // libav quotes no bytes
        try FileManager.default.removeItem(at: dir.appendingPathComponent("bad.png"))
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("bad.png"), withIntermediateDirectories: false)
        let folder = try runReel(["validate", "t.json"], in: dir)
        #expect(folder.status == 1 && folder.stderr.contains("a folder at"))
    }
}
