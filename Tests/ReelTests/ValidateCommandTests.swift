import Foundation
import Testing

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
