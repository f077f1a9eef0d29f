import ReelCore

/// The sprite kernel: a `SpriteBatch` drawn over a band of rows, sprite after sprite in
/// order, each pixel sampled, tinted, cut by its edge coverage and landed in one pass.
/// `ReferenceSprites` holds its per-channel twin.
public enum SpriteKernels {
    /// Draws the sprites of `batch` that reach `clip` into `target`.
    public static func draw(_ batch: SpriteBatch, into target: PixelBuffer, clip: PixelRect) {
        let clipX = clip.x..<clip.maxX
        for s in batch.sprites {
            let (top, bottom) = (max(s.box.y, clip.y), min(s.box.maxY, clip.maxY))
            guard top < bottom, s.box.x < clip.maxX, s.box.maxX > clip.x else { continue }
            let source = batch.sources[Int(s.source)]
            for y in top..<bottom {
                guard let row = SpriteBatch.Row(s, source: source, y: y, clipX: clipX) else { continue }
                draw(row, source, tint: s.tint, additive: batch.additive, into: target.row(y))
            }
        }
    }

    @inline(__always)
    private static func draw(
        _ r: SpriteBatch.Row, _ source: SpriteBatch.Source, tint: UInt32, additive: Bool, into line: UnsafeMutablePointer<UInt32>
    ) {
        let ox = Int64(source.origin.x * 65536) &- 32768
        let oy = Int64(source.origin.y * 65536) &- 32768
        let (minX, maxX, minY, maxY) = (Int(source.minX), Int(source.maxX), Int(source.minY), Int(source.maxY))
        let pixels = source.pixels
        let base = pixels.row(pixels.rows.lowerBound)
        let stride = pixels.stride >> 2
        var (u, v) = (r.u, r.v)
        var x = r.x0
        while x <= r.x1 {
            defer { (u, v, x) = (u &+ r.du, v &+ r.dv, x &+ 1) }
            let cov = r.coverage(u, v)
            guard cov > 0 else { continue }
            let texel: UInt32
            if source.nearest {
                let ix = min(max(Int(truncatingIfNeeded: (ox &+ 32768 &+ u) >> 16), minX), maxX)
                let iy = min(max(Int(truncatingIfNeeded: (oy &+ 32768 &+ v) >> 16), minY), maxY)
                texel = base[iy &* stride &+ ix]
            } else {
                let (tu, tv) = (ox &+ u, oy &+ v)
                let (ix, iy) = (Int(truncatingIfNeeded: tu >> 16), Int(truncatingIfNeeded: tv >> 16))
                let fx = UInt32(truncatingIfNeeded: ((tu & 0xFFFF) &+ 128) >> 8)
                let fy = UInt32(truncatingIfNeeded: ((tv & 0xFFFF) &+ 128) >> 8)
                let (x0, x1) = (min(max(ix, minX), maxX), min(max(ix &+ 1, minX), maxX))
                let top = base + min(max(iy, minY), maxY) &* stride
                let bottom = base + min(max(iy &+ 1, minY), maxY) &* stride
                texel = ScalarPixel.mix(ScalarPixel.mix(top[x0], top[x1], fx), ScalarPixel.mix(bottom[x0], bottom[x1], fx), fy)
            }
            var s = tinted(texel, tint)
            if cov < 255 { s = ScalarPixel.scale(s, by: cov) }
            line[x] = additive ? ScalarPixel.plus(s, line[x]) : ScalarPixel.over(s, line[x])
        }
    }

    /// Each channel of `p` times its own factor of `tint` (0...255) / 255, rounded.
    @inline(__always)
    static func tinted(_ p: UInt32, _ tint: UInt32) -> UInt32 {
        guard tint != 0xFFFF_FFFF else { return p }
        @inline(__always) func channel(_ shift: UInt32) -> UInt32 {
            ScalarPixel.scaleChannel(p >> shift & 0xFF, by: tint >> shift & 0xFF) << shift
        }
        return channel(0) | channel(8) | channel(16) | channel(24)
    }
}
