import ReelCore
import ReelRaster

/// A kept, blurred shadow mask (see `ShadowCache`) drawn through a layer's transform one
/// target row at a time: the row's walk through the mask is cut to the run that can read it,
/// and pieces that land under opaque pixels are skipped, since nothing slid under them shows.
struct KeptShadow {
    let mask: CoverageMask
    /// Target pixels to mask pixels.
    let inverse: AffineTransform
    /// Premultiplied colour at full coverage.
    let color: UInt32
    /// Pixels per piece of a row: a piece under opaque pixels is skipped whole.
    static let piece = 32

    /// The shadow of `mask` drawn through `toTarget` (mask pixels to target pixels); nil when
    /// the map cannot be inverted.
    init?(mask: CoverageMask, toTarget: AffineTransform, color: UInt32) {
        guard let inverse = toTarget.inverted else { return nil }
        (self.mask, self.inverse, self.color) = (mask, inverse, color)
    }

    /// The walk of target row `y` through the mask (target pixel x samples its step x) and
    /// the pixels of `0..<limit` whose samples lie inside the mask; nil when none do.
    func span(row y: Int, limit: Int) -> (walk: MaskSampling.Walk, pixels: Range<Int>)? {
        let start = inverse.apply(Point(x: 0.5, y: Double(y) + 0.5))
        guard limit > 0, let walk = MaskSampling.Walk(x: start.x, y: start.y, dx: inverse.a, dy: inverse.b),
            let run = MaskSampling.span(of: walk, count: limit, inside: mask.region)
        else { return nil }
        return (walk, run)
    }

    /// Slides the shadow under `line` (a target row, indexed from x = 0) over `pixels`, each
    /// sample cut by `clip` (coverage indexed like `line`) when given; `scratch` holds a piece.
    func draw(
        walk: MaskSampling.Walk, pixels: Range<Int>, under line: UnsafeMutablePointer<UInt32>, clip: UnsafePointer<UInt8>?,
        scratch: UnsafeMutablePointer<UInt8>
    ) {
        var next = pixels.lowerBound
        while next < pixels.upperBound {
            let count = min(KeptShadow.piece, pixels.upperBound - next)
            // Opaque pixels at either end of the piece are skipped too (a card's border).
            let open = SpanKernels.translucentRange(line + next, count: count)
            let x = next + open.lowerBound
            next += count
            guard !open.isEmpty else { continue }
            let from = MaskSampling.Walk(
                u: walk.u &+ Int32(x) &* walk.du, v: walk.v &+ Int32(x) &* walk.dv, du: walk.du, dv: walk.dv)
            MaskSampling.bilinear(mask, from, count: open.count, into: scratch)
            if let clip { SpanKernels.multiply(scratch, by: clip + x, count: open.count) }
            SpanKernels.blendUnder(line + x, coverage: scratch, count: open.count, color: color)
        }
    }
}
