import Foundation
import ReelCore
import ReelTestSupport
import Testing

@testable import ReelMedia

/// Sounds mixed by libavfilter at their times and volumes, checked sample by sample against
/// the sum worked out here.
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
            ], offset: 0, rate: Self.rate, channels: 2)
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
        let mix = try AudioMix([AudioTrack(path: a.path, name: "a", speed: 2)], offset: 0, rate: Self.rate, channels: 2)
        var out: [Float] = []
        while let samples = try mix.next() { out += samples }
        #expect(abs(out.count / 2 - Self.rate) < Self.rate / 50)
    }
}
