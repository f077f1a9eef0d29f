import ReelCaptions
import ReelCore
import ReelLayers
import ReelRender
import ReelText
import Testing

@testable import Reel

/// Caption-grade text: vertical placement, the stroke's reach, fitting to the bounds, line
/// boxes blended once, and the caption page and word a text layer shows at its time.
@Suite struct ShownTextTests {
    let typesetter = Typesetter.systemFonts

    func block(
        _ text: String, width: Double = 400, height: Double = 200, vertical: TextVerticalAlignment = .top, stroke: Double = 0,
        wrapped: Bool = false, fit: Bool = false, minimum: Double = 0
    ) -> TextBlock {
        TextBlock(
            runs: [TextRun(text)], font: "Helvetica", fontSize: 30, width: width, height: height, isWrapped: wrapped,
            verticalAlignment: vertical, strokeWidth: stroke, adjustsToFit: fit, minimumScale: minimum)
    }

    @Test func verticalAlignmentPlacesTheLineBoxesInTheBounds() throws {
        let top = typesetter.layout(block("One\nTwo"))
        let center = typesetter.layout(block("One\nTwo", vertical: .center))
        let bottom = typesetter.layout(block("One\nTwo", vertical: .bottom))
        #expect(top.lines[0].top == 0)
        let h = top.height
        #expect(abs(center.lines[0].top - (200 - h) / 2) < 1e-9)
        #expect(abs(bottom.lines[1].top + bottom.lines[1].height - 200) < 1e-9)
        #expect(abs(bottom.lines[0].baseline - top.lines[0].baseline - (200 - h)) < 1e-9)
    }

    @Test func theStrokeGrowsTheInkBoxByItsWidth() throws {
        let plain = try #require(typesetter.layout(block("Ink")).inkBox)
        let stroked = try #require(typesetter.layout(block("Ink", stroke: 6)).inkBox)
        #expect(abs(stroked.width - plain.width - 6) < 1e-9 && abs(stroked.height - plain.height - 6) < 1e-9)
        #expect(abs(stroked.minX - plain.minX + 3) < 1e-9)
    }

    @Test func textThatDoesNotFitIsSetSmallerByTheLargestStep() throws {
        let text = "A headline far too long for its box"
        let fitted = typesetter.layout(block(text, width: 200, fit: true))
        #expect(fitted.scale < 1)
        #expect((fitted.scale * 256).rounded() == fitted.scale * 256)
        #expect(fitted.lines.allSatisfy { $0.width <= 200 })
        // One step larger does not fit.
        let larger = typesetter.layout(block(text, width: 200).scaledForTest(by: fitted.scale + 1 / 256))
        #expect(larger.lines.contains { $0.width > 200 })
        // None fits above the minimum: the minimum, then truncation.
        let floored = typesetter.layout(block(text, width: 60, fit: true, minimum: 0.5))
        #expect(floored.scale == 0.5)
        // Text that fits is left as it is.
        #expect(typesetter.layout(block("Fits", fit: true)).scale == 1)
    }

    @Test func strokesThatMeetAreBlendedOnce() throws {
        var layer = Layer(id: "t")
        layer.layerClass = .textLayer
        layer.frame = Rect(x: 10, y: 10, width: 380, height: 120)
        layer.text.runs = [TextRun("AVAW")]
        layer.text.fontSize = 80
        layer.text.foregroundColor = .clear
        layer.text.strokeColor = Color(red: 1, green: 0, blue: 0, alpha: 0.5)
        layer.text.strokeWidth = 14
        var root = Layer(id: "root")
        root.frame = Rect(x: 0, y: 0, width: 400, height: 140)
        root.sublayers = [layer]
        let buffer = PixelBuffer(width: 400, height: 140)
        RenderHarness.renderer(width: 400, height: 140).render(root, into: buffer)
        var alphas: [UInt8: Int] = [:]
        for y in 0..<140 { for x in 0..<400 { alphas[buffer.pixel(x: x, y: y).a, default: 0] += 1 } }
        // Wide strokes of neighbouring letters overlap, yet nothing is darker than one stroke.
        let most = alphas.keys.max() ?? 0
        #expect(most >= 127 && most <= 128, "\(alphas.sorted { $0.key > $1.key }.prefix(4))")
        #expect((alphas[127] ?? 0) + (alphas[128] ?? 0) > 2000)
    }

    @Test func lineBoxesThatOverlapAreBlendedOnce() throws {
        var layer = Layer(id: "t")
        layer.layerClass = .textLayer
        layer.frame = Rect(x: 20, y: 20, width: 360, height: 160)
        layer.text.runs = [TextRun("Line one\nLine two")]
        layer.text.fontSize = 30
        layer.text.foregroundColor = .clear
        layer.text.backgroundColor = Color(red: 1, green: 0, blue: 0, alpha: 0.5)
        layer.text.backgroundPadding = Size(width: 4, height: 12)
        var root = Layer(id: "root")
        root.frame = Rect(x: 0, y: 0, width: 400, height: 200)
        root.sublayers = [layer]
        let buffer = PixelBuffer(width: 400, height: 200)
        RenderHarness.renderer(width: 400, height: 200).render(root, into: buffer)
        let layout = typesetter.layout(ShownText(layer, assets: DrawingAssets()).block)
        let seam = Int(20 + layout.lines[1].top)
        let inside = buffer.pixel(x: 30, y: Int(20 + layout.lines[0].top) + 6)
        let overlap = buffer.pixel(x: 30, y: seam)
        #expect(inside.a > 120 && inside.a < 136)
        #expect(overlap.a == inside.a, "the overlap of two boxes is one box")
        // The boxes are not cut to the bounds: the padding reaches above them.
        #expect(buffer.pixel(x: 30, y: 12).a == inside.a)
    }

    @Test func emojiAreDrawnInTheirOwnColoursFadedByTheLayer() throws {
        var layer = Layer(id: "t")
        layer.layerClass = .textLayer
        layer.frame = Rect(x: 0, y: 0, width: 200, height: 100)
        layer.text.runs = [TextRun("🎉")]
        layer.text.fontSize = 64
        layer.text.foregroundColor = Color(red: 1, green: 0, blue: 0)
        func render(opacity: Double) -> PixelBuffer {
            var faded = layer
            faded.opacity = opacity
            var root = Layer(id: "root")
            root.frame = Rect(x: 0, y: 0, width: 200, height: 100)
            root.sublayers = [faded]
            let buffer = PixelBuffer(width: 200, height: 100)
            RenderHarness.renderer(width: 200, height: 100).render(root, into: buffer)
            return buffer
        }
        let full = render(opacity: 1)
        var (blues, yellows, opaque, inked) = (0, 0, 0, (x0: 200, x1: 0))
        for y in 0..<100 {
            for x in 0..<200 {
                let p = full.pixel(x: x, y: y)
                if p.a == 255 { opaque += 1 }
                if p.b > 150, p.r < 120 { blues += 1 }
                if p.r > 200, p.g > 150, p.b < 100 { yellows += 1 }
                if p.a > 0 { inked = (min(inked.x0, x), max(inked.x1, x + 1)) }
            }
        }
        // The party popper's own colours, not the foreground's red.
        #expect(blues > 20 && yellows > 20, "\(blues) blue and \(yellows) yellow pixels")
        // Scaled to the font size: the strike bitmap's inked columns at 64 points.
        let face = FontLibrary().face(named: "Noto Color Emoji").face
        let bitmap = try #require(face.glyph(for: "🎉").flatMap(face.colorGlyph))
        let columns = (0..<bitmap.image.width).filter { x in
            (0..<bitmap.image.height).contains { bitmap.image.pixels.pixel(x: x, y: $0).a > 0 }
        }
        let points = Double(columns.last! - columns.first! + 1) * bitmap.unitsPerPixel * 64 / face.unitsPerEm
        // Up to a partly covered pixel at each end and a pixel of filtering each side.
        #expect(abs(Double(inked.x1 - inked.x0) - points) <= 4, "\(inked) for \(points)")
        // Its alpha follows the layer's opacity.
        let half = render(opacity: 0.5)
        let maxAlpha = (0..<100).flatMap { y in (0..<200).map { half.pixel(x: $0, y: y).a } }.max() ?? 0
        #expect(opaque > 100 && abs(Int(maxAlpha) - 128) <= 1)
        // Emoji presentation prefers a colour font in fallback.
        let layout = typesetter.layout(ShownText(layer, assets: DrawingAssets()).block)
        #expect(layout.fonts[0].fallbacks.map { $0.face.family } == ["Noto Color Emoji"])
    }

    /// A text layer showing the captions `track` at `time`.
    func shown(_ track: CaptionTrack, at time: Double, configure: (inout TextProperties) -> Void = { _ in }) -> ShownText {
        var layer = Layer(id: "c")
        layer.layerClass = .textLayer
        layer.frame = Rect(x: 0, y: 0, width: 600, height: 200)
        layer.text.captions = "subs"
        layer.text.time = time
        configure(&layer.text)
        return ShownText(layer, assets: DrawingAssets(captions: ["subs": track]))
    }

    func text(_ s: ShownText) -> String { s.block.runs.map(\.text).joined() }

    @Test func longCuesArePagedByLinesTimedByTheirCharacters() throws {
        // Four lines, two a page: the second page starts 6 of 15 characters in, at 1.6 s.
        let track = try CaptionTrack("WEBVTT\n\n00:01.000 --> 00:02.500\none\ntwo\nthree\nfour\n", format: .webVTT)
        #expect(text(shown(track, at: 47.0 / 30)) == "one\ntwo")
        #expect(text(shown(track, at: 48.0 / 30)) == "three\nfour")
        #expect(text(shown(track, at: 74.0 / 30)) == "three\nfour")
        #expect(shown(track, at: 75.0 / 30).isEmpty)
        #expect(text(shown(track, at: 1.7) { $0.captionMaxLines = 0 }) == "one\ntwo\nthree\nfour")
    }

    @Test func theSpokenWordIsHighlightedFromVTTTimestamps() throws {
        let track = try CaptionTrack(
            "WEBVTT\n\n00:01.000 --> 00:02.000\nThe <00:01.500>quick fox\n", format: .webVTT)
        let red = Color(red: 1, green: 0, blue: 0)
        let early = shown(track, at: 1.2) { $0.captionHighlightColor = red }
        #expect(early.block.runs[early.highlighted].map(\.text) == ["The"])
        let late = shown(track, at: 1.6) { $0.captionHighlightColor = red }
        #expect(late.block.runs[late.highlighted].map(\.text) == ["quick fox"])
        #expect(late.colors[late.highlighted.lowerBound] == red)
        #expect(late.colors[0] == .white)
        #expect(shown(track, at: 1.6).highlighted.isEmpty, "no highlight colour: no highlight")
    }

    @Test func wordJSONPagesByWordsWithNothingInTheGaps() throws {
        let json = """
            {"segments": [{"start": 0, "end": 2, "text": "alpha beta gamma delta", "words": [
              {"word": " alpha", "start": 0.0, "end": 0.4}, {"word": " beta", "start": 0.5, "end": 0.9},
              {"word": " gamma", "start": 1.0, "end": 1.4}, {"word": " delta", "start": 1.5, "end": 1.9}]}]}
            """
        let track = try CaptionTrack(json, format: .wordJSON)
        func page(_ t: Double) -> ShownText {
            shown(track, at: t) {
                $0.captionWordsPerPage = 2
                $0.captionHighlightBackgroundColor = .black
            }
        }
        #expect(text(page(0.2)) == "alpha beta")
        #expect(page(0.2).block.runs[page(0.2).highlighted].map(\.text) == ["alpha"])
        #expect(page(0.95).isEmpty, "between pages")
        #expect(text(page(1.2)) == "gamma delta")
        #expect(page(1.6).block.runs[page(1.6).highlighted].map(\.text) == ["delta"])
        #expect(page(1.95).isEmpty)
    }

    @Test func boldAndItalicRunsUseTheFamilysFaces() throws {
        let track = try CaptionTrack("1\n00:00:00,000 --> 00:00:01,000\nplain <b>bold</b> <i>italic</i>\n", format: .subRip)
        let s = shown(track, at: 0.5)
        let layout = typesetter.layout(s.block)
        let styles = layout.fonts.map { "\($0.face.family) \($0.face.style)" }
        #expect(styles.contains("Liberation Sans Bold") && styles.contains("Liberation Sans Italic"))
        #expect(layout.fonts.allSatisfy { $0.isMatch })
    }

    @Test func postScriptStyleSuffixesFindTheFamilysFacesAndAMisspeltStyleIsAStandIn() {
        let library = FontLibrary()
        #expect(library.face(named: "Helvetica-Oblique").face.style == "Italic")
        #expect(library.face(named: "Helvetica-BoldOblique").face.style == "Bold Italic")
        #expect(library.face(named: "Helvetica-Oblique").isMatch)
        #expect(!library.face(named: "Helvetica-Bolf").isMatch)
    }
}

extension TextBlock {
    /// The block at `factor` times its sizes, as fitting sets it, for comparing with its fit.
    func scaledForTest(by factor: Double) -> TextBlock {
        TextBlock(
            runs: runs.map { TextRun($0.text, font: $0.font, fontSize: $0.fontSize.map { $0 * factor }) }, font: font,
            fontSize: fontSize * factor, width: width, height: height, isWrapped: isWrapped)
    }
}
