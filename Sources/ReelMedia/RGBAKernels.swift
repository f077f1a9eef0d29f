import ReelCore

/// 8-bit yuv420p → opaque RGBA at the same size, Reel's own kernel for the clips under an
/// overlay (swscale was a fifth of a caption burn-in). Chroma is upsampled as decoders do for
/// MPEG siting: across, a sample on even columns and the mean of two on odd ones; down, 3:1
/// towards the nearer chroma row (rows centred between luma pairs), edges repeated. Then
/// `R = ys (Y - y0) + cr V'`, `G = ys (Y - y0) - gu U' - gv V'`, `B = ys (Y - y0) + cb U'`
/// in 2^14 fixed point, rounded once, clamped to 0...255. `ReferenceRGBA` is its twin, pixel
/// by pixel from the same formula.
enum RGBAKernels {
    /// The fixed-point matrix of one YUV reading (BT.601 or BT.709, limited or full range).
    struct Matrix: Hashable {
        let ys: Int32, cr: Int32, gu: Int32, gv: Int32, cb: Int32
        /// Black's Y (16 limited, 0 full).
        let y0: Int32

        init(bt709: Bool, fullRange: Bool) {
            let (kr, kb) = bt709 ? (0.2126, 0.0722) : (0.299, 0.114)
            let kg = 1 - kr - kb
            let ys = fullRange ? 1.0 : 255.0 / 219
            let cs = fullRange ? 1.0 : 255.0 / 224
            func fixed(_ v: Double) -> Int32 { Int32((v * 16384).rounded()) }
            self.ys = fixed(ys)
            cr = fixed(cs * 2 * (1 - kr))
            cb = fixed(cs * 2 * (1 - kb))
            gu = fixed(cs * 2 * (1 - kb) * kb / kg)
            gv = fixed(cs * 2 * (1 - kr) * kr / kg)
            y0 = fullRange ? 0 : 16
        }
    }

    typealias Lanes = SIMD8<Int32>

    /// One colour channel of eight pixels from its 2^17-scaled sum, rounded (the half is in
    /// the sum), clamped to 0...255.
    @inline(__always)
    static func channel(_ c: Lanes) -> SIMD8<UInt32> {
        SIMD8<UInt32>(truncatingIfNeeded: (c &>> 17).clamped(lowerBound: Lanes(repeating: 0), upperBound: Lanes(repeating: 255)))
    }

    /// Eight pixels' chroma ×8 from five of the row's chroma ×4 samples at `k`...: a sample on
    /// even pixels, twice; the sum of two neighbours on odd ones.
    @inline(__always)
    static func across(_ d: UnsafePointer<Int32>) -> Lanes {
        let a = UnsafeRawPointer(d).loadUnaligned(as: SIMD4<Int32>.self)
        let b = UnsafeRawPointer(d + 1).loadUnaligned(as: SIMD4<Int32>.self)
        let even = a &* 2
        let odd = a &+ b
        return Lanes(even[0], odd[0], even[1], odd[1], even[2], odd[2], even[3], odd[3])
    }

    /// Converts planes `width` x `height` (even or odd) into `out` (as large), opaque; only
    /// `rows` when given.
    static func convert(
        y: UnsafePointer<UInt8>, yStride: Int, u: UnsafePointer<UInt8>, v: UnsafePointer<UInt8>, cStride: Int, width: Int,
        height: Int, matrix m: Matrix, into out: PixelBuffer, rows: Range<Int>? = nil
    ) {
        let cw = (width + 1) / 2
        let ch = (height + 1) / 2
        // Each chroma row upsampled down (×4), its last sample repeated past the end so that
        // eight pixels always read five samples.
        let room = ((cw + 8) & ~7) + 8
        let uDown = UnsafeMutablePointer<Int32>.allocate(capacity: room)
        let vDown = UnsafeMutablePointer<Int32>.allocate(capacity: room)
        defer {
            uDown.deallocate()
            vDown.deallocate()
        }
        let (ys, cr, gu, gv, cb) = (
            Lanes(repeating: m.ys), Lanes(repeating: m.cr), Lanes(repeating: m.gu), Lanes(repeating: m.gv), Lanes(repeating: m.cb)
        )
        let y0 = Lanes(repeating: m.y0 * 8)
        let half = Lanes(repeating: 1 << 16)
        let neutral = Lanes(repeating: 1024)
        let alpha = SIMD8<UInt32>(repeating: 0xFF00_0000)
        for row in (rows ?? 0..<height).clamped(to: 0..<height) {
            // The chroma rows this luma row sits between: the nearer weighs 3, the other 1.
            let near = min(row / 2, ch - 1)
            let far = min(max(row % 2 == 0 ? near - 1 : near + 1, 0), ch - 1)
            for (src, down) in [(u, uDown), (v, vDown)] {
                let a = src + near * cStride
                let b = src + far * cStride
                var k = 0
                while k + 8 <= cw {
                    let va = Lanes(truncatingIfNeeded: UnsafeRawPointer(a + k).loadUnaligned(as: SIMD8<UInt8>.self))
                    let vb = Lanes(truncatingIfNeeded: UnsafeRawPointer(b + k).loadUnaligned(as: SIMD8<UInt8>.self))
                    UnsafeMutableRawPointer(down + k).storeBytes(of: va &* 3 &+ vb, as: Lanes.self)
                    k += 8
                }
                while k < cw {
                    down[k] = 3 * Int32(a[k]) + Int32(b[k])
                    k += 1
                }
                for pad in cw..<room { down[pad] = down[cw - 1] }
            }
            let luma = y + row * yStride
            let dst = out.bytes.advanced(by: row * out.stride).assumingMemoryBound(to: UInt32.self)
            var x = 0
            while x < width {
                var yl = Lanes(repeating: 0)
                if x + 8 <= width {
                    yl = Lanes(truncatingIfNeeded: UnsafeRawPointer(luma + x).loadUnaligned(as: SIMD8<UInt8>.self))
                } else {
                    for i in 0..<8 { yl[i] = Int32(luma[min(x + i, width - 1)]) }
                }
                let l = (yl &* 8 &- y0) &* ys &+ half
                let up = across(uDown + x / 2) &- neutral
                let vp = across(vDown + x / 2) &- neutral
                let r = channel(l &+ cr &* vp)
                let g = channel(l &- gu &* up &- gv &* vp)
                let b = channel(l &+ cb &* up)
                let p = r | g &<< 8 | b &<< 16 | alpha
                if x + 8 <= width {
                    UnsafeMutableRawPointer(dst + x).storeBytes(of: p, as: SIMD8<UInt32>.self)
                } else {
                    for i in 0..<(width - x) { dst[x + i] = p[i] }
                }
                x += 8
            }
        }
    }
}

/// `RGBAKernels.convert`'s twin: each pixel from the formula on its own.
enum ReferenceRGBA {
    static func pixel(
        x: Int, y row: Int, y: (Int, Int) -> UInt8, u: (Int, Int) -> UInt8, v: (Int, Int) -> UInt8, width: Int, height: Int,
        matrix m: RGBAKernels.Matrix
    ) -> UInt32 {
        let cw = (width + 1) / 2
        let ch = (height + 1) / 2
        let near = min(row / 2, ch - 1)
        let far = min(max(row % 2 == 0 ? near - 1 : near + 1, 0), ch - 1)
        func down(_ plane: (Int, Int) -> UInt8, _ k: Int) -> Int32 {
            let k = min(k, cw - 1)
            return 3 * Int32(plane(k, near)) + Int32(plane(k, far))
        }
        func up(_ plane: (Int, Int) -> UInt8) -> Int32 {
            x % 2 == 0 ? 2 * down(plane, x / 2) : down(plane, x / 2) + down(plane, x / 2 + 1)
        }
        let l = (Int32(y(x, row)) * 8 - m.y0 * 8) * m.ys + (1 << 16)
        let (cu, cv) = (up(u) - 1024, up(v) - 1024)
        func clamp(_ c: Int32) -> UInt32 { UInt32(min(max(c >> 17, 0), 255)) }
        return clamp(l + m.cr * cv) | clamp(l - m.gu * cu - m.gv * cv) << 8 | clamp(l + m.cb * cu) << 16 | 0xFF00_0000
    }
}
