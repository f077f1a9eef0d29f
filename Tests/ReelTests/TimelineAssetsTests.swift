import Foundation
import ReelCore
import ReelMedia
import ReelTestSupport
import ReelTimeline
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
            #expect(Date().timeIntervalSince(started) < 1 * testTimeScale)  // the issue: refused within a second
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

    /// Asset files stay inside the timeline's folder, also through links, unless
    /// `--assets-root` names a folder that holds them.
    @Test func assetsOutsideTheRootAreRefusedUnlessTheRootIsWidened() throws {
        let outside = makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: outside) }
        let image = outside.appendingPathComponent("red.png")
        let red = PixelBuffer(width: 4, height: 4)
        red.clear(to: Color(red: 1, green: 0, blue: 0, alpha: 1))
        try ImageWriter.pngData(red).write(to: image)
        for (asset, found) in [(image.path, "red.png, outside it"), ("link.png", "link.png, a link to")] {
            let dir = try scratch(asset: asset)
            defer { try? FileManager.default.removeItem(at: dir) }
            #expect(symlink(image.path, dir.appendingPathComponent("link.png").path) == 0)
            let refused = try runReel(["validate", "t.json"], in: dir)
            #expect(refused.status == 1, "\(refused.stderr)")
            #expect(refused.stderr.contains("assets.i.path: expected a path inside the assets root"), "\(refused.stderr)")
            #expect(refused.stderr.contains(found), "\(refused.stderr)")
            let frame = try runReel(["frame", "t.json", "-o", "f.png"], in: dir)
            #expect(frame.status == 1 && frame.stderr.contains(found))
            let widened = try runReel(
                ["frame", "t.json", "-o", "f.png", "--assets-root", outside.deletingLastPathComponent().path], in: dir)
            #expect(widened.status == 0, "\(widened.stderr)")
        }
    }

    @Test func aMissingAssetsRootIsRefused() throws {
        let dir = try scratch(asset: "a.png")
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try runReel(["validate", "t.json", "--assets-root", "nowhere"], in: dir)
        #expect(result.status != 0 && result.stderr.contains("--assets-root must name a folder, found none at nowhere"))
    }

    /// An asset no layer shows is not opened: a broken file under an unused name costs nothing.
    @Test func onlyAssetsSomeLayerShowsAreLoaded() throws {
        let dir = makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let timeline = try Timeline.decode(
            #"{"canvas": {"width": 8, "height": 8, "duration": 1}, "assets": {"spare": {"path": "missing.png"}}, "layers": []}"#,
            baseDirectory: dir.path)
        #expect(timeline.assetFiles.problems().isEmpty)
        #expect(try TimelineAssets.load(timeline).images.isEmpty)
    }
}
