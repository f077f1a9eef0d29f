/// The one lane-type file: every SIMD kernel works on `PixelLanes.Vector`, eight packed
/// premultiplied RGBA pixels (one per 32-bit lane), so the whole raster changes width here.
/// Arithmetic splits each pixel into its even (R, B) and odd (G, A) bytes, two 16-bit
/// products per lane, which keeps every operation a plain 32-bit vector instruction.
public enum PixelLanes {
    public typealias Vector = SIMD8<UInt32>
    public static let width = Vector.scalarCount

    @inlinable @inline(__always)
    static func load(_ p: UnsafePointer<UInt32>) -> Vector {
        UnsafeRawPointer(p).loadUnaligned(as: Vector.self)
    }

    @inlinable @inline(__always)
    static func store(_ v: Vector, _ p: UnsafeMutablePointer<UInt32>) {
        UnsafeMutableRawPointer(p).storeBytes(of: v, as: Vector.self)
    }

    /// Eight 8-bit coverages widened to one per lane.
    @inlinable @inline(__always)
    static func loadCoverage(_ p: UnsafePointer<UInt8>) -> Vector {
        Vector(truncatingIfNeeded: UnsafeRawPointer(p).loadUnaligned(as: SIMD8<UInt8>.self))
    }

    /// Each channel times `f` (0...255 per lane) / 255, rounded to nearest.
    @inlinable @inline(__always)
    static func scale(_ p: Vector, by f: Vector) -> Vector {
        let mask: Vector = Vector(repeating: 0x00FF_00FF)
        let bias: Vector = Vector(repeating: 0x0080_0080)
        var rb = (p & mask) &* f &+ bias
        var ga = ((p &>> 8) & mask) &* f &+ bias
        rb = ((rb &+ ((rb &>> 8) & mask)) &>> 8) & mask
        ga = ((ga &+ ((ga &>> 8) & mask)) &>> 8) & mask
        return rb | (ga &<< 8)
    }

    /// One 8-bit value per lane times `f` / 255, rounded to nearest (for combining coverages).
    @inlinable @inline(__always)
    static func scaleChannel(_ v: Vector, by f: Vector) -> Vector {
        let x = v &* f &+ Vector(repeating: 128)
        return (x &+ (x &>> 8)) &>> 8
    }

    /// Each channel of `a` mixed toward `b` by `t` (0...256 per lane): (a (256 - t) + b t) / 256, rounded.
    @inlinable @inline(__always)
    static func mix(_ a: Vector, _ b: Vector, _ t: Vector) -> Vector {
        let mask = Vector(repeating: 0x00FF_00FF)
        let bias = Vector(repeating: 0x0080_0080)
        let s = Vector(repeating: 256) &- t
        let rb = (((a & mask) &* s &+ (b & mask) &* t &+ bias) &>> 8) & mask
        let ga = ((((a &>> 8) & mask) &* s &+ ((b &>> 8) & mask) &* t &+ bias) &>> 8) & mask
        return rb | (ga &<< 8)
    }

    /// The alpha byte of each pixel.
    @inlinable @inline(__always)
    static func alpha(_ p: Vector) -> Vector { p &>> 24 }

    /// Porter-Duff source-over on premultiplied pixels: s + d * (1 - sa).
    @inlinable @inline(__always)
    static func over(_ s: Vector, _ d: Vector) -> Vector {
        s &+ scale(d, by: Vector(repeating: 255) &- alpha(s))
    }

    /// `plusLighter` on premultiplied pixels: each channel s + d, at most 255.
    @inlinable @inline(__always)
    static func plus(_ s: Vector, _ d: Vector) -> Vector {
        let mask = Vector(repeating: 0x00FF_00FF)
        let carry = Vector(repeating: 0x0001_0001)
        let rb = (s & mask) &+ (d & mask)
        let ga = ((s &>> 8) & mask) &+ ((d &>> 8) & mask)
        // A lane that carried into bit 8 saturates to 255.
        let rbs = (rb | ((rb &>> 8) & carry) &* 0xFF) & mask
        let gas = (ga | ((ga &>> 8) & carry) &* 0xFF) & mask
        return rbs | (gas &<< 8)
    }
}
