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

    /// Converts planes `width` x `height` (even or odd) into `out` (as large), opaque.
    static func convert(
        y: UnsafePointer<UInt8>, yStride: Int, u: UnsafePointer<UInt8>, v: UnsafePointer<UInt8>, cStride: Int, width: Int,
        height: Int, matrix m: Matrix, into out: PixelBuffer
    ) {
        let cw = (width + 1) / 2
        let ch = (height + 1) / 2
        // Chroma upsampled down ×4, then across ×2: U and V ×8 per pixel, padded to a multiple of 8.
        let padded = (width + 7) & ~7
        let uDown = UnsafeMutablePointer<Int32>.allocate(capacity: cw + 1)
        let vDown = UnsafeMutablePointer<Int32>.allocate(capacity: cw + 1)
        let uRow = UnsafeMutablePointer<Int32>.allocate(capacity: padded)
        let vRow = UnsafeMutablePointer<Int32>.allocate(capacity: padded)
        defer {
            for p in [uDown, vDown, uRow, vRow] { p.deallocate() }
        }
        uRow.initialize(repeating: 1024, count: padded)
        vRow.initialize(repeating: 1024, count: padded)
        let (ys, cr, gu, gv, cb) = (
            Lanes(repeating: m.ys), Lanes(repeating: m.cr), Lanes(repeating: m.gu), Lanes(repeating: m.gv), Lanes(repeating: m.cb)
        )
        let y0 = Lanes(repeating: m.y0 * 8)
        let half = Lanes(repeating: 1 << 16)
        let zero = Lanes(repeating: 0)
        let full = Lanes(repeating: 255)
        let alpha = SIMD8<UInt32>(repeating: 0xFF00_0000)
        for row in 0..<height {
            // The chroma rows this luma row sits between: the nearer weighs 3, the other 1.
            let near = min(row / 2, ch - 1)
            let far = min(max(row % 2 == 0 ? near - 1 : near + 1, 0), ch - 1)
            for (src, down) in [(u, uDown), (v, vDown)] {
                let a = src + near * cStride
                let b = src + far * cStride
                for k in 0..<cw { down[k] = 3 * Int32(a[k]) + Int32(b[k]) }
                down[cw] = down[cw - 1]
            }
            for (down, across) in [(uDown, uRow), (vDown, vRow)] {
                for k in 0..<cw {
                    across[2 * k] = 2 * down[k]
                    if 2 * k + 1 < width { across[2 * k + 1] = down[k] + down[k + 1] }
                }
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
                let up = UnsafeRawPointer(uRow + x).loadUnaligned(as: Lanes.self) &- 1024
                let vp = UnsafeRawPointer(vRow + x).loadUnaligned(as: Lanes.self) &- 1024
                func channel(_ c: Lanes) -> SIMD8<UInt32> {
                    SIMD8<UInt32>(truncatingIfNeeded: (c &>> 17).clamped(lowerBound: zero, upperBound: full))
                }
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
