import ReelCore

/// The average of several pictures of one size, per premultiplied channel:
/// (Σ c_k + n/2) div n over the n pictures added, with the integer sums kept exactly (motion
/// blur's rule). Sums are 16-bit: 64 pictures of 255 fit.
public final class Exposure {
    public let width: Int
    public let height: Int
    private var sums: [UInt16]
    /// Pictures added so far.
    public private(set) var count = 0

    /// The most pictures one exposure averages.
    public static let maximumCount = 64

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
        sums = [UInt16](repeating: 0, count: width * height * 4)
    }

    /// Adds `picture` (this exposure's size) to the sums.
    public func add(_ picture: PixelBuffer) {
        precondition(picture.width == width && picture.height == height && count < Self.maximumCount)
        let rowBytes = width * 4
        sums.withUnsafeMutableBufferPointer { s in
            for y in 0..<height {
                let row = picture.row(y).withMemoryRebound(to: UInt8.self, capacity: rowBytes) { $0 }
                let base = y * rowBytes
                for i in 0..<rowBytes { s[base + i] &+= UInt16(row[i]) }
            }
        }
        count += 1
    }

    /// Writes the average into `picture` (this exposure's size) and starts again.
    public func average(into picture: PixelBuffer) {
        precondition(picture.width == width && picture.height == height && count > 0)
        let rowBytes = width * 4
        let n = UInt64(count)
        let half = n / 2
        // x div n as (x · ⌈2^32 / n⌉) >> 32: exact for every x below 2^14 · 2 (the sums), n ≤ 64.
        let reciprocal = ((1 << 32) + n - 1) / n
        sums.withUnsafeMutableBufferPointer { s in
            for y in 0..<height {
                let row = picture.row(y).withMemoryRebound(to: UInt8.self, capacity: rowBytes) { $0 }
                let base = y * rowBytes
                for i in 0..<rowBytes {
                    row[i] = UInt8(truncatingIfNeeded: ((UInt64(s[base + i]) + half) &* reciprocal) >> 32)
                    s[base + i] = 0
                }
            }
        }
        count = 0
    }
}
