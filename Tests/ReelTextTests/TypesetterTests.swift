import ReelCore
import Testing

@testable import ReelText

/// Layout held to the Core Animation page: wrapping at line-break opportunities, alignment by
/// advances without trailing spaces, truncation with "…", hard breaks, long words, runs on one
/// baseline, kerning, right-to-left Arabic and Chinese by a fallback font. Fonts are Debian's
/// (`Helvetica` is Liberation Sans through fontconfig's aliases).
@Suite struct TypesetterTests {
    let typesetter = Typesetter(library: FontLibrary())

    func lay(
        _ text: String, width: Double = 1000, height: Double = 1000, size: Double = 36, wrapped: Bool = false,
        truncation: TextTruncation = .none, alignment: TextAlignment = .natural, font: String = "Helvetica"
    ) -> TextLayout {
        typesetter.layout(
            TextBlock(
                runs: [TextRun(text)], font: font, fontSize: size, width: width, height: height, isWrapped: wrapped,
                truncation: truncation, alignment: alignment))
    }

    /// A line's advance width when laid out alone, unwrapped.
    func width(_ text: String, size: Double = 36) -> Double { lay(text, width: 1e6, size: size).lines[0].width }

    static let paragraph = "The quick brown fox jumps over the lazy dog while the five boxing wizards jump quickly."

    @Test func aWrappedParagraphBreaksWhereTheNextWordWouldNotFit() {
        let layout = lay(Self.paragraph, width: 300, wrapped: true, alignment: .left)
        let words = Self.paragraph.split(separator: " ").map(String.init)
        #expect(layout.lines.map(\.text).joined(separator: " ") == Self.paragraph)
        #expect(layout.lines.count > 3)
        var used = 0
        for (i, line) in layout.lines.enumerated() {
            #expect(line.width <= 300 + 1e-9, "line \(i) \(line.text) is \(line.width) wide")
            let count = line.text.split(separator: " ").count
            used += count
            if i < layout.lines.count - 1 {
                // Greedy: the next word would not have fitted on this line.
                #expect(width(line.text + " " + words[used]) > 300, "\(words[used]) fitted on line \(i)")
            }
        }
        // Lines stack without rounding, each as high as the font's ascender + descender + gap.
        for (a, b) in zip(layout.lines, layout.lines.dropFirst()) { #expect(b.top == a.top + a.height) }
    }

    @Test func linesAreAsHighAsTheFontsHheaMetricsSay() {
        // Liberation Sans 2.1: unitsPerEm 2048, hhea ascender 1854, descender -434, lineGap 67.
        let line = lay("Hxg").lines[0]
        #expect(abs(line.height - (1854.0 + 434 + 67) / 2048 * 36) < 1e-9)
        #expect(abs(line.baseline - 1854.0 / 2048 * 36) < 1e-9)
        #expect(line.top == 0)
    }

    @Test(arguments: [TextAlignment.left, .right, .center])
    func linesAlignByAdvancesWithoutTrailingSpaces(_ alignment: TextAlignment) {
        let layout = lay(Self.paragraph, width: 400, wrapped: true, alignment: alignment)
        for line in layout.lines {
            let w = width(line.text)
            #expect(abs(line.width - w) < 1e-6)
            switch alignment {
            case .left: #expect(line.x == 0)
            case .right: #expect(abs(line.x + line.width - 400) < 1e-6)
            default: #expect(abs(line.x + line.width / 2 - 200) < 1, "centred within 1 px")
            }
            // The first glyph's pen starts at the line's left edge.
            #expect(abs(layout.glyphs[line.glyphs.lowerBound].origin.x - line.x) < 1e-6)
        }
    }

    @Test func justifiedLinesSpanTheWidthButTheParagraphsLast() {
        let layout = lay(Self.paragraph + "\nShort last.", width: 420, wrapped: true, alignment: .justified)
        let last = layout.lines.count - 1
        for (i, line) in layout.lines.enumerated() {
            let glyphs = layout.glyphs[line.glyphs]
            let g = glyphs.last!
            let right = g.origin.x + Double(g.face.advance(of: g.id)) * g.scale
            let endsParagraph = i == last || line.text.hasSuffix("quickly.")
            if endsParagraph {
                #expect(line.x == 0 && abs(line.width - width(line.text)) < 1e-6, "line \(i) is natural")
            } else {
                #expect(abs(right - 420) < 1, "line \(i) ends at \(right)")
                #expect(line.x == 0)
            }
        }
    }

    @Test func naturalAlignmentFollowsTheFirstStrongCharacter() {
        #expect(lay("123 abc", width: 500).lines[0].x == 0)
        let arabic = lay("١٢ مرحبا بالعالم", width: 500).lines[0]
        #expect(abs(arabic.x + arabic.width - 500) < 1e-6)
    }

    @Test func truncationCutsAtCharactersAndPutsAnEllipsisIn() {
        let full = "The quick brown fox jumps over the lazy dog"
        let end = lay(full, width: 200, truncation: .end).lines[0]
        #expect(end.text.hasSuffix("…") && full.hasPrefix(String(end.text.dropLast())))
        #expect(end.width <= 200)
        // One more character would not fit.
        let kept = String(end.text.dropLast())
        let spaces = full.dropFirst(kept.count).prefix { $0 == " " }.count
        #expect(width(full.prefix(kept.count + spaces + 1) + "…") > 200)
        let start = lay(full, width: 200, truncation: .start).lines[0]
        #expect(start.text.hasPrefix("…") && full.hasSuffix(String(start.text.dropFirst())))
        #expect(start.width <= 200)
        let middle = lay(full, width: 200, truncation: .middle).lines[0]
        let parts = middle.text.split(separator: "…", omittingEmptySubsequences: false)
        #expect(parts.count == 2 && full.hasPrefix(parts[0]) && full.hasSuffix(parts[1]))
        #expect(middle.width <= 200)
        #expect(!parts[0].isEmpty && !parts[1].isEmpty)
        // A line that fits is left alone.
        #expect(lay("fits", width: 200, truncation: .end).lines[0].text == "fits")
        #expect(lay(full, width: 200).lines[0].text == full)
    }

    /// adjustsFontSizeToFit: text that fits at no factor in [minimumScaleFactor, 1] is scaled by
    /// minimumScaleFactor, then truncated (extensions.md); truncation does not count as fitting.
    @Test(arguments: [TextTruncation.none, .end])
    func textThatFitsAtNoFactorIsScaledByTheMinimumThenTruncated(_ truncation: TextTruncation) {
        let full = "The quick brown fox jumps over the lazy dog"
        let layout = typesetter.layout(
            TextBlock(
                runs: [TextRun(full)], font: "Helvetica", fontSize: 36, width: 200, height: 1000, truncation: truncation,
                adjustsToFit: true, minimumScale: 0.5))
        #expect(layout.scale == 0.5)
        #expect(abs(layout.lines[0].height - lay("x", size: 18).lines[0].height) < 1e-9)
        if truncation == .end { #expect(layout.lines[0].text.hasSuffix("…") && layout.lines[0].width <= 200) }
        // Where a factor fits, the largest k/256 is taken.
        let fitting = typesetter.layout(
            TextBlock(
                runs: [TextRun(full)], font: "Helvetica", fontSize: 36, width: 600, height: 1000, truncation: truncation,
                adjustsToFit: true, minimumScale: 0.5))
        #expect(fitting.lines[0].text == full && fitting.lines[0].width <= 600 && fitting.scale < 1)
    }

    @Test func wrappedTruncationEndsTheLastLineThatFits() {
        let lineHeight = lay("x").lines[0].height
        let layout = lay(
            Self.paragraph + "\nA second paragraph.", width: 300, height: lineHeight * 2.5, wrapped: true, truncation: .end)
        #expect(layout.lines.count == 2)
        #expect(layout.lines[1].text.hasSuffix("…"))
        #expect(layout.lines[1].width <= 300)
        #expect(Self.paragraph.contains(String(layout.lines[1].text.dropLast())))
    }

    @Test func hardLineBreaksStartParagraphs() {
        let layout = lay("one\n\nthree")
        #expect(layout.lines.map(\.text) == ["one", "", "three"])
        #expect(layout.lines[1].height == layout.lines[0].height)
        #expect(layout.lines[2].top == 2 * layout.lines[0].height)
    }

    @Test func aWordLongerThanTheWidthBreaksBetweenCharacters() {
        let word = "Supercalifragilisticexpialidocious"
        let layout = lay("a " + word + " b", width: 150, wrapped: true)
        #expect(layout.lines.map(\.text).joined().replacingOccurrences(of: " ", with: "") == "a" + word + "b")
        #expect(layout.lines[0].text == "a")
        for line in layout.lines { #expect(line.width <= 150) }
        #expect(layout.lines.count >= 4)
    }

    @Test func runsShareABaselineAtTheLargestAscender() {
        let layout = typesetter.layout(
            TextBlock(
                runs: [TextRun("small ", fontSize: 18), TextRun("LARGE", fontSize: 54)], font: "Helvetica", fontSize: 36,
                width: 1000, height: 1000))
        #expect(layout.lines.count == 1)
        let line = layout.lines[0]
        #expect(Set(layout.glyphs.map(\.origin.y)) == [line.baseline])
        #expect(abs(line.baseline - 1854.0 / 2048 * 54) < 1e-9)
        #expect(Set(layout.glyphs.map(\.size)) == [18, 54])
    }

    @Test func kerningNarrowsAV() {
        #expect(width("AV") < width("A") + width("V") - 1)
    }

    @Test func arabicIsShapedRightToLeft() {
        let text = "مرحبا"
        let layout = lay(text, width: 500)
        let glyphs = layout.glyphs
        // Visual order left to right: logical characters from last to first.
        #expect(glyphs.map(\.character) == glyphs.map(\.character).sorted(by: >))
        // Joined forms, not the isolated letters the font maps the characters to.
        let face = glyphs[0].face
        let nominal = Set(text.unicodeScalars.compactMap { face.glyph(for: $0) })
        #expect(!Set(glyphs.map(\.id)).isSubset(of: nominal))
        #expect(!face.family.contains("Liberation"))
    }

    @Test func chineseIsDrawnByAFallbackFont() {
        let layout = lay("视觉效果 CA")
        let run = layout.fonts[0]
        #expect(run.face.family == "Liberation Sans")
        #expect(run.isMatch)
        #expect(run.fallbacks.count == 1)
        #expect(run.fallbacks.first?.face.family.contains("CJK") == true)
        #expect(String(String.UnicodeScalarView(run.fallbacks[0].characters)) == "视觉效果")
        #expect(run.missing.isEmpty)
        #expect(Set(layout.glyphs.map(\.face.family)) == ["Liberation Sans", run.fallbacks[0].face.family])
        #expect(!layout.glyphs.contains { $0.id == 0 })
    }

    @Test func aCharacterNoFontHasIsDrawnAsTheMissingGlyph() {
        let layout = lay("a\u{10FFFD}b")
        #expect(layout.fonts[0].missing == ["\u{10FFFD}"])
        #expect(layout.glyphs.count == 3)
        #expect(layout.glyphs[1].id == 0)
    }

    @Test func aLargerSizeScalesTheLayout() {
        let a = lay("Scale me", size: 20).lines[0]
        let b = lay("Scale me", size: 40).lines[0]
        #expect(abs(b.width - 2 * a.width) < 1e-9)
        #expect(abs(b.height - 2 * a.height) < 1e-9)
    }

    @Test func layoutsAreKept() {
        let block = TextBlock(runs: [TextRun("kept")], font: "Helvetica", fontSize: 12, width: 100, height: 100)
        let a = typesetter.layout(block)
        let b = typesetter.layout(block)
        #expect(a.glyphs.map(\.origin) == b.glyphs.map(\.origin))
        #expect(a.glyphs[0].face === b.glyphs[0].face)
    }
}
