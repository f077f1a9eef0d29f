import Foundation
import ReelCore
import Testing

@testable import ReelMedia

/// Sounds mixed by libavfilter at their times and volumes, checked sample by sample against
/// the sum worked out here.
@Suite struct AudioMixTests {
    static let rate = 48000

    /// A 16-bit stereo WAV of `seconds` whose left and right samples are `value(i)` and `-value(i)`.
    func wav(_ name: String, seconds: Double, _ value: (Int) -> Int16) throws -> (path: String, samples: [Int16]) {
        let count = Int(seconds * Double(Self.rate))
        let samples = (0..<count).map(value)
        var data = Data()
        func u32(_ v: UInt32) { withUnsafeBytes(of: v.littleEndian) { data.append(contentsOf: $0) } }
        func u16(_ v: UInt16) { withUnsafeBytes(of: v.littleEndian) { data.append(contentsOf: $0) } }
        data.append(contentsOf: Array("RIFF".utf8))
        u32(UInt32(36 + count * 4))
        data.append(contentsOf: Array("WAVEfmt ".utf8))
        u32(16)
        u16(1)
        u16(2)
        u32(UInt32(Self.rate))
        u32(UInt32(Self.rate * 4))
        u16(4)
        u16(16)
        data.append(contentsOf: Array("data".utf8))
        u32(UInt32(count * 4))
        for s in samples {
            u16(UInt16(bitPattern: s))
            u16(UInt16(bitPattern: s == .min ? .max : -s))
        }
        let path = scratchPath(name)
        try data.write(to: URL(fileURLWithPath: path))
        return (path, samples)
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
