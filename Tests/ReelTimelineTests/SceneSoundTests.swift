import ReelCore
import ReelLayers
import ReelTestSupport
import Testing

@testable import ReelTimeline

/// Scenes' sounds play while the scene shows and cross-fade linearly over an overlap, or cut.
@Suite struct SceneSoundTests {
    /// Three scenes of 4 s: a clip in the first, a music track (its timeline's `audio`) in the
    /// second, a clip in the third; fades of 1 s, the second transition with `"sound": "cut"`.
    private func timeline(cut: Bool) -> Timeline {
        func clip(_ id: String) -> AnimatedLayer {
            var player = Layer(id: "video")
            player.layerClass = .playerLayer
            player.player.player = id
            return AnimatedLayer(model: Layer(id: "scene.\(id)"), sublayers: [AnimatedLayer(model: player)])
        }
        var music = Scene(
            id: "b", content: AnimatedLayer(model: Layer(id: "scene.b")), duration: 4,
            transition: SceneTransition(kind: .wipe, duration: 1, cutsSound: cut))
        var track = AudioTrack(path: "/music.m4a", name: "audio")
        track.start = -1
        music.sounds = [track]
        var t = Timeline(
            name: "t", canvas: Canvas(width: 10, height: 10, duration: 10), assets: ["a": "/a.mp4", "c": "/c.mp4"], layers: [])
        t.scenes = Timeline.placed([
            Scene(id: "a", content: clip("a"), duration: 4, transition: SceneTransition(kind: .fade, duration: 1)), music,
            Scene(id: "c", content: clip("c"), duration: 4)
        ])
        return t
    }

    @Test func soundsCrossFadeOverTheOverlaps() {
        let t = timeline(cut: false)
        let clips = t.scenePlayerSounds
        #expect(clips.map(\.path) == ["/a.mp4", "/c.mp4"])
        #expect(clips[0].start == 0 && clips[0].duration == 4 && clips[0].fadeIn == 0 && clips[0].fadeOut == 1)
        #expect(clips[1].start == 6 && clips[1].duration == 4 && clips[1].fadeIn == 1 && clips[1].fadeOut == 0)
        // The music starts a second before its scene: that second is cut from the file; it fades in and out.
        let music = t.sceneSounds
        #expect(music.count == 1)
        #expect(music[0].start == 3 && music[0].trimStart == 1 && music[0].duration == 4)
        #expect(music[0].fadeIn == 1 && music[0].fadeOut == 1)
    }

    @Test func aCutStopsTheOutgoingSoundWhereTheOverlapStarts() {
        let t = timeline(cut: true)
        let music = t.sceneSounds[0]
        #expect(music.start == 3 && music.duration == 3 && music.fadeOut == 0)
        let incoming = t.scenePlayerSounds[1]
        #expect(incoming.start == 6 && incoming.fadeIn == 0)
        #expect(t.sounds(hasSound: { _ in true }).count == 3)
    }
}
