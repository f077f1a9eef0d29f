import Foundation
import ReelMedia
import ReelTestSupport
import Testing

/// `reel render` from the command line: outputs, refusals, options.
@Suite struct RenderCommandTests {
    @Test func renderWritesTheTimelinesNameByDefault() throws {
        let dir = makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try slidingSquareTimeline.write(to: dir.appendingPathComponent("slide.json"), atomically: true, encoding: .utf8)
        let result = try runReel(["render", "slide.json", "--preset", "ultrafast"], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("rendered 10 frames"))
        let reader = try MediaReader(path: dir.appendingPathComponent("slide.mp4").path)
        #expect(try reader.readFrames().count == 10)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix(".") }
        #expect(leftovers.isEmpty)
    }

    /// Wrong type, unknown key path, keyTimes out of order: each named by its JSON path, exit
    /// status 1, and no output, neither a new file nor a change to an existing one.
    @Test(arguments: [
        (#"{"id": "a", "opacity": "half"}"#, "layers[0].opacity"),
        (#"{"id": "a", "animations": [{"keyPath": "positon.x", "toValue": 3}]}"#, "layers[0].animations[0].keyPath"),
        (
            #"{"id": "a", "animations": [{"keyPath": "opacity", "values": [0, 1, 0], "keyTimes": [0, 0.7, 0.4]}]}"#,
            "layers[0].animations[0].keyTimes[2]"
        )
    ])
    func invalidTimelineFailsCleanly(layer: String, path: String) throws {
        let dir = makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let text = #"{"canvas": {"width": 64, "height": 64, "duration": 1}, "layers": ["# + layer + "]}"
        try text.write(to: dir.appendingPathComponent("bad.json"), atomically: true, encoding: .utf8)
        let fresh = try runReel(["render", "bad.json", "-o", "new.mp4"], in: dir)
        #expect(fresh.status == 1)
        #expect(fresh.stderr.contains("bad.json") && fresh.stderr.contains(path), "\(fresh.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("new.mp4").path))

        let existing = dir.appendingPathComponent("keep.mp4")
        try Data("precious".utf8).write(to: existing)
        let again = try runReel(["render", "bad.json", "-o", "keep.mp4"], in: dir)
        #expect(again.status == 1)
        #expect(try Data(contentsOf: existing) == Data("precious".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["bad.json", "keep.mp4"])
    }

    @Test func badOptionsAreRejected() throws {
        let dir = makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try slidingSquareTimeline.write(to: dir.appendingPathComponent("slide.json"), atomically: true, encoding: .utf8)
        let result = try runReel(["render", "slide.json", "--crf", "99"], in: dir)
        #expect(result.status != 0)
        #expect(result.stderr.contains("--crf"))
        let missing = try runReel(["render", "nope.json"], in: dir)
        #expect(missing.status == 1 && missing.stderr.contains("nope.json"))
    }
}
