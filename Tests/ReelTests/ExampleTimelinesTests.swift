import Foundation
import ReelMedia
import ReelTestSupport
import Testing

/// Every timeline in `Timelines/` validates and renders on a fresh clone, with no script run
/// first: what it needs (clips, pictures, sprites) is committed beside it.
@Suite struct ExampleTimelinesTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Timelines")

    /// Every `.json` below `Timelines/` but the schema, by its path from there.
    static let timelines: [String] = {
        let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
        return files.filter { $0.hasSuffix(".json") && $0 != "schema.json" && !$0.contains("/assets/") }.sorted()
    }()

    @Test func theFolderHoldsTheExamples() {
        #expect(Self.timelines.contains("captions.json") && Self.timelines.contains("lottie/badge.json"))
        #expect(Self.timelines.count >= 30)
    }

    /// Validates, then renders its first two frames at half size into an MP4 that decodes to two frames.
    @Test(arguments: timelines)
    func validatesAndRenders(_ name: String) throws {
        let file = Self.folder.appendingPathComponent(name).path
        let validated = try runReel(["validate", file])
        #expect(validated.status == 0, "\(validated.stderr)")
        let dir = makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("out.mp4").path
        let rendered = try runReel(
            ["render", file, "-o", out, "--frames", "0..<2", "--scale", "0.5", "--preset", "ultrafast", "--quiet"])
        #expect(rendered.status == 0, "\(rendered.stderr)")
        #expect(try MediaReader(path: out).readFrames(limit: 3).count == 2)
    }
}
