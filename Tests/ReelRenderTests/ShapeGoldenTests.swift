import Foundation
import Testing

/// Reel against an independent renderer: `scripts/make-shape-goldens.py` draws each scene with
/// Skia at 8x8 resolution, box-filtered down (area coverage), and writes the scene as a timeline
/// beside it.
///
/// Tolerances: a single shape's edges are within 8 levels (the reference's 1/64 coverage steps
/// and Reel's 0.02 px curve flattening). Where two shapes share an edge (a border over its
/// background, a sublayer cut by its superlayer's rounded clip), Reel composites one
/// anti-aliased edge over the other as Core Animation does, which leaves a faint halo the
/// supersampled reference does not have: up to 56 levels on at most 1% of the pixels.
/// Blurred shadows (Skia's mask blur of the supersampled shape) and the circle mask are within
/// 8. Strokes, gradients and replicators (Skia strokes the pieces the script cuts by the
/// page's rules; gradients are evaluated per pixel centre in numpy) are within 8 too, shared
/// edges as above. Images are drawn by Skia at 1x with the same filter: sampled pixels within 4 (rounding of
/// bilinear weights and of mipmap averages); the turned image's outline, where Skia's 1x
/// anti-aliasing is coarse, up to 30 on at most 120 of its ~250 edge pixels.
/// Compositing (Skia's SkBlendMode on saveLayer restores): within 8, but where an operator is
/// not linear in the source's coverage (`plusLighter` clamps its sum): Reel lands the layer's
/// anti-aliased picture with the operator, the reference averages 64 samples each landed whole,
/// up to 35 levels on a few edge pixels (the `sharedEdges` allowance). Filters (Skia's blur
/// image filter and colour-matrix colour filter in a clipped layer) within 8.
@Suite struct ShapeGoldenTests {
    static let singleShape = GoldenImage.Tolerance(tolerance: 8)
    static let sharedEdges = GoldenImage.Tolerance(tolerance: 8, outliers: 320, outlierTolerance: 56)
    static let sampled = GoldenImage.Tolerance(tolerance: 4, outliers: 120, outlierTolerance: 30)
    /// Dashes on curves: their ends are placed by arc length on Reel's 0.02 px flattening and on
    /// the reference's own measure; a cap's edge lands up to 16 levels apart on a few pixels.
    static let dashEnds = GoldenImage.Tolerance(tolerance: 8, outliers: 8, outlierTolerance: 16)

    @Test(arguments: [
        ("filled-rect", singleShape), ("rotated-rect", singleShape), ("rounded-rect", singleShape), ("ellipse", singleShape),
        ("perspective-card", singleShape), ("transform-layer", sharedEdges), ("border", sharedEdges),
        ("rounded-clip", sharedEdges),
        ("shadow-rounded-rect", singleShape), ("shadow-ellipse", singleShape), ("shadow-path-fill-rules", singleShape),
        ("circle-mask", singleShape),
        ("image-linear", sampled), ("image-nearest", sampled), ("image-trilinear", sampled), ("contents-flipped", sampled),
        ("stroke-joins", singleShape), ("stroke-caps", singleShape), ("stroke-dash-phase", dashEnds),
        ("stroke-trim", sharedEdges), ("stroke-offset", dashEnds), ("stroke-arc", sharedEdges),
        ("stroke-self-crossing", singleShape),
        ("fill-even-odd", sharedEdges), ("gradient-axial", singleShape), ("gradient-radial", singleShape),
        ("gradient-conic", singleShape), ("gradient-rounded", singleShape), ("mask-modes", singleShape),
        ("replicator-ring", sharedEdges),
        ("replicator-delay", singleShape), ("blend-modes", sharedEdges), ("isolation", singleShape),
        ("filters", singleShape)
    ])
    func matchesSkia(name: String, tolerance: GoldenImage.Tolerance) throws {
        let scene = GoldenImage.goldens.appendingPathComponent("shapes/\(name).json")
        try GoldenImage.checkTimeline(scene, at: 0, golden: "shapes/\(name)", tolerance)
    }
}
