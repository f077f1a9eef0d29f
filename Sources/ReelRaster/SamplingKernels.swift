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
        s.x0.withUnsafeBufferPointer { x0 in
            s.x1.withUnsafeBufferPointer { x1 in
                s.y0.withUnsafeBufferPointer { y0 in
                    s.y1.withUnsafeBufferPointer { y1 in
                        s.wx.withUnsafeBufferPointer { wx in
                            s.wy.withUnsafeBufferPointer { wy in
                                var i = 0
                                while i + PixelLanes.width <= count {
                                    var a = PixelLanes.Vector()
                                    var b = a
                                    var c = a
                                    var d = a
                                    for j in 0..<PixelLanes.width {
                                        let r0 = base + Int(y0[i + j]) * rowPixels
                                        let r1 = base + Int(y1[i + j]) * rowPixels
                                        a[j] = r0[Int(x0[i + j])]
                                        b[j] = r0[Int(x1[i + j])]
                                        c[j] = r1[Int(x0[i + j])]
                                        d[j] = r1[Int(x1[i + j])]
                                    }
                                    let fx = PixelLanes.Vector(
                                        truncatingIfNeeded: UnsafeRawPointer(wx.baseAddress! + i).loadUnaligned(
                                            as: SIMD8<UInt32>.self))
                                    let fy = PixelLanes.Vector(
                                        truncatingIfNeeded: UnsafeRawPointer(wy.baseAddress! + i).loadUnaligned(
                                            as: SIMD8<UInt32>.self))
                                    let top = PixelLanes.mix(a, b, fx)
                                    let bottom = PixelLanes.mix(c, d, fx)
                                    PixelLanes.store(PixelLanes.mix(top, bottom, fy), out + i)
                                    i += PixelLanes.width
                                }
                                while i < count {
                                    let r0 = base + Int(y0[i]) * rowPixels
                                    let r1 = base + Int(y1[i]) * rowPixels
                                    let top = ScalarPixel.mix(r0[Int(x0[i])], r0[Int(x1[i])], wx[i])
                                    let bottom = ScalarPixel.mix(r1[Int(x0[i])], r1[Int(x1[i])], wx[i])
                                    out[i] = ScalarPixel.mix(top, bottom, wy[i])
                                    i += 1
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// A straight bilinear walk through an image for a run of output pixels: pixel i samples
    /// at `start + i * step` (16.16 fixed point, less half a pixel), indices clamped to the
    /// pixels `minX...maxX`, `minY...maxY` the drawn part may read. Nearest filtering has no
    /// walk: its texel is chosen by the exact mapping of each pixel (`SampleSpan`), since an
    /// accumulated step picks the neighbour where a pixel centre lands on a texel edge.
    public struct Walk: Equatable, Sendable {
        public var u, v, du, dv: Int32
        public var minX, maxX, minY, maxY: Int32

        /// The walk from image position (u, v) by (du, dv) per pixel; nil when it does not fit 16.16.
        public init?(u: Double, v: Double, du: Double, dv: Double, minX: Int, maxX: Int, minY: Int, maxY: Int) {
            let values = [(u - 0.5) * 65536, (v - 0.5) * 65536, du * 65536, dv * 65536]
            guard values.allSatisfy({ $0.isFinite && abs($0) < 1e9 }), abs(du) < 4096, abs(dv) < 4096 else { return nil }
            (self.u, self.v) = (Int32(values[0].rounded()), Int32(values[1].rounded()))
            (self.du, self.dv) = (Int32(values[2].rounded()), Int32(values[3].rounded()))
            (self.minX, self.maxX, self.minY, self.maxY) = (Int32(minX), Int32(maxX), Int32(minY), Int32(maxY))
        }
    }

    /// out[i] = the image sampled at walk position i, bilinear: top and bottom pairs mixed by
    /// the fraction along x, then the two along y, in 1/256 steps, each rounded.
    public static func bilinear(_ image: PixelBuffer, walk: Walk, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        let base = UnsafePointer(image.bytes.assumingMemoryBound(to: UInt32.self))
        let rowPixels = Int32(image.stride / 4)
        typealias Lanes = SIMD8<Int32>
        let lanes = Lanes(0, 1, 2, 3, 4, 5, 6, 7)
        var u = Lanes(repeating: walk.u) &+ lanes &* Lanes(repeating: walk.du)
        var v = Lanes(repeating: walk.v) &+ lanes &* Lanes(repeating: walk.dv)
        let du8 = Lanes(repeating: walk.du &* 8)
        let dv8 = Lanes(repeating: walk.dv &* 8)
        let minX = Lanes(repeating: walk.minX)
        let maxX = Lanes(repeating: walk.maxX)
        let minY = Lanes(repeating: walk.minY)
        let maxY = Lanes(repeating: walk.maxY)
        let low = Lanes(repeating: 0xFFFF)
        let bias = Lanes(repeating: 128)
        // Lane indices go out and gathered pixels come back through memory: setting vector
        // lanes one by one would spill the whole vector to the stack for each lane.
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { scratch in
            let index = UnsafeMutableRawPointer(scratch.baseAddress!).bindMemory(to: Int32.self, capacity: 32)
            let pixels = scratch.baseAddress! + 32
            var i = 0
            while i < count {
                let ix = u &>> 16
                let iy = v &>> 16
                let x0 = ix.clamped(lowerBound: minX, upperBound: maxX)
                let x1 = (ix &+ 1).clamped(lowerBound: minX, upperBound: maxX)
                let y0 = iy.clamped(lowerBound: minY, upperBound: maxY)
                let y1 = (iy &+ 1).clamped(lowerBound: minY, upperBound: maxY)
                let r0 = y0 &* rowPixels
                let r1 = y1 &* rowPixels
                let n = min(8, count - i)
                UnsafeMutableRawPointer(index).storeBytes(of: r0 &+ x0, as: Lanes.self)
                UnsafeMutableRawPointer(index + 8).storeBytes(of: r0 &+ x1, as: Lanes.self)
                UnsafeMutableRawPointer(index + 16).storeBytes(of: r1 &+ x0, as: Lanes.self)
                UnsafeMutableRawPointer(index + 24).storeBytes(of: r1 &+ x1, as: Lanes.self)
                let a: PixelLanes.Vector
                let b: PixelLanes.Vector
                let c: PixelLanes.Vector
                let d: PixelLanes.Vector
                if n == 8, x1 == x0 &+ 1 {
                    // Each pair of neighbours in one 64-bit load, split into left and right lanes; the
                    // vectors are built from the loads in registers (through memory, eight narrow
                    // stores and one wide load would stall on store forwarding).
                    @inline(__always) func pair(_ k: Int) -> UInt64 {
                        UnsafeRawPointer(base + Int(index[k])).loadUnaligned(as: UInt64.self)
                    }
                    let upper = unsafeBitCast(
                        SIMD8<UInt64>(pair(0), pair(1), pair(2), pair(3), pair(4), pair(5), pair(6), pair(7)),
                        to: SIMD16<UInt32>.self)
                    let lower = unsafeBitCast(
                        SIMD8<UInt64>(pair(16), pair(17), pair(18), pair(19), pair(20), pair(21), pair(22), pair(23)),
                        to: SIMD16<UInt32>.self)
                    (a, b, c, d) = (upper.evenHalf, upper.oddHalf, lower.evenHalf, lower.oddHalf)
                } else {
                    for j in 0..<32 where j & 7 < n { pixels[j] = base[Int(index[j])] }
                    (a, b, c, d) = (
                        PixelLanes.load(pixels), PixelLanes.load(pixels + 8), PixelLanes.load(pixels + 16),
                        PixelLanes.load(pixels + 24)
                    )
                }
                let fx = PixelLanes.Vector(truncatingIfNeeded: ((u & low) &+ bias) &>> 8)
                let fy = PixelLanes.Vector(truncatingIfNeeded: ((v & low) &+ bias) &>> 8)
                let value = PixelLanes.mix(PixelLanes.mix(a, b, fx), PixelLanes.mix(c, d, fx), fy)
                if n == 8 {
                    PixelLanes.store(value, out + i)
                } else {
                    for j in 0..<n { out[i + j] = value[j] }
                }
                u &+= du8
                v &+= dv8
                i += 8
            }
        }
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
