import ReelCore

/// The sprite kernel: a `SpriteBatch` drawn over a band of rows, sprite after sprite in
/// order; each row of a sprite eight pixels at a time (`PixelLanes`): walked, its coverage
/// worked out, sampled, tinted, cut and landed in one pass. `ReferenceSprites` holds its
/// per-channel twin.
public enum SpriteKernels {
    typealias Lanes = SIMD8<Int32>

    /// Draws the sprites of `batch` that reach `clip` into `target`.
    public static func draw(_ batch: SpriteBatch, into target: PixelBuffer, clip: PixelRect) {
        let clipX = clip.x..<clip.maxX
        // Lane indices and fetched texels pass through memory: filling a vector lane by lane
        // makes the processor wait on each store.
        let scratch = UnsafeMutablePointer<UInt32>.allocate(capacity: 64)
        defer { scratch.deallocate() }
        batch.sprites.withUnsafeBufferPointer { sprites in
            for k in sprites.indices {
                let box = sprites[k].box
                let (top, bottom) = (max(box.y, clip.y), min(box.maxY, clip.maxY))
                guard top < bottom, box.x < clip.maxX, box.maxX > clip.x else { continue }
                let source = batch.sources[Int(sprites[k].source)]
                guard let walk = SpriteBatch.Walk(sprites[k], source: source) else { continue }
                for y in top..<bottom {
                    guard let row = walk.row(y, clipX: clipX) else { continue }
                    draw(walk, row, source, additive: batch.additive, into: target.row(y), scratch: scratch)
                }
            }
        }
    }

    /// One row of one sprite, eight pixels at a time; the last lanes past the row are not stored.
    @inline(__always)
    private static func draw(
        _ w: SpriteBatch.Walk, _ row: (x0: Int, x1: Int, u: Int32, v: Int32), _ source: SpriteBatch.Source, additive: Bool,
        into line: UnsafeMutablePointer<UInt32>, scratch: UnsafeMutablePointer<UInt32>
    ) {
        let raw = UnsafeMutableRawPointer(scratch)
        let indices = UnsafeMutableRawPointer(scratch).assumingMemoryBound(to: Int32.self)
        let steps = Lanes(0, 1, 2, 3, 4, 5, 6, 7)
        let (width, height) = (Lanes(repeating: w.width), Lanes(repeating: w.height))
        let (su, sv) = (Lanes(repeating: w.su), Lanes(repeating: w.sv))
        let ox = Int32((source.origin.x * 65536).rounded(.down)) &- 32768
        let oy = Int32((source.origin.y * 65536).rounded(.down)) &- 32768
        let (minX, maxX) = (Lanes(repeating: source.minX), Lanes(repeating: source.maxX))
        let (minY, maxY) = (Lanes(repeating: source.minY), Lanes(repeating: source.maxY))
        let pixels = source.pixels
        let base = pixels.row(pixels.rows.lowerBound)
        let stride = Lanes(repeating: Int32(pixels.stride >> 2))
        let tint = w.sprite.tint
        var x = row.x0
        var (u, v) = (row.u, row.v)
        while x <= row.x1 {
            let count = min(row.x1 - x + 1, 8)
            let lu = Lanes(repeating: u) &+ steps &* Lanes(repeating: w.du)
            let lv = Lanes(repeating: v) &+ steps &* Lanes(repeating: w.dv)
            // Coverage: each axis 1/2 + its distance inside the nearer edge, in target pixels.
            func axis(_ p: Lanes, _ size: Lanes, _ scale: Lanes) -> Lanes {
                let d = (pointwiseMin(p, size &- p) &>> 8).clamped(
                    lowerBound: Lanes(repeating: -32768), upperBound: Lanes(repeating: 32768))
                return (Lanes(repeating: 128) &+ ((d &* scale) &>> 8)).clamped(
                    lowerBound: .zero, upperBound: Lanes(repeating: 256))
            }
            let cov = SIMD8<UInt32>(
                truncatingIfNeeded: (axis(lu, width, su) &* axis(lv, height, sv) &* 255 &+ 32768) &>> 16)
            let texel: SIMD8<UInt32>
            if source.nearest {
                let ix = ((Lanes(repeating: ox &+ 32768) &+ lu) &>> 16).clamped(lowerBound: minX, upperBound: maxX)
                let iy = ((Lanes(repeating: oy &+ 32768) &+ lv) &>> 16).clamped(lowerBound: minY, upperBound: maxY)
                raw.storeBytes(of: iy &* stride &+ ix, as: Lanes.self)
                for lane in 0..<count { scratch[32 + lane] = base[Int(indices[lane])] }
                texel = PixelLanes.load(scratch + 32)
            } else {
                let tu = Lanes(repeating: ox) &+ lu
                let tv = Lanes(repeating: oy) &+ lv
                let fx = SIMD8<UInt32>(truncatingIfNeeded: ((tu & 0xFFFF) &+ 128) &>> 8)
                let fy = SIMD8<UInt32>(truncatingIfNeeded: ((tv & 0xFFFF) &+ 128) &>> 8)
                let ix = tu &>> 16
                let iy = tv &>> 16
                let x0 = ix.clamped(lowerBound: minX, upperBound: maxX)
                let x1 = (ix &+ 1).clamped(lowerBound: minX, upperBound: maxX)
                let y0 = iy.clamped(lowerBound: minY, upperBound: maxY) &* stride
                let y1 = (iy &+ 1).clamped(lowerBound: minY, upperBound: maxY) &* stride
                // The four neighbours' indices, then their texels, eight lanes each.
                raw.storeBytes(of: y0 &+ x0, as: Lanes.self)
                raw.storeBytes(of: y0 &+ x1, toByteOffset: 32, as: Lanes.self)
                raw.storeBytes(of: y1 &+ x0, toByteOffset: 64, as: Lanes.self)
                raw.storeBytes(of: y1 &+ x1, toByteOffset: 96, as: Lanes.self)
                for k in 0..<4 {
                    for lane in 0..<count { scratch[32 + 8 * k + lane] = base[Int(indices[8 * k + lane])] }
                }
                let (p00, p10, p01, p11) = (
                    PixelLanes.load(scratch + 32), PixelLanes.load(scratch + 40), PixelLanes.load(scratch + 48),
                    PixelLanes.load(scratch + 56)
                )
                texel = PixelLanes.mix(PixelLanes.mix(p00, p10, fx), PixelLanes.mix(p01, p11, fx), fy)
            }
            let shaded = PixelLanes.scale(tinted(texel, tint), by: cov)
            let out = line + x
            if count == 8 {
                let d = PixelLanes.load(out)
                PixelLanes.store(additive ? PixelLanes.plus(shaded, d) : PixelLanes.over(shaded, d), out)
            } else {
                for lane in 0..<count {
                    out[lane] = additive ? ScalarPixel.plus(shaded[lane], out[lane]) : ScalarPixel.over(shaded[lane], out[lane])
                }
            }
            x += 8
            u = u &+ 8 &* w.du
            v = v &+ 8 &* w.dv
        }
    }

    /// Each channel of `p` times its own factor of `tint` (0...255) / 255, rounded.
    @inline(__always)
    static func tinted(_ p: SIMD8<UInt32>, _ tint: UInt32) -> SIMD8<UInt32> {
        guard tint != 0xFFFF_FFFF else { return p }
        @inline(__always) func channel(_ shift: UInt32) -> SIMD8<UInt32> {
            let f = SIMD8<UInt32>(repeating: tint >> shift & 0xFF)
            return PixelLanes.scaleChannel((p &>> shift) & 0xFF, by: f) &<< shift
        }
        return channel(0) | channel(8) | channel(16) | channel(24)
    }
}
