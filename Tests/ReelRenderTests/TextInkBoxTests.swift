import CFontStack
import ReelCore
import ReelLayers
import ReelRender
import Testing

@testable import Reel

/// A rendered line's ink lands where HarfBuzz's advances and FreeType's outline extents put it,
/// worked out here with the libraries directly, not through Reel's typesetter.
@Suite struct TextInkBoxTests {
    static let liberation = "/usr/share/fonts/truetype/liberation2/LiberationSans-Regular.ttf"

    /// The ink box of `text` at `size` points with its pen starting at (x, baseline), in pixels.
    func expectedInk(_ text: String, size: Double, x: Double, baseline: Double) -> Rect {
        let blob = hb_blob_create_from_file(Self.liberation)
        let face = hb_face_create(blob, 0)
        let font = hb_font_create(face)
        defer {
            hb_font_destroy(font)
            hb_face_destroy(face)
            hb_blob_destroy(blob)
        }
        let upem = Double(hb_face_get_upem(face))
        let buffer = hb_buffer_create()
        defer { hb_buffer_destroy(buffer) }
        hb_buffer_add_utf8(buffer, text, -1, 0, -1)
        hb_buffer_guess_segment_properties(buffer)
        hb_shape(font, buffer, nil, 0)
        var count: UInt32 = 0
        let infos = hb_buffer_get_glyph_infos(buffer, &count)!
        let positions = hb_buffer_get_glyph_positions(buffer, &count)!
        var library: FT_Library?
        FT_Init_FreeType(&library)
        var ftFace: FT_Face?
        FT_New_Face(library, Self.liberation, 0, &ftFace)
        defer {
            FT_Done_Face(ftFace)
            FT_Done_FreeType(library)
        }
        let s = size / upem
        var pen = x
        var box: Rect? = nil
        for i in 0..<Int(count) {
            FT_Load_Glyph(ftFace, infos[i].codepoint, Int32(FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING))
            var b = FT_BBox()
            FT_Outline_Get_BBox(&ftFace!.pointee.glyph.pointee.outline, &b)
            let gx = pen + Double(positions[i].x_offset) * s
            let r = Rect(
                x: gx + Double(b.xMin) * s, y: baseline - Double(b.yMax) * s, width: Double(b.xMax - b.xMin) * s,
                height: Double(b.yMax - b.yMin) * s)
            box = box.map { $0.union(r) } ?? r
            pen += Double(positions[i].x_advance) * s
        }
        return box!
    }

    @Test func aRenderedLinesInkMatchesHarfBuzzAndFreeType() throws {
        var layer = Layer(id: "t")
        layer.layerClass = .textLayer
        layer.frame = Rect(x: 10.3, y: 20.7, width: 560, height: 80)
        layer.text.runs = [TextRun("Hamburgefonstiv AVATAR jq")]
        layer.text.fontSize = 40
        var root = Layer(id: "root")
        root.frame = Rect(x: 0, y: 0, width: 600, height: 120)
        root.sublayers = [layer]
        let buffer = PixelBuffer(width: 600, height: 120)
        RenderHarness.renderer(width: 600, height: 120).render(root, into: buffer)
        var (x0, y0, x1, y1) = (Int.max, Int.max, Int.min, Int.min)
        for y in 0..<120 {
            for x in 0..<600 where buffer.pixel(x: x, y: y).a > 0 {
                (x0, y0, x1, y1) = (min(x0, x), min(y0, y), max(x1, x + 1), max(y1, y + 1))
            }
        }
        // Liberation Sans: hhea ascender 1854 of 2048 units puts the baseline below the top.
        let baseline = 20.7 + 1854.0 / 2048 * 40
        let ink = expectedInk("Hamburgefonstiv AVATAR jq", size: 40, x: 10.3, baseline: baseline)
        #expect(abs(Double(x0) - ink.minX) <= 1, "left \(x0) vs \(ink.minX)")
        #expect(abs(Double(x1) - ink.maxX) <= 1, "right \(x1) vs \(ink.maxX)")
        #expect(abs(Double(y0) - ink.minY) <= 1, "top \(y0) vs \(ink.minY)")
        #expect(abs(Double(y1) - ink.maxY) <= 1, "bottom \(y1) vs \(ink.maxY)")
    }
}
