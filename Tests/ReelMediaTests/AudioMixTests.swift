import Foundation
import ReelCore
import ReelTestSupport
import Testing

@testable import ReelMedia

/// Sounds decoded by libavfilter and mixed at their times, volumes and envelopes, checked
/// sample by sample against the sum worked out here.
@Suite struct AudioMixTests {
    static let rate = TestSound.rate

    /// A test sound written to the scratch folder: its path and left samples.
    func wav(_ name: String, seconds: Double, _ value: (Int) -> Int16) throws -> (path: String, samples: [Int16]) {
        let path = scratchPath(name)
        return (path, try TestSound.wav(path, seconds: seconds, value))
    }

    @Test func aClipsSoundAnotherAtHalfVolumeAndAThirdOneSecondLaterSumSampleBySample() throws {
        let a = try wav("a.wav", seconds: 3) { Int16(truncatingIfNeeded: ($0 * 37) % 12000 - 6000) }
        let b = try wav("b.wav", seconds: 3) { Int16(8000 * sin(Double($0) * 0.01)) }
        let c = try wav("c.wav", seconds: 1.5) { Int16(truncatingIfNeeded: ($0 * 13) % 9000 - 4500) }
        let mix = try AudioMix(
            [
                AudioTrack(path: a.path, name: "a"), AudioTrack(path: b.path, name: "b", volume: 0.5),
                AudioTrack(path: c.path, name: "c", start: 1)
            ], offset: 0)
        var out: [Float] = []
        while let samples = try mix.next() { out += samples }
        #expect(out.count / 2 >= 3 * Self.rate)
        var worst = 0.0
        for i in 0..<(3 * Self.rate) {
            let later = i - Self.rate
            let expected =
                Double(a.samples[i]) + 0.5 * Double(b.samples[i])
                + (later >= 0 && later < c.samples.count ? Double(c.samples[later]) : 0)
            worst = max(worst, abs(Double(out[2 * i]) * 32768 - expected))
        }
        #expect(worst <= 1, "worst difference \(worst) of 16-bit steps")
    }

    @Test func aTrackAtTwiceTheSpeedLastsHalfAsLong() throws {
        let a = try wav("fast.wav", seconds: 2) { Int16(6000 * sin(Double($0) * 0.02)) }
        let mix = try AudioMix([AudioTrack(path: a.path, name: "a", speed: 2)], offset: 0)
        var out: [Float] = []
        while let samples = try mix.next() { out += samples }
        #expect(abs(out.count / 2 - Self.rate) < Self.rate / 50)
    }

    /// A mix that starts 1.5 s into the timeline (a piece of a render) holds the same samples
    /// as the whole mix from there, fades and a duck included.
    @Test func aMixStartingLaterIsTheWholeMixFromThere() throws {
        let a = try wav("later-a.wav", seconds: 3) { Int16(7000 * sin(Double($0) * 0.013)) }
        let b = try wav("later-b.wav", seconds: 1) { Int16(truncatingIfNeeded: ($0 * 31) % 8000 - 4000) }
        var music = AudioTrack(path: a.path, name: "a", volume: 0.9)
        (music.fadeIn, music.fadeOut, music.trimStart, music.duck) = (0.4, 0.7, 0.2, AudioDuck(under: ["v"], release: 0.3))
        var voice = AudioTrack(path: b.path, name: "b", start: 1.2)
        voice.id = "v"
        func all(_ offset: Double) throws -> [Float] {
            let mix = try AudioMix([music, voice], offset: offset)
            var out: [Float] = []
            while let samples = try mix.next() { out += samples }
            return out
        }
        let whole = try all(0)
        let later = try all(1.5)
        let skip = 2 * 72000
        #expect(whole.count > skip + 2 * 48000)
        let common = min(later.count, whole.count - skip)
        #expect(common > 2 * 48000)
        #expect(Array(whole[skip..<(skip + common)]) == Array(later[0..<common]))
    }
}
