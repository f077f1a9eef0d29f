import ReelCore

/// The per-channel twin of `SpriteKernels`, written for clarity: every pixel of every
/// sprite's box mapped on its own (no walk), sampled, tinted, cut and landed channel by
/// channel (internal: tests reach it with `@testable import`).
enum ReferenceSprites {
    static func draw(_ batch: SpriteBatch, into target: PixelBuffer, clip: PixelRect) {
        for s in batch.sprites {
            let source = batch.sources[Int(s.source)]
            for y in max(s.box.y, clip.y)..<max(min(s.box.maxY, clip.maxY), max(s.box.y, clip.y)) {
                guard let row = SpriteBatch.Row(s, source: source, y: y, clipX: clip.x..<clip.maxX) else { continue }
                for x in row.x0...row.x1 {
                    let u = row.u + Int64(x - row.x0) * row.du
                    let v = row.v + Int64(x - row.x0) * row.dv
                    let cov = row.coverage(u, v)
                    guard cov > 0 else { continue }
                    let texel = sample(source, u, v)
                    func times(_ value: UInt32, _ f: UInt32) -> UInt32 {
                        let x = value * f + 128
                        return (x + (x >> 8)) >> 8
                    }
                    let d = target.row(y)[x]
                    let shifts: [UInt32] = [0, 8, 16, 24]
                    let source = shifts.map { shift -> UInt32 in
                        let t = s.tint >> shift & 0xFF
                        let c = texel >> shift & 0xFF
                        return times(s.tint == 0xFFFF_FFFF ? c : times(c, t), cov)
                    }
                    var out: UInt32 = 0
                    for (k, shift) in shifts.enumerated() {
                        let dc = d >> shift & 0xFF
                        let value = batch.additive ? min(source[k] + dc, 255) : source[k] + times(dc, 255 - source[3])
                        out |= value << shift
                    }
                    target.row(y)[x] = out
                }
            }
        }
    }

    /// The part's texel(s) at 16.16 (u, v) from its origin: nearest, or bilinear with each
    /// mix rounded (as `ReferenceSampling.mix`), indices clamped to the part.
    static func sample(_ s: SpriteBatch.Source, _ u: Int64, _ v: Int64) -> UInt32 {
        let tu = Int64(s.origin.x * 65536) - 32768 + u
        let tv = Int64(s.origin.y * 65536) - 32768 + v
        let clampX = { (x: Int) in min(max(x, Int(s.minX)), Int(s.maxX)) }
        let clampY = { (y: Int) in min(max(y, Int(s.minY)), Int(s.maxY)) }
        let p = { (x: Int, y: Int) in s.pixels.row(clampY(y))[clampX(x)] }
        if s.nearest { return p(Int((tu + 32768) >> 16), Int((tv + 32768) >> 16)) }
        let (ix, iy) = (Int(tu >> 16), Int(tv >> 16))
        let fx = UInt32(((tu & 0xFFFF) + 128) >> 8)
        let fy = UInt32(((tv & 0xFFFF) + 128) >> 8)
        let mix: (UInt32, UInt32, UInt32) -> UInt32 = ReferenceSampling.mix
        return mix(mix(p(ix, iy), p(ix + 1, iy), fx), mix(p(ix, iy + 1), p(ix + 1, iy + 1), fx), fy)
    }
}
