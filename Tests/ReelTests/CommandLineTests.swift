import Foundation
import ReelMedia
import Testing

@Suite struct CommandLineTests {
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

    @Test func frameWritesAPNG() throws {
        let dir = makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try slidingSquareTimeline.write(to: dir.appendingPathComponent("slide.json"), atomically: true, encoding: .utf8)
        let result = try runReel(["frame", "slide.json", "--time", "0.5", "-o", "half.png"], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        let png = try #require(try MediaReader(path: dir.appendingPathComponent("half.png").path).readFrames().first)
        #expect(png.pixel(x: 74, y: 48) == (255, 0x88, 0, 255))
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

@Suite struct HitCommandTests {
    static let seed = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "../../Timelines/seeds/3-hitTest.json"
    ).standardized

    func hit(_ point: String) throws -> (status: Int32, stdout: String) {
        let result = try runReel(["hit", Self.seed.path, "--time", "0", "--point", point])
        return (result.status, result.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// The seed's rule: the deepest layer in sublayer order, even where zPosition drew another on top.
    @Test func namesTheLayerTheSeedSays() throws {
        #expect(try hit("150,150").stdout == "layerView/blueLayer")
        #expect(try hit("75,75").stdout == "layerView")
        // greenLayer has zPosition -1, so the blue layer is drawn over it here, but it is the later sublayer.
        #expect(try hit("180,130").stdout == "greenLayer")
        let miss = try hit("10,10")
        #expect(miss.status == 1 && miss.stdout.isEmpty)
    }
}

@Suite struct ValidateCommandTests {
    /// Five distinct mistakes, all reported at once with their JSON paths.
    @Test func reportsFiveMistakesAtOnce() throws {
        let dir = makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let text = #"""
            {"canvas": {"width": 64, "height": 64, "duration": 1, "fps": "thirty"},
             "layers": [
               {"id": "card", "cornerRadious": 8, "backgroundColor": "orange",
                "animations": [
                  {"keyPath": "transform.rotaton.z", "toValue": 1},
                  {"keyPath": "opacity", "values": [0, 1, 0], "keyTimes": [0, 0.8, 0.4], "fillMode": "forward"}]}]}
            """#
        try text.write(to: dir.appendingPathComponent("five.json"), atomically: true, encoding: .utf8)
        let result = try runReel(["validate", "five.json"], in: dir)
        #expect(result.status == 1)
        for path in [
            "canvas.fps", "layers[0].cornerRadious", "layers[0].backgroundColor", "layers[0].animations[0].keyPath",
            "layers[0].animations[1].keyTimes[2]", "layers[0].animations[1].fillMode"
        ] {
            #expect(result.stderr.contains(path + ":"), "missing \(path) in \(result.stderr)")
        }
        #expect(result.stderr.contains("did you mean `cornerRadius`?"))
        #expect(result.stderr.contains("did you mean `transform.rotation.z`?"))
        #expect(result.stderr.contains("did you mean `forwards`?"))
        #expect(result.stderr.contains("6 problems"))
    }

    @Test func validFileGetsASummaryAndWarnings() throws {
        let dir = makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let text =
            #"{"canvas": {"width": 64, "height": 64, "duration": 1}, "layers": [{"id": "a", "animations": [{"keyPath": "opacity", "toValue": 0, "fillMode": "forwards"}]}]}"#
        try text.write(to: dir.appendingPathComponent("ok.json"), atomically: true, encoding: .utf8)
        let result = try runReel(["validate", "ok.json"], in: dir)
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("ok.json: valid: 1 layers, 64x64, 30 frames"))
        #expect(result.stderr.contains("warning: layers[0].animations[0].fillMode"))
        #expect(result.stderr.contains("removedOnCompletion"))
    }
}
