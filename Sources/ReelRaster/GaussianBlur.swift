import ReelCore

/// Gaussian blur of an 8-bit coverage plane, moved by a (possibly fractional) offset at the
/// same time: the shadow kernel. Separable, in integer fixed point so that the SIMD passes
/// and their scalar twins give the same bytes. Weights are the Gaussian sampled at the
/// fractional offset, normalised to 65536; support 3 sigma each side. Sigma is capped at
/// `maximumSigma` pixels, beyond which a shadow is a faint haze anyway and the taps grow costly.
public enum GaussianBlur {
    public static let maximumSigma = 256.0

    /// The taps for one axis: `weights[k]` applies to the input `first + k` pixels before the output.
    public struct Taps: Hashable, Sendable {
        public let first: Int
        public let weights: [UInt32]

        /// Taps of a Gaussian with `sigma` pixels, moved by `shift` pixels.
        public init(sigma requested: Double, shift: Double) {
            let sigma = min(max(requested, 0), GaussianBlur.maximumSigma)
            let bounded = min(max(shift, -1e7), 1e7)
            let whole = bounded.rounded(.down)
            let fraction = bounded - whole
            let radius = max(1, Int((3 * sigma).rounded(.up)))
            var raw: [Double] = []
            if sigma < 0.05 {
                // No blur: linear interpolation of the fractional move.
                raw = [1 - fraction, fraction]
                first = Int(whole)
            } else {
                for k in -radius...(radius + 1) {
                    let d = Double(k) - fraction
                    raw.append(exp(-d * d / (2 * sigma * sigma)))
                }
                first = Int(whole) - radius
            }
            let total = raw.reduce(0, +)
            var w = raw.map { UInt32(($0 / total * 65536).rounded()) }
            // Exactly 65536 in all, so flat areas stay flat: the rounding error goes to the largest tap.
            let error = 65536 - Int(w.reduce(0, +))
            let peak = w.indices.max { w[$0] < w[$1] }!
            w[peak] = UInt32(Int(w[peak]) + error)
            weights = w
        }
    }

    /// Blurs and moves `source`, writing a plane over `region` (source pixels outside its own region count as 0).
    public static func apply(
        _ source: CoverageMask, region: PixelRect, horizontal: Taps, vertical: Taps,
        reference: Bool = false
    ) -> CoverageMask {
        let out = CoverageMask(region: region)
        guard !region.isEmpty else { return out }
        let src = source.region
        // Rows of the intermediate plane: every source row the vertical taps reach for the output rows.
        let rowStart = region.y - vertical.first - (vertical.weights.count - 1)
        let rowEnd = region.y + region.height - vertical.first
        let rows = rowEnd - rowStart
        let width = region.width
        var middle = [UInt32](repeating: 0, count: rows * width)
        // Padded copy of one source row, widened to 32 bits, for the horizontal pass.
        let reach = horizontal.weights.count - 1
        var padded = [UInt32](repeating: 0, count: width + reach + 8)
        middle.withUnsafeMutableBufferPointer { mid in
            padded.withUnsafeMutableBufferPointer { pad in
                for r in 0..<rows {
                    let y = rowStart + r
                    guard y >= src.y, y < src.maxY else { continue }
                    // pad[j] holds input x = region.x - horizontal.first - reach + j; zero outside the source.
                    let x0 = region.x - horizontal.first - reach
                    let line = source.row(y)
                    let from = max(x0, src.x)
                    let to = min(x0 + width + reach, src.maxX)
                    pad.baseAddress!.update(repeating: 0, count: width + reach)
                    if from < to {
                        for x in from..<to { pad[x - x0] = UInt32(line[x - src.x]) }
                    }
                    let dst = mid.baseAddress! + r * width
                    if reference {
                        horizontalReference(pad.baseAddress!, horizontal.weights, width, dst)
                    } else {
                        horizontalPass(pad.baseAddress!, horizontal.weights, width, dst)
                    }
                }
                for y in 0..<region.height {
                    // Output row y reads intermediate rows (y - vertical.first - k) for tap k.
                    let top = mid.baseAddress! + (region.y + y - vertical.first - (vertical.weights.count - 1) - rowStart) * width
                    if reference {
                        verticalReference(top, width, vertical.weights, width, out.row(region.y + y))
                    } else {
                        verticalPass(top, width, vertical.weights, width, out.row(region.y + y))
                    }
                }
            }
        }
        return out
    }

    /// dst[x] = sum over k of w[k] * pad[x + reach - k], shifted down 8 bits (16-bit result).
    static func horizontalPass(_ pad: UnsafePointer<UInt32>, _ w: [UInt32], _ width: Int, _ dst: UnsafeMutablePointer<UInt32>) {
        let reach = w.count - 1
        var x = 0
        while x + PixelLanes.width <= width {
            var acc = PixelLanes.Vector(repeating: 128)
            for k in 0...reach {
                acc &+= PixelLanes.load(pad + x + reach - k) &* PixelLanes.Vector(repeating: w[k])
            }
            PixelLanes.store(acc &>> 8, dst + x)
            x += PixelLanes.width
        }
        while x < width {
            var acc: UInt32 = 128
            for k in 0...reach { acc &+= pad[x + reach - k] &* w[k] }
            dst[x] = acc >> 8
            x += 1
        }
    }

    /// out[x] = sum over k of w[k] * mid[row reach - k][x], rounded down 24 bits to 8.
    static func verticalPass(
        _ top: UnsafePointer<UInt32>, _ stride: Int, _ w: [UInt32], _ width: Int, _ out: UnsafeMutablePointer<UInt8>
    ) {
        let reach = w.count - 1
        var x = 0
        while x + PixelLanes.width <= width {
            var acc = PixelLanes.Vector(repeating: 1 << 23)
            for k in 0...reach {
                acc &+= PixelLanes.load(top + (reach - k) * stride + x) &* PixelLanes.Vector(repeating: w[k])
            }
            let bytes = SIMD8<UInt8>(truncatingIfNeeded: acc &>> 24)
            UnsafeMutableRawPointer(out + x).storeBytes(of: bytes, as: SIMD8<UInt8>.self)
            x += PixelLanes.width
        }
        while x < width {
            var acc: UInt32 = 1 << 23
            for k in 0...reach { acc &+= top[(reach - k) * stride + x] &* w[k] }
            out[x] = UInt8(acc >> 24)
            x += 1
        }
    }

    static func horizontalReference(
        _ pad: UnsafePointer<UInt32>, _ w: [UInt32], _ width: Int, _ dst: UnsafeMutablePointer<UInt32>
    ) {
        for x in 0..<width {
            var sum: UInt64 = 0
            for k in 0..<w.count { sum += UInt64(pad[x + w.count - 1 - k]) * UInt64(w[k]) }
            dst[x] = UInt32((sum + 128) / 256)
        }
    }

    static func verticalReference(
        _ top: UnsafePointer<UInt32>, _ stride: Int, _ w: [UInt32], _ width: Int, _ out: UnsafeMutablePointer<UInt8>
    ) {
        for x in 0..<width {
            var sum: UInt64 = 0
            for k in 0..<w.count { sum += UInt64(top[(w.count - 1 - k) * stride + x]) * UInt64(w[k]) }
            out[x] = UInt8((sum + (1 << 23)) >> 24)
        }
    }
}

#if canImport(Glibc)
    import Glibc
#endif
