import ReelCore

/// The per-channel twin of `SpriteKernels`, written for clarity: every pixel of every
/// sprite's row mapped on its own from the row's start (no lanes), sampled, tinted, cut and
/// landed channel by channel (internal: tests reach it with `@testable import`).
enum ReferenceSprites {
    static func draw(_ batch: SpriteBatch, into target: PixelBuffer, clip: PixelRect) {
        for s in batch.sprites {
            let source = batch.sources[Int(s.source)]
            guard let walk = SpriteBatch.Walk(s, source: source) else { continue }
            for y in max(s.box.y, clip.y)..<max(min(s.box.maxY, clip.maxY), max(s.box.y, clip.y)) {
                guard let row = walk.row(y, clipX: clip.x..<clip.maxX) else { continue }
                for x in row.x0...row.x1 {
                    let u = row.u &+ Int32(x - row.x0) &* walk.du
                    let v = row.v &+ Int32(x - row.x0) &* walk.dv
                    let cov = walk.coverage(u, v)
                    let texel = sample(source, u, v)
                    func times(_ value: UInt32, _ f: UInt32) -> UInt32 {
                        let x = value * f + 128
                        return (x + (x >> 8)) >> 8
                    }
                    let d = target.row(y)[x]
                    let shifts: [UInt32] = [0, 8, 16, 24]
                    let shaded = shifts.map { shift -> UInt32 in
                        let c = texel >> shift & 0xFF
                        return times(s.tint == 0xFFFF_FFFF ? c : times(c, s.tint >> shift & 0xFF), cov)
                    }
                    var out: UInt32 = 0
                    for (k, shift) in shifts.enumerated() {
                        let dc = d >> shift & 0xFF
                        let value = batch.additive ? min(shaded[k] + dc, 255) : shaded[k] + times(dc, 255 - shaded[3])
                        out |= value << shift
                    }
                    target.row(y)[x] = out
                }
            }
        }
    }

    /// The part's texel(s) at 16.16 (u, v) from its origin: nearest, or bilinear with each
    /// mix rounded (as `ReferenceSampling.mix`), indices clamped to the part.
    static func sample(_ s: SpriteBatch.Source, _ u: Int32, _ v: Int32) -> UInt32 {
        let tu = Int(Int32((s.origin.x * 65536).rounded(.down)) &- 32768 &+ u)
        let tv = Int(Int32((s.origin.y * 65536).rounded(.down)) &- 32768 &+ v)
        let clampX = { (x: Int) in min(max(x, Int(s.minX)), Int(s.maxX)) }
        let clampY = { (y: Int) in min(max(y, Int(s.minY)), Int(s.maxY)) }
        let p = { (x: Int, y: Int) in s.pixels.row(clampY(y))[clampX(x)] }
        if s.nearest { return p((tu + 32768) >> 16, (tv + 32768) >> 16) }
        let (ix, iy) = (tu >> 16, tv >> 16)
        let fx = UInt32(((tu & 0xFFFF) + 128) >> 8)
        let fy = UInt32(((tv & 0xFFFF) + 128) >> 8)
        let mix: (UInt32, UInt32, UInt32) -> UInt32 = ReferenceSampling.mix
        return mix(mix(p(ix, iy), p(ix + 1, iy), fx), mix(p(ix, iy + 1), p(ix + 1, iy + 1), fx), fy)
    }
}
