import ReelCore

/// The sampling kernels: bilinear fetch of a run of pixels from a `SampleSpan`, and the mix of
/// two runs (trilinear), eight lanes at a time with a scalar tail. `ReferenceSampling` holds
/// their per-channel twins.
public enum SamplingKernels {
    /// out[i] = the bilinear blend of the four pixels entry i names: top and bottom pairs
    /// mixed by wx, then the two by wy, each step rounded to nearest.
    public static func bilinear(_ image: PixelBuffer, _ s: SampleSpan, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        let base = UnsafePointer(image.bytes.assumingMemoryBound(to: UInt32.self))
        let rowPixels = image.stride / 4
        s.x0.withUnsafeBufferPointer { x0 in s.x1.withUnsafeBufferPointer { x1 in
        s.y0.withUnsafeBufferPointer { y0 in s.y1.withUnsafeBufferPointer { y1 in
        s.wx.withUnsafeBufferPointer { wx in s.wy.withUnsafeBufferPointer { wy in
            var i = 0
            while i + PixelLanes.width <= count {
                var a = PixelLanes.Vector(), b = a, c = a, d = a
                for j in 0..<PixelLanes.width {
                    let r0 = base + Int(y0[i + j]) * rowPixels, r1 = base + Int(y1[i + j]) * rowPixels
                    a[j] = r0[Int(x0[i + j])]; b[j] = r0[Int(x1[i + j])]
                    c[j] = r1[Int(x0[i + j])]; d[j] = r1[Int(x1[i + j])]
                }
                let fx = PixelLanes.Vector(truncatingIfNeeded: UnsafeRawPointer(wx.baseAddress! + i).loadUnaligned(as: SIMD8<UInt32>.self))
                let fy = PixelLanes.Vector(truncatingIfNeeded: UnsafeRawPointer(wy.baseAddress! + i).loadUnaligned(as: SIMD8<UInt32>.self))
                let top = PixelLanes.mix(a, b, fx), bottom = PixelLanes.mix(c, d, fx)
                PixelLanes.store(PixelLanes.mix(top, bottom, fy), out + i)
                i += PixelLanes.width
            }
            while i < count {
                let r0 = base + Int(y0[i]) * rowPixels, r1 = base + Int(y1[i]) * rowPixels
                let top = ScalarPixel.mix(r0[Int(x0[i])], r0[Int(x1[i])], wx[i])
                let bottom = ScalarPixel.mix(r1[Int(x0[i])], r1[Int(x1[i])], wx[i])
                out[i] = ScalarPixel.mix(top, bottom, wy[i])
                i += 1
            }
        }}}}}}
    }

    /// a[i] = a[i] mixed toward b[i] by t (0...256).
    public static func mix(_ a: UnsafeMutablePointer<UInt32>, _ b: UnsafePointer<UInt32>, count: Int, t: UInt32) {
        let f = PixelLanes.Vector(repeating: t)
        var i = 0
        while i + PixelLanes.width <= count {
            PixelLanes.store(PixelLanes.mix(PixelLanes.load(a + i), PixelLanes.load(b + i), f), a + i)
            i += PixelLanes.width
        }
        while i < count {
            a[i] = ScalarPixel.mix(a[i], b[i], t)
            i += 1
        }
    }
}

/// Per-channel twins of `SamplingKernels`, written for clarity.
public enum ReferenceSampling {
    static func mix(_ a: UInt32, _ b: UInt32, _ t: UInt32) -> UInt32 {
        var out: UInt32 = 0
        for shift: UInt32 in [0, 8, 16, 24] {
            out |= (((a >> shift & 0xFF) * (256 - t) + (b >> shift & 0xFF) * t + 128) >> 8) << shift
        }
        return out
    }

    public static func bilinear(_ image: PixelBuffer, _ s: SampleSpan, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        for i in 0..<count {
            let p = { (x: Int32, y: Int32) in image.row(Int(y))[Int(x)] }
            let top = mix(p(s.x0[i], s.y0[i]), p(s.x1[i], s.y0[i]), s.wx[i])
            let bottom = mix(p(s.x0[i], s.y1[i]), p(s.x1[i], s.y1[i]), s.wx[i])
            out[i] = mix(top, bottom, s.wy[i])
        }
    }

    public static func mix(_ a: UnsafeMutablePointer<UInt32>, _ b: UnsafePointer<UInt32>, count: Int, t: UInt32) {
        for i in 0..<count { a[i] = mix(a[i], b[i], t) }
    }
}
