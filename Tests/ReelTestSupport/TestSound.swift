import Foundation

/// Test sounds whose every sample is known: 16-bit stereo WAV files written here, the right
/// channel the negated left, so a mix can be checked sample by sample.
public enum TestSound {
    /// The rate every test sound has.
    public static let rate = 48000

    /// Writes a WAV of `seconds` at `path` whose left and right samples are `value(i)` and
    /// `-value(i)`; returns the left samples.
    @discardableResult
    public static func wav(_ path: String, seconds: Double, _ value: (Int) -> Int16) throws -> [Int16] {
        let count = Int(seconds * Double(rate))
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
        u32(UInt32(rate))
        u32(UInt32(rate * 4))
        u16(4)
        u16(16)
        data.append(contentsOf: Array("data".utf8))
        u32(UInt32(count * 4))
        for s in samples {
            u16(UInt16(bitPattern: s))
            u16(UInt16(bitPattern: s == .min ? .max : -s))
        }
        try data.write(to: URL(fileURLWithPath: path))
        return samples
    }
}
