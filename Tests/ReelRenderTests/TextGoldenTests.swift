import Foundation
import Testing

/// Reel's text against independent tools: `scripts/make-text-goldens.py` finds the fonts with
/// `fc-match`, shapes with uharfbuzz and draws the glyph outlines with Skia (8x8 supersampled,
/// box-filtered down), laying them out by the page's rules itself.
///
/// Tolerance: glyph edges within 8 levels (the reference's 1/64 coverage steps, Reel's 0.03 px
/// flattening of the outlines) on all but a few pixels where two contours of a glyph meet
/// inside one pixel (Reel sums signed area, as FreeType's rasterizer does).
@Suite struct TextGoldenTests {
    static let glyphs = GoldenImage.Tolerance(tolerance: 8, outliers: 24, outlierTolerance: 24)

    @Test(arguments: ["text-kerning", "text-runs", "text-lines-right", "text-arabic", "text-rotated"])
    func matchesHarfBuzzAndSkia(name: String) throws {
        let scene = GoldenImage.goldens.appendingPathComponent("text/\(name).json")
        try GoldenImage.checkTimeline(scene, at: 0, golden: "text/\(name)", Self.glyphs)
    }
}
