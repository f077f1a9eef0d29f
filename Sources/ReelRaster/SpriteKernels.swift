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
        let ox = Int64(source.origin.x * 65536) - 32768
        let oy = Int64(source.origin.y * 65536) - 32768
        let (minX, maxX, minY, maxY) = (Int(source.minX), Int(source.maxX), Int(source.minY), Int(source.maxY))
        let pixels = source.pixels
        var (u, v) = (r.u, r.v)
        for x in r.x0...r.x1 {
            defer { (u, v) = (u + r.du, v + r.dv) }
            let cov = r.coverage(u, v)
            guard cov > 0 else { continue }
            let texel: UInt32
            if source.nearest {
                let ix = min(max(Int((ox + 32768 + u) >> 16), minX), maxX)
                let iy = min(max(Int((oy + 32768 + v) >> 16), minY), maxY)
                texel = pixels.row(iy)[ix]
            } else {
                let (tu, tv) = (ox + u, oy + v)
                let (ix, iy) = (Int(tu >> 16), Int(tv >> 16))
                let fx = UInt32(((tu & 0xFFFF) + 128) >> 8)
                let fy = UInt32(((tv & 0xFFFF) + 128) >> 8)
                let (x0, x1) = (min(max(ix, minX), maxX), min(max(ix + 1, minX), maxX))
                let top = pixels.row(min(max(iy, minY), maxY))
                let bottom = pixels.row(min(max(iy + 1, minY), maxY))
                texel = ScalarPixel.mix(ScalarPixel.mix(top[x0], top[x1], fx), ScalarPixel.mix(bottom[x0], bottom[x1], fx), fy)
            }
            let s = ScalarPixel.scale(tinted(texel, tint), by: cov)
            line[x] = additive ? ScalarPixel.plus(s, line[x]) : ScalarPixel.over(s, line[x])
        }
    }

    /// Each channel of `p` times its own factor of `tint` (0...255) / 255, rounded.
    @inline(__always)
    static func tinted(_ p: UInt32, _ tint: UInt32) -> UInt32 {
        guard tint != 0xFFFF_FFFF else { return p }
        var out: UInt32 = 0
        for shift: UInt32 in [0, 8, 16, 24] {
            out |= ScalarPixel.scaleChannel(p >> shift & 0xFF, by: tint >> shift & 0xFF) << shift
        }
        return out
    }
}
