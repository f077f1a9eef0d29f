/// The scalar maths of one premultiplied RGBA pixel: the reference the SIMD kernels are
/// tested against, and the tail loop of each kernel. Same formulas as `PixelLanes`.
public enum ScalarPixel {
    /// Each channel times `f` (0...255) / 255, rounded to nearest.
    @inlinable @inline(__always)
    public static func scale(_ p: UInt32, by f: UInt32) -> UInt32 {
        var rb = (p & 0x00FF_00FF) &* f &+ 0x0080_0080
        var ga = ((p >> 8) & 0x00FF_00FF) &* f &+ 0x0080_0080
        rb = ((rb &+ ((rb >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
        ga = ((ga &+ ((ga >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
        return rb | (ga << 8)
    }

    /// One 8-bit value times `f` / 255, rounded to nearest.
    @inline(__always) @usableFromInline
    static func scaleChannel(_ v: UInt32, by f: UInt32) -> UInt32 {
        let x = v &* f &+ 128
        return (x &+ (x >> 8)) >> 8
    }

    /// Each channel of `a` mixed toward `b` by `t` (0...256), rounded.
    @inline(__always) @usableFromInline
    static func mix(_ a: UInt32, _ b: UInt32, _ t: UInt32) -> UInt32 {
        let s: UInt32 = 256 - t
        let mask: UInt32 = 0x00FF_00FF
        let bias: UInt32 = 0x0080_0080
        let rbSum: UInt32 = (a & mask) &* s &+ (b & mask) &* t &+ bias
        let gaSum: UInt32 = ((a >> 8) & mask) &* s &+ ((b >> 8) & mask) &* t &+ bias
        return ((rbSum >> 8) & mask) | (((gaSum >> 8) & mask) << 8)
    }

    /// Porter-Duff source-over: s + d * (1 - sa).
    @inlinable @inline(__always)
    public static func over(_ s: UInt32, _ d: UInt32) -> UInt32 {
        s &+ scale(d, by: 255 - (s >> 24))
    }

    /// `plusLighter`: each channel s + d, at most 255.
    @inlinable @inline(__always)
    public static func plus(_ s: UInt32, _ d: UInt32) -> UInt32 {
        let rb = (s & 0x00FF_00FF) &+ (d & 0x00FF_00FF)
        let ga = ((s >> 8) & 0x00FF_00FF) &+ ((d >> 8) & 0x00FF_00FF)
        // A lane that carried into bit 8 saturates to 255.
        let rbs = (rb | ((rb >> 8) & 0x0001_0001) &* 0xFF) & 0x00FF_00FF
        let gas = (ga | ((ga >> 8) & 0x0001_0001) &* 0xFF) & 0x00FF_00FF
        return rbs | (gas << 8)
    }
}
