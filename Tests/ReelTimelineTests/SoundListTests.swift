import ReelCore
import ReelTestSupport
import Testing

@testable import ReelFormat
@testable import ReelTimeline

/// The timeline's `audio` as one sound or a list (the extensions page, "Sound"): every key
/// read with its default, ducks under sounds and player layers checked by name.
@Suite struct SoundListTests {
    static let head =
        #"{"canvas": {"width": 64, "height": 48, "duration": 1}, "assets": {"a": {"path": "a.wav"}, "c": {"path": "c.mov"}}, "#

    func problems(_ text: String) -> String {
        do {
            _ = try Timeline.decode(Self.head + text, file: "t.json")
            return ""
        } catch { return "\(error)" }
    }

    @Test func aListReadsEveryKeyAndTheDuckDefaults() throws {
        let t = try Timeline.decode(
            Self.head
                + #""audio": [{"id": "music", "asset": "a", "start": 0.5, "volume": 0.7, "fadeIn": 1, "fadeOut": 2, "trimStart": 3, "duration": 4, "duck": {}},"#
                + #"{"id": "voice", "asset": "a"}], "layers": []}"#)
        #expect(t.audio.count == 2)
        let m = t.audio[0]
        #expect(m.id == "music" && m.start == 0.5 && m.volume == 0.7 && m.fadeIn == 1 && m.fadeOut == 2)
        #expect(m.trimStart == 3 && m.duration == 4)
        #expect(m.duck == AudioDuck(under: ["voice"], level: -12, attack: 0.2, release: 0.5))
        #expect(t.audio[1].duck == nil && t.audio[1].fadeIn == 0 && t.audio[1].duration == nil)
        // One sound, as before, is a list of one.
        let one = try Timeline.decode(Self.head + #""audio": {"asset": "a", "volume": 2}, "layers": []}"#)
        #expect(one.audio.count == 1 && one.audio[0].volume == 2 && one.audio[0].id == nil)
    }

    @Test func aDuckMayGoUnderAPlayerLayersIdPath() throws {
        let t = try Timeline.decode(
            Self.head + #""audio": [{"asset": "a", "duck": {"under": ["group/clip"], "level": -20}}],"#
                + #""layers": [{"id": "group", "sublayers": [{"id": "clip", "class": "AVPlayerLayer", "player": "c"}]}]}"#)
        #expect(t.audio[0].duck?.under == ["group/clip"])
        #expect(t.playerSounds.map(\.id) == ["group/clip"])
    }

    @Test func badListsAreRefusedWithTheirPaths() {
        #expect(
            problems(#""audio": [{"asset": "a", "duck": {"under": []}}], "layers": []}"#).contains(
                "audio[0].duck.under: expected the ids of the sounds or player layers to duck under, found an empty list"))
        #expect(
            problems(#""audio": [{"asset": "a", "duck": {"level": 3}}], "layers": []}"#).contains(
                "audio[0].duck.level: expected a gain in dB, -120...0"))
        #expect(
            problems(#""audio": [{"asset": "a", "fadeIn": -1}], "layers": []}"#).contains(
                "audio[0].fadeIn: expected seconds of fade-in, 0...86400"))
        #expect(
            problems(#""audio": [{"asset": "a", "duration": 0}], "layers": []}"#).contains(
                "audio[0].duration: expected the seconds played, 0.001...86400"))
        #expect(
            problems(#""audio": [{"asset": "a", "id": ""}], "layers": []}"#).contains("audio[0].id: expected a non-empty id"))
        // The default `under` is ["voice"]: no sound has that id here.
        #expect(
            problems(#""audio": [{"asset": "a", "duck": {}}], "layers": []}"#).contains(
                "audio[0].duck.under: expected the id of a sound or the id path of an AVPlayerLayer, found \"voice\""))
    }
}
