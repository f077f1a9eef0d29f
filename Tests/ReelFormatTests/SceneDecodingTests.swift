import Foundation
import ReelCore
import ReelTestSupport
import ReelTimeline
import Testing

@testable import ReelFormat

/// `scenes` as the file writes them: sources, durations, transitions, and every refusal at its path.
@Suite struct SceneDecodingTests {
    private func decode(_ scenes: String, canvas: String = #""width": 160, "height": 90"#, in folder: String? = nil)
        throws(TimelineError) -> Timeline
    {
        try Timeline.decode(
            #"{"canvas": {\#(canvas)}, "scenes": \#(scenes)}"#, file: "t.json",
            baseDirectory: folder ?? FileManager.default.currentDirectoryPath)
    }

    private func problems(_ scenes: String) -> [String] {
        do {
            _ = try decode(scenes)
            return []
        } catch {
            return error.problems.map(\.description)
        }
    }

    private let flat = ##""layers": [{"id": "bg", "frame": [0, 0, 160, 90], "backgroundColor": "#FF0000"}]"##

    @Test func theCanvasLastsAsLongAsItsScenes() throws {
        let t = try decode(
            #"[{"id": "a", "duration": 3, \#(flat), "transition": {"type": "fade", "duration": 1}}, {"id": "b", "duration": 2, \#(flat)}]"#
        )
        #expect(t.canvas.duration == 4 && t.scenes.map(\.start) == [0, 2])
        #expect(t.scenes[0].transition == SceneTransition(kind: .fade, duration: 1))
        #expect(t.scenes[0].content.model.id == "scene.a" && t.scenes[0].content.model.masksToBounds)
    }

    @Test func badTransitionsAreNamedByPath() {
        let slid = problems(
            #"[{"id": "a", "duration": 2, \#(flat), "transition": {"type": "slid"}}, {"id": "b", "duration": 2, \#(flat)}]"#)
        #expect(slid.count == 1 && slid[0].hasPrefix("scenes[0].transition.type: expected one of") && slid[0].contains("slide"))
        let long = problems(
            #"[{"id": "a", "duration": 2, \#(flat), "transition": {"type": "wipe", "duration": 3}}, {"id": "b", "duration": 4, \#(flat)}]"#
        )
        #expect(long.first?.hasPrefix("scenes[0].transition.duration: expected a transition no longer than either scene") == true)
        let crowded = problems(
            #"""
            [{"id": "a", "duration": 2, \#(flat), "transition": {"type": "fade", "duration": 1}},
             {"id": "b", "duration": 1.5, \#(flat), "transition": {"type": "fade", "duration": 1}},
             {"id": "c", "duration": 2, \#(flat)}]
            """#)
        #expect(
            crowded.first?.hasPrefix("scenes[1].transition.duration: expected transitions into and out of scene \"b\"") == true)
        let last = problems(#"[{"id": "a", "duration": 2, \#(flat), "transition": {"type": "fade"}}]"#)
        #expect(last.first?.hasPrefix("scenes[0].transition: expected no transition on the last scene") == true)
        let direction = problems(
            #"[{"id": "a", "duration": 2, \#(flat), "transition": {"type": "slide", "direction": "left"}}, {"id": "b", "duration": 2, \#(flat)}]"#
        )
        #expect(direction.first?.hasPrefix("scenes[0].transition.direction: expected one of `fromLeft`") == true)
    }

    @Test func aSceneNeedsOneSourceAndInlineLayersADuration() {
        #expect(
            problems(#"[{"id": "a", "duration": 2}]"#).first
                == "scenes[0]: expected one source: `layers`, `timeline` or `video`, found none")
        #expect(
            problems(#"[{"id": "a", \#(flat)}]"#).first
                == "scenes[0]: expected a `duration` for a scene of inline layers, found none")
        #expect(
            problems(#"[{"id": "a", "timeline": "nowhere.json"}]"#).first?.hasPrefix(
                "scenes[0].timeline: expected a timeline or Lottie file that opens") == true)
        #expect(
            problems(#"[{"id": "a", "duration": 1, \#(flat)}, {"id": "a", "duration": 1, \#(flat)}]"#).first?.hasPrefix(
                "scenes[1].id: expected an id unique among the scenes") == true)
    }

    @Test func aTimelineSourceFitsTheCanvasAndLastsItsOwnLength() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reel-scenes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try ##"{"canvas": {"width": 80, "height": 30, "duration": 2.5, "background": "#00FF00"}, "layers": []}"##.write(
            to: folder.appendingPathComponent("intro.json"), atomically: true, encoding: .utf8)
        let t = try decode(#"[{"id": "intro", "timeline": "intro.json"}]"#, in: folder.path)
        #expect(t.canvas.duration == 2.5)
        let stage = t.scenes[0].content.sublayers[0].model
        // 80 x 30 into 160 x 90: scaled by 2, centred.
        #expect(stage.transform == .scale(2, 2) && stage.position == Point(x: 80, y: 45) && stage.masksToBounds)
        #expect(stage.backgroundColor == Color(red: 0, green: 1, blue: 0))
    }
}
