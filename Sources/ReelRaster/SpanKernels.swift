/// The compositing kernels: each works on one horizontal run of premultiplied RGBA pixels,
/// eight lanes at a time with a scalar tail. `ReferenceKernels` holds the per-channel twin
/// of each, which tests hold them to byte for byte.
public enum SpanKernels {
    /// Stores `color` into every pixel (an opaque fill needs no blending).
    @inlinable
    public static func fill(_ dst: UnsafeMutablePointer<UInt32>, count: Int, color: UInt32) {
        dst.update(repeating: color, count: count)
    }

    /// `color` over every pixel.
    @inlinable
    public static func blend(_ dst: UnsafeMutablePointer<UInt32>, count: Int, color: UInt32) {
        let s = PixelLanes.Vector(repeating: color)
        var i = 0
        while i + PixelLanes.width <= count {
            PixelLanes.store(PixelLanes.over(s, PixelLanes.load(dst + i)), dst + i)
            i += PixelLanes.width
        }
        while i < count {
            dst[i] = ScalarPixel.over(color, dst[i])
            i += 1
        }
    }

    /// `color` scaled by each pixel's coverage (0...255), over the pixel.
    @inlinable
    public static func blend(_ dst: UnsafeMutablePointer<UInt32>, coverage: UnsafePointer<UInt8>, count: Int, color: UInt32) {
        let s = PixelLanes.Vector(repeating: color)
        var i = 0
        while i + PixelLanes.width <= count {
            let c = PixelLanes.loadCoverage(coverage + i)
            PixelLanes.store(PixelLanes.over(PixelLanes.scale(s, by: c), PixelLanes.load(dst + i)), dst + i)
            i += PixelLanes.width
        }
        while i < count {
            dst[i] = ScalarPixel.over(ScalarPixel.scale(color, by: UInt32(coverage[i])), dst[i])
            i += 1
        }
    }

    /// Each source pixel scaled by `opacity` (0...255), over the destination pixel.
    @inlinable
    public static func composite(_ dst: UnsafeMutablePointer<UInt32>, source: UnsafePointer<UInt32>, count: Int, opacity: UInt32)
    {
        let f = PixelLanes.Vector(repeating: opacity)
        var i = 0
        while i + PixelLanes.width <= count {
            PixelLanes.store(
                PixelLanes.over(PixelLanes.scale(PixelLanes.load(source + i), by: f), PixelLanes.load(dst + i)), dst + i)
            i += PixelLanes.width
        }
        while i < count {
            dst[i] = ScalarPixel.over(ScalarPixel.scale(source[i], by: opacity), dst[i])
            i += 1
        }
    }

    /// Each source pixel scaled by its coverage (0...255) and by `opacity` (0...255), over the
    /// destination pixel: a clipped, faded group landing on what is below it.
    @inlinable
    public static func composite(
        _ dst: UnsafeMutablePointer<UInt32>, source: UnsafePointer<UInt32>, coverage: UnsafePointer<UInt8>,
        count: Int, opacity: UInt32
    ) {
        let f = PixelLanes.Vector(repeating: opacity)
        var i = 0
        while i + PixelLanes.width <= count {
            let c = PixelLanes.scaleChannel(PixelLanes.loadCoverage(coverage + i), by: f)
            PixelLanes.store(
                PixelLanes.over(PixelLanes.scale(PixelLanes.load(source + i), by: c), PixelLanes.load(dst + i)), dst + i)
            i += PixelLanes.width
        }
        while i < count {
            let c = ScalarPixel.scaleChannel(UInt32(coverage[i]), by: opacity)
            dst[i] = ScalarPixel.over(ScalarPixel.scale(source[i], by: c), dst[i])
            i += 1
        }
    }

    /// `color` scaled by each pixel's coverage, slid under the pixel (destination-over): what
    /// a shadow does beneath a layer's picture.
    @inlinable
    public static func blendUnder(_ dst: UnsafeMutablePointer<UInt32>, coverage: UnsafePointer<UInt8>, count: Int, color: UInt32)
    {
        let s = PixelLanes.Vector(repeating: color)
        var i = 0
        while i + PixelLanes.width <= count {
            let c = PixelLanes.loadCoverage(coverage + i)
            PixelLanes.store(PixelLanes.over(PixelLanes.load(dst + i), PixelLanes.scale(s, by: c)), dst + i)
            i += PixelLanes.width
        }
        while i < count {
            dst[i] = ScalarPixel.over(dst[i], ScalarPixel.scale(color, by: UInt32(coverage[i])))
            i += 1
        }
    }

    /// `color` slid under every pixel (destination-over): a background beneath a finished picture.
    @inlinable
    public static func blendUnder(_ dst: UnsafeMutablePointer<UInt32>, count: Int, color: UInt32) {
        let s = PixelLanes.Vector(repeating: color)
        var i = 0
        while i + PixelLanes.width <= count {
            PixelLanes.store(PixelLanes.over(PixelLanes.load(dst + i), s), dst + i)
            i += PixelLanes.width
        }
        while i < count {
            dst[i] = ScalarPixel.over(dst[i], color)
            i += 1
        }
    }

    /// The part of a run between its first and last pixel that is not fully transparent
    /// (empty when all are): what compositing the run has to touch.
    @inlinable
    public static func visibleRange(_ src: UnsafePointer<UInt32>, count: Int) -> Range<Int> {
        var lo = 0
        var hi = count
        while lo + 2 <= hi, UnsafeRawPointer(src + lo).loadUnaligned(as: UInt64.self) == 0 { lo += 2 }
        while lo < hi, src[lo] == 0 { lo += 1 }
        while hi - 2 >= lo, UnsafeRawPointer(src + hi - 2).loadUnaligned(as: UInt64.self) == 0 { hi -= 2 }
        while hi > lo, src[hi - 1] == 0 { hi -= 1 }
        return lo..<hi
    }

    /// The part of a run from its first pixel that is not opaque to its last (empty when all
    /// are opaque): where something slid under the run can show.
    @inlinable
    public static func translucentRange(_ src: UnsafePointer<UInt32>, count: Int) -> Range<Int> {
        var lo = 0
        var hi = count
        while lo < hi, src[lo] >> 24 == 255 { lo += 1 }
        while hi > lo, src[hi - 1] >> 24 == 255 { hi -= 1 }
        return lo..<hi
    }

    /// The alpha of each pixel, as coverage.
    @inlinable
    public static func extractAlpha(_ src: UnsafePointer<UInt32>, count: Int, into out: UnsafeMutablePointer<UInt8>) {
        var i = 0
        while i + PixelLanes.width <= count {
            let a = SIMD8<UInt8>(truncatingIfNeeded: PixelLanes.alpha(PixelLanes.load(src + i)))
            UnsafeMutableRawPointer(out + i).storeBytes(of: a, as: SIMD8<UInt8>.self)
            i += PixelLanes.width
        }
        while i < count {
            out[i] = UInt8(src[i] >> 24)
            i += 1
        }
    }

    /// Weights of R, G and B in a luminance, in 1/65536 (0.2126, 0.7152, 0.0722; they sum to 65536).
    public static let lumaWeights: (red: UInt32, green: UInt32, blue: UInt32) = (13933, 46871, 4732)

    /// Each pixel's luminance as coverage: 0.2126 R + 0.7152 G + 0.0722 B of its premultiplied
    /// bytes, rounded to nearest (Skia's luma colour filter; `maskMode` luminance).
    public static func extractLuminance(_ src: UnsafePointer<UInt32>, count: Int, into out: UnsafeMutablePointer<UInt8>) {
        let (wr, wg, wb) = lumaWeights
        var i = 0
        while i + PixelLanes.width <= count {
            let p = PixelLanes.load(src + i)
            let byte = PixelLanes.Vector(repeating: 0xFF)
            let sum = (p & byte) &* wr &+ ((p &>> 8) & byte) &* wg &+ ((p &>> 16) & byte) &* wb &+ 32768
            let l = SIMD8<UInt8>(truncatingIfNeeded: sum &>> 16)
            UnsafeMutableRawPointer(out + i).storeBytes(of: l, as: SIMD8<UInt8>.self)
            i += PixelLanes.width
        }
        while i < count {
            let p = src[i]
            out[i] = UInt8(((p & 0xFF) * wr + (p >> 8 & 0xFF) * wg + (p >> 16 & 0xFF) * wb + 32768) >> 16)
            i += 1
        }
    }

    /// Each coverage c becomes 255 − c (an inverted mask).
    public static func invert(_ dst: UnsafeMutablePointer<UInt8>, count: Int) {
        var i = 0
        while i + 16 <= count {
            let c = UnsafeRawPointer(dst + i).loadUnaligned(as: SIMD16<UInt8>.self)
            UnsafeMutableRawPointer(dst + i).storeBytes(of: SIMD16<UInt8>(repeating: 255) &- c, as: SIMD16<UInt8>.self)
            i += 16
        }
        while i < count {
            dst[i] = 255 - dst[i]
            i += 1
        }
    }

    /// Coverage times coverage (clip meets mask), rounded to nearest.
    @inlinable
    public static func multiply(_ dst: UnsafeMutablePointer<UInt8>, by other: UnsafePointer<UInt8>, count: Int) {
        var i = 0
        while i + PixelLanes.width <= count {
            let m = PixelLanes.scaleChannel(PixelLanes.loadCoverage(dst + i), by: PixelLanes.loadCoverage(other + i))
            UnsafeMutableRawPointer(dst + i).storeBytes(of: SIMD8<UInt8>(truncatingIfNeeded: m), as: SIMD8<UInt8>.self)
            i += PixelLanes.width
        }
        while i < count {
            dst[i] = UInt8(ScalarPixel.scaleChannel(UInt32(dst[i]), by: UInt32(other[i])))
            i += 1
        }
    }

    /// Each channel times its own factor (`factors`: one byte per channel, 0...255, packed as
    /// a pixel), rounded to nearest: a replicator copy's colour multiplier on premultiplied pixels.
    @inlinable
    public static func tint(_ dst: UnsafeMutablePointer<UInt32>, count: Int, factors: UInt32) {
        let byte = PixelLanes.Vector(repeating: 0xFF)
        let f = (0..<4).map { PixelLanes.Vector(repeating: (factors >> UInt32(8 * $0)) & 0xFF) }
        var i = 0
        while i + PixelLanes.width <= count {
            let p = PixelLanes.load(dst + i)
            var out = PixelLanes.Vector(repeating: 0)
            for c in 0..<4 {
                let shift = PixelLanes.Vector(repeating: UInt32(8 * c))
                out |= PixelLanes.scaleChannel((p &>> shift) & byte, by: f[c]) &<< shift
            }
            PixelLanes.store(out, dst + i)
            i += PixelLanes.width
        }
        while i < count {
            var out: UInt32 = 0
            for c in 0..<4 {
                let shift = UInt32(8 * c)
                out |= ScalarPixel.scaleChannel((dst[i] >> shift) & 0xFF, by: (factors >> shift) & 0xFF) << shift
            }
            dst[i] = out
            i += 1
        }
    }
}
