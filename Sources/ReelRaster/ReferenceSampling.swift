import ReelCore

/// Per-channel twins of `SamplingKernels`, written for clarity: what the SIMD kernels are
/// tested against (internal: tests reach it with `@testable import`).
enum ReferenceSampling {
    static func mix(_ a: UInt32, _ b: UInt32, _ t: UInt32) -> UInt32 {
        var out: UInt32 = 0
        for shift: UInt32 in [0, 8, 16, 24] {
            out |= (((a >> shift & 0xFF) * (256 - t) + (b >> shift & 0xFF) * t + 128) >> 8) << shift
        }
        return out
    }

    static func bilinear(_ image: PixelBuffer, _ s: SampleSpan, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        for i in 0..<count {
            let p = { (x: Int32, y: Int32) in image.row(Int(y))[Int(x)] }
            let top = mix(p(s.x0[i], s.y0[i]), p(s.x1[i], s.y0[i]), s.wx[i])
            let bottom = mix(p(s.x0[i], s.y1[i]), p(s.x1[i], s.y1[i]), s.wx[i])
            out[i] = mix(top, bottom, s.wy[i])
        }
    }

    static func mix(_ a: UnsafeMutablePointer<UInt32>, _ b: UnsafePointer<UInt32>, count: Int, t: UInt32) {
        for i in 0..<count { a[i] = mix(a[i], b[i], t) }
    }

    /// The twin of `SamplingKernels.bilinear(_:walk:count:into:)`, one pixel at a time.
    static func bilinear(
        _ image: PixelBuffer, walk w: SamplingKernels.Walk, count: Int, into out: UnsafeMutablePointer<UInt32>
    ) {
        for i in 0..<count {
            let u = Int(w.u) + i * Int(w.du)
            let v = Int(w.v) + i * Int(w.dv)
            let clampX = { (x: Int) in min(max(x, Int(w.minX)), Int(w.maxX)) }
            let clampY = { (y: Int) in min(max(y, Int(w.minY)), Int(w.maxY)) }
            let (ix, iy) = (u >> 16, v >> 16)
            let fx = UInt32(((u & 0xFFFF) + 128) >> 8)
            let fy = UInt32(((v & 0xFFFF) + 128) >> 8)
            let p = { (x: Int, y: Int) in image.row(clampY(y))[clampX(x)] }
            out[i] = mix(mix(p(ix, iy), p(ix + 1, iy), fx), mix(p(ix, iy + 1), p(ix + 1, iy + 1), fx), fy)
        }
    }

    /// The twin of `MaskSampling.bilinear`, one sample at a time.
    static func bilinear(_ mask: CoverageMask, _ walk: MaskSampling.Walk, count: Int, into out: UnsafeMutablePointer<UInt8>) {
        for i in 0..<count {
            let u = walk.u &+ Int32(i) &* walk.du
            let v = walk.v &+ Int32(i) &* walk.dv
            let ix = Int(u >> 16)
            let iy = Int(v >> 16)
            let wx = ((u & 0xFFFF) + 128) >> 8
            let wy = ((v & 0xFFFF) + 128) >> 8
            let p = { (x: Int, y: Int) in Int32(mask.value(x: x, y: y)) }
            let top = p(ix, iy) * (256 - wx) + p(ix + 1, iy) * wx
            let bottom = p(ix, iy + 1) * (256 - wx) + p(ix + 1, iy + 1) * wx
            out[i] = UInt8((top * (256 - wy) + bottom * wy + 32768) >> 16)
        }
    }
}
