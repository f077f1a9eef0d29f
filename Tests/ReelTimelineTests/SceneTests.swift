import ReelCore
import ReelLayers
import ReelTestSupport
import Testing

@testable import ReelTimeline

/// Scenes end to end: each starts where the one before ends less their transition; which
/// show at a time, and the transition's progress through its timing function.
@Suite struct SceneTests {
    private func scene(_ id: String, _ duration: Double, _ transition: SceneTransition? = nil) -> Scene {
        Scene(id: id, content: AnimatedLayer(model: Layer(id: "scene.\(id)")), duration: duration, transition: transition)
    }

    private func timeline(_ scenes: [Scene]) -> Timeline {
        var t = Timeline(name: "t", canvas: Canvas(width: 10, height: 10, duration: 10), layers: [])
        t.scenes = Timeline.placed(scenes)
        return t
    }

    @Test func scenesOverlapByTheirTransitions() {
        let t = timeline([
            scene("a", 3, SceneTransition(kind: .fade, duration: 1)), scene("b", 2, SceneTransition(kind: .slide)), scene("c", 4)
        ])
        #expect(t.scenes.map(\.start) == [0, 2, 3.5])
        #expect(Timeline.length(of: t.scenes) == 7.5)
        #expect(t.scenes[1].content.timing.beginTime == 2)
        #expect(t.showingScenes(at: 1) == [0])
        #expect(t.showingScenes(at: 2.5) == [0, 1])
        #expect(t.showingScenes(at: 3.7) == [1, 2])
        #expect(t.showingScenes(at: 7.5) == [2])
    }

    @Test func progressFollowsTheTimingFunction() {
        let ease = TimingFunction(0.42, 0, 0.58, 1)
        let t = timeline([scene("a", 2, SceneTransition(kind: .wipe, duration: 1, timingFunction: ease)), scene("b", 2)])
        let (k, p) = t.transition(at: 1.25)!
        #expect(k == 0 && abs(p - ease.value(at: 0.25)) < 1e-12)
        #expect(t.transition(at: 0.99) == nil && t.transition(at: 2) == nil)
    }

    @Test func aCutShowsTheIncomingSceneFromTheOverlapsStart() {
        let t = timeline([scene("a", 2, SceneTransition(kind: .none, duration: 1)), scene("b", 2)])
        #expect(t.showingScenes(at: 0.9) == [0])
        #expect(t.showingScenes(at: 1) == [1])
        #expect(t.transition(at: 1.5) == nil)
        #expect(t.presentation(at: 1.5).sublayers.map(\.id) == ["scene.b"])
    }
}
