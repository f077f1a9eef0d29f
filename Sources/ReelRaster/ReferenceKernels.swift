/// Plain per-channel twins of `SpanKernels`, written for clarity, not speed: the reference
/// the SIMD kernels must match byte for byte.
enum ReferenceKernels {
    /// c * f / 255 rounded to nearest, per channel.
    static func scale(_ p: UInt32, by f: UInt32) -> UInt32 {
        var out: UInt32 = 0
        for shift in stride(from: 0, to: 32, by: 8) {
            let c = (p >> UInt32(shift)) & 0xFF
            out |= ((c * f + 127) / 255) << UInt32(shift)
        }
        return out
    }

    static func over(_ s: UInt32, _ d: UInt32) -> UInt32 {
        let inv = 255 - (s >> 24)
        var out: UInt32 = 0
        for shift in stride(from: 0, to: 32, by: 8) {
            let sc = (s >> UInt32(shift)) & 0xFF
            let dc = (d >> UInt32(shift)) & 0xFF
            out |= (sc + (dc * inv + 127) / 255) << UInt32(shift)
        }
        return out
    }

    static func blend(_ dst: UnsafeMutablePointer<UInt32>, count: Int, color: UInt32) {
        for i in 0..<count { dst[i] = over(color, dst[i]) }
    }

    static func blend(_ dst: UnsafeMutablePointer<UInt32>, coverage: UnsafePointer<UInt8>, count: Int, color: UInt32) {
        for i in 0..<count { dst[i] = over(scale(color, by: UInt32(coverage[i])), dst[i]) }
    }

    static func composite(_ dst: UnsafeMutablePointer<UInt32>, source: UnsafePointer<UInt32>, count: Int, opacity: UInt32) {
        for i in 0..<count { dst[i] = over(scale(source[i], by: opacity), dst[i]) }
    }

    static func composite(
        _ dst: UnsafeMutablePointer<UInt32>, source: UnsafePointer<UInt32>, coverage: UnsafePointer<UInt8>,
        count: Int, opacity: UInt32
    ) {
        for i in 0..<count {
            let c = (UInt32(coverage[i]) * opacity + 127) / 255
            dst[i] = over(scale(source[i], by: c), dst[i])
        }
    }

    static func blendUnder(_ dst: UnsafeMutablePointer<UInt32>, count: Int, color: UInt32) {
        for i in 0..<count { dst[i] = over(dst[i], color) }
    }

    static func blendUnder(_ dst: UnsafeMutablePointer<UInt32>, coverage: UnsafePointer<UInt8>, count: Int, color: UInt32) {
        for i in 0..<count { dst[i] = over(dst[i], scale(color, by: UInt32(coverage[i]))) }
    }

    static func extractAlpha(_ src: UnsafePointer<UInt32>, count: Int, into out: UnsafeMutablePointer<UInt8>) {
        for i in 0..<count { out[i] = UInt8(src[i] >> 24) }
    }

    /// The luminance as the page writes it, in floating point, rounded (the kernel's weights are
    /// these in 1/65536, so the two may differ by 1 at a rounding boundary).
    static func extractLuminance(_ src: UnsafePointer<UInt32>, count: Int, into out: UnsafeMutablePointer<UInt8>) {
        for i in 0..<count {
            let p = src[i]
            let l = 0.2126 * Double(p & 0xFF) + 0.7152 * Double(p >> 8 & 0xFF) + 0.0722 * Double(p >> 16 & 0xFF)
            out[i] = UInt8(min(l.rounded(), 255))
        }
    }

    static func invert(_ dst: UnsafeMutablePointer<UInt8>, count: Int) {
        for i in 0..<count { dst[i] = 255 - dst[i] }
    }

    static func multiply(_ dst: UnsafeMutablePointer<UInt8>, by other: UnsafePointer<UInt8>, count: Int) {
        for i in 0..<count { dst[i] = UInt8((UInt32(dst[i]) * UInt32(other[i]) + 127) / 255) }
    }

    static func tint(_ dst: UnsafeMutablePointer<UInt32>, count: Int, factors: UInt32) {
        for i in 0..<count {
            var out: UInt32 = 0
            for shift in stride(from: UInt32(0), to: 32, by: 8) {
                out |= ((((dst[i] >> shift) & 0xFF) * ((factors >> shift) & 0xFF) + 127) / 255) << shift
            }
            dst[i] = out
        }
    }
}
