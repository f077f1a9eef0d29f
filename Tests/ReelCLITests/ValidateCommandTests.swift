import Foundation
import ReelTestSupport
import Testing

@Suite struct ValidateCommandTests {
    /// Five distinct mistakes, all reported at once with their JSON paths.
    @Test func reportsFiveMistakesAtOnce() throws {
        let dir = makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let text = #"""
            {"canvas": {"width": 64, "height": 64, "duration": 1, "fps": "thirty"},
             "layers": [
               {"id": "card", "cornerRadious": 8, "backgroundColor": "orang",
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

    /// A title that fades out and ends without `fillMode` forwards reappears: validate
    /// names the time, the key and the fix; held, ending after the timeline or at the model
    /// value, it says nothing.
    @Test func anAnimationThatSnapsBackIsWarnedAbout() throws {
        let dir = makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        func validate(_ animation: String, layer: String = "") throws -> String {
            let text =
                #"{"canvas": {"width": 64, "height": 64, "duration": 4}, "layers": [{"id": "title""#
                + layer + #", "sublayers": [{"id": "t", "animations": [ANIMATION]}]}]}"#
            try text.replacingOccurrences(of: "ANIMATION", with: animation).write(
                to: dir.appendingPathComponent("t.json"), atomically: true, encoding: .utf8)
            let result = try runReel(["validate", "t.json"], in: dir)
            #expect(result.status == 0, "\(result.stderr)")
            return result.stderr
        }
        let fade = #"{"keyPath": "opacity", "fromValue": 1, "toValue": 0, "beginTime": 1, "duration": 1.5"#
        let warned = try validate(fade + "}", layer: #", "beginTime": 0.5"#)
        #expect(
            warned.contains(
                "warning: layers[0].sublayers[0].animations[0]: `opacity` ends at 3 s at 0 and snaps back to the model value 1 while the layer shows; to hold the end value set \"fillMode\": \"forwards\" and \"removedOnCompletion\": false"
            ), "\(warned)")
        #expect(!(try validate(fade + #", "fillMode": "forwards", "removedOnCompletion": false}"#)).contains("snaps back"))
        let long = #"{"keyPath": "opacity", "fromValue": 1, "toValue": 0, "beginTime": 1, "duration": 5}"#
        #expect(!(try validate(long)).contains("snaps back"))
        #expect(!(try validate(#"{"keyPath": "opacity", "fromValue": 1, "toValue": 1, "duration": 1}"#)).contains("snaps back"))
        // A jump no one can see (0.04 % of opacity: a tenth of a level; 0.05 points) is not
        // warned about; half a level more, or a fifth of a point, is.
        #expect(
            !(try validate(#"{"keyPath": "opacity", "fromValue": 1, "toValue": 0.9996, "duration": 1}"#)).contains("snaps back"))
        #expect(try validate(#"{"keyPath": "opacity", "fromValue": 1, "toValue": 0.997, "duration": 1}"#).contains("snaps back"))
        #expect(
            !(try validate(#"{"keyPath": "position.x", "fromValue": 0, "toValue": 0.05, "duration": 1}"#)).contains("snaps back"))
        #expect(try validate(#"{"keyPath": "position.x", "fromValue": 0, "toValue": 0.2, "duration": 1}"#).contains("snaps back"))
    }

    @Test func scenesAreCountedAndABadTransitionNamedByItsPath() throws {
        let dir = makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        func scenes(_ type: String) -> String {
            #"{"canvas": {"width": 64, "height": 64}, "scenes": [{"id": "a", "duration": 1, "layers": [{"id": "x"}], "transition": {"type": "\#(type)"}}, {"id": "b", "duration": 1, "layers": []}]}"#
        }
        try scenes("fade").write(to: dir.appendingPathComponent("ok.json"), atomically: true, encoding: .utf8)
        let ok = try runReel(["validate", "ok.json"], in: dir)
        #expect(ok.status == 0 && ok.stdout.hasPrefix("ok.json: valid: 2 scenes, 1 layers, 64x64, 45 frames"), "\(ok.stdout)")
        try scenes("fad").write(to: dir.appendingPathComponent("bad.json"), atomically: true, encoding: .utf8)
        let bad = try runReel(["validate", "bad.json"], in: dir)
        #expect(
            bad.status == 1 && bad.stderr.contains("scenes[0].transition.type: expected one of") && bad.stderr.contains("fade"))
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
