import ReelCore
import Testing

@testable import ReelLottie

/// Text from the file's glyph outlines, laid out as the players lay it out.
@Suite struct TextMappingTests {
    typealias F = LottieFixture

    /// A font whose "I" is a bar 20 wide (at size 100) with an advance of 40.
    private let chars = #"""
        , "fonts": {"list": [{"fName": "Bars-Regular", "fFamily": "Bars", "fStyle": "Regular"}]},
        "chars": [{"ch": "I", "size": 100, "style": "Regular", "w": 40, "fFamily": "Bars",
                   "data": {"shapes": [{"ty": "gr", "it": [{"ty": "sh", "ks": {"a": 0, "k": {"c": true,
                       "v": [[0, -70], [20, -70], [20, 0], [0, 0]], "i": [[0, 0], [0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0], [0, 0]]}}}]}]}}]
        """#

    private func text(_ string: String, justify: Int, tracking: Double = 0) -> String {
        let layer = #"""
            {"ty": 5, "ind": 1, "ip": 0, "op": 100, "st": 0, "ks": {"p": {"a": 0, "k": [40, 30]}},
             "t": {"d": {"k": [{"t": 0, "s": {"s": 20, "f": "Bars-Regular", "t": "\#(string)", "j": \#(justify), "tr": \#(tracking), "lh": 24, "fc": [1, 0, 0]}}]},
                   "p": {}, "m": {"g": 1, "a": {"a": 0, "k": [0, 0]}}, "a": []}}
            """#
        return F.document(layer, w: 80, h: 40, extra: chars)
    }

    @Test func glyphsAreScaledAndAdvanced() throws {
        // Size 20: each bar is 4 wide and 14 tall, advancing 8; left-justified from x 40.
        let frame = try F.render(text("II", justify: 0), frame: 0)
        #expect(frame.near(42, 25, [255, 0, 0, 255]))
        #expect(frame.near(46, 25, [0, 0, 0, 0]))
        #expect(frame.near(50, 25, [255, 0, 0, 255]))
        #expect(frame.near(42, 14, [0, 0, 0, 0]))
    }

    @Test func justificationAndTracking() throws {
        // Centred: "II" is 8 + 4... its advance 16 centred on x 40: starts at 32.
        let centred = try F.render(text("II", justify: 2), frame: 0)
        #expect(centred.near(34, 25, [255, 0, 0, 255]))
        // Right-justified: ends at 40.
        let right = try F.render(text("I", justify: 1), frame: 0)
        #expect(right.near(34, 25, [255, 0, 0, 255]))
        // Tracking 500 (thousandths of the size): 10 more per character.
        let tracked = try F.render(text("II", justify: 0, tracking: 500), frame: 0)
        #expect(tracked.near(60, 25, [255, 0, 0, 255]))
        #expect(tracked.near(50, 25, [0, 0, 0, 0]))
    }
}

/// Text in a named font (through Reel's text stack) placed by lottie-web's rules, and text
/// animators' range selectors and properties per character.
@Suite struct TextLayoutTests {
    typealias F = LottieFixture

    private func fontText(_ document: String, animators: String = "[]", w: Int = 120, h: Int = 80) -> String {
        let layer = #"""
            {"ty": 5, "ind": 1, "ip": 0, "op": 100, "st": 0, "ks": {"p": {"a": 0, "k": [10, 40]}},
             "t": {"d": {"k": [{"t": 0, "s": {"s": 20, "f": "LiberationSans", "fc": [1, 0, 0], \#(document)}}]},
                   "p": {}, "m": {"g": 1, "a": {"a": 0, "k": [0, 0]}}, "a": \#(animators)}}
            """#
        return F.document(
            layer, w: w, h: h,
            extra:
                #", "fonts": {"list": [{"fName": "LiberationSans", "fFamily": "Liberation Sans", "fStyle": "Regular", "ascent": 72}]}"#
        )
    }

    @Test func aFontsFirstBaselineSitsOnTheAnchorAndLinesAreLhApart() throws {
        // "I" has no descender: its ink ends on the baseline, y 40; the second line's 30 below.
        let one = try #require(PixelBufferInk(try F.render(fontText(#""t": "I", "j": 0, "lh": 30"#), frame: 0)).ink)
        #expect(abs(one.rows.upperBound - 39) <= 1)
        // Its cap height is 0.73 of the size: it starts about 14.6 above the baseline.
        #expect(abs(one.rows.lowerBound - 25) <= 1)
        let two = try #require(PixelBufferInk(try F.render(fontText(#""t": "I\rI", "j": 0, "lh": 30"#), frame: 0)).ink)
        #expect(abs(two.rows.upperBound - 69) <= 1)
    }

    @Test func aBoxPutsItsFirstBaselineAtItsTopPlusTheAscentAndWraps() throws {
        // Box at (0, -30) in the layer, 40 wide: the first baseline at -30 + 0.72 x 20 = -15.6
        // (y 24.4 in the canvas); "II II" is wider than 40 at tracking 1000, so it wraps at the space.
        let doc = fontText(#""t": "II II", "j": 0, "lh": 25, "tr": 1000, "sz": [40, 60], "ps": [0, -30]"#)
        let frame = try #require(PixelBufferInk(try F.render(doc, frame: 0)).ink)
        #expect(abs(frame.rows.upperBound - 49) <= 1)
        #expect(abs(frame.rows.lowerBound - 10) <= 1)
        #expect(frame.columns.upperBound < 50)
    }

    @Test func fontsKernPairsAsTheyDrawThem() {
        // Liberation Sans kerns "T" before "e" tighter; "I" before "I" not at all.
        let report = LottieReport()
        let root = LottieNode(
            value: .obj([
                ("fonts", .obj([("list", .array([.obj([("fName", .string("L")), ("fFamily", .string("Liberation Sans"))])]))]))
            ]),
            path: "", report: report)
        let glyphs = TextGlyphs(font: "L", assets: LottieAssets(root, packaged: [:], baseDirectory: "/"), node: root)
        #expect(glyphs.kerning("T", "e") < -1)
        #expect(glyphs.kerning("I", "I") == 0)
        #expect(report.warnings.isEmpty)
    }

    @Test func rangeSelectorShapesAsLottieWebComputesThem() {
        var selector = TextAnimator.Selector()
        selector.start = .fixed([0])
        selector.end = .fixed([50])
        // Square over 4 characters, 0...50 %: the first two fully, none after.
        #expect((0..<4).map { selector.amount($0, of: 4, at: 0) } == [1, 1, 0, 0])
        // Ramp up over 0...2 characters: 0.25 and 0.75 at the middles of the first two, then 1.
        selector.shape = 2
        #expect((0..<4).map { selector.amount($0, of: 4, at: 0) } == [0.25, 0.75, 1, 1])
        // Triangle over all four: rising to the middle, then falling.
        selector.shape = 4
        selector.end = .fixed([100])
        #expect((0..<4).map { selector.amount($0, of: 4, at: 0) } == [0.25, 0.75, 0.75, 0.25])
        // Indices: start 1, end 3 (square) selects the second and third; the amount scales.
        selector.shape = 1
        selector.inIndices = true
        selector.hasEnd = true
        selector.start = .fixed([1])
        selector.end = .fixed([3])
        selector.amount = .fixed([50])
        #expect((0..<4).map { selector.amount($0, of: 4, at: 0) } == [0, 0.5, 0.5, 0])
    }

    @Test func selectorsCountCharactersWordsAndLines() {
        let letters = TextMapping.letters(
            text: "ab cd\re", size: 10, tracking: 0, lineHeight: 12, justify: 0, baselineShift: 0, box: nil, ascent: 75,
            glyph: { _ in .init(advance: 50, outline: []) })
        #expect(TextAnimator.units(letters, basis: 1).indices == [0, 1, 2, 3, 4, 5])
        #expect(TextAnimator.units(letters, basis: 2).indices == [0, 1, 2, 2, 3, 4])
        #expect(TextAnimator.units(letters, basis: 2).total == 5)
        #expect(TextAnimator.units(letters, basis: 3).indices == [0, 0, 0, 1, 1, 2])
        #expect(TextAnimator.units(letters, basis: 3).total == 3)
        #expect(TextAnimator.units(letters, basis: 4).indices == [0, 0, 0, 0, 0, 1])
        #expect(TextAnimator.units(letters, basis: 4).total == 2)
    }

    @Test func animatorsFadeMoveAndColourTheSelectedCharacters() throws {
        // "II": the first half (the first "I") faded out; every character moved 20 down and turned green.
        let animators = #"""
            [{"s": {"s": {"a": 0, "k": 0}, "e": {"a": 0, "k": 50}, "o": {"a": 0, "k": 0}, "a": {"a": 0, "k": 100}, "r": 1, "b": 1, "sh": 1},
              "a": {"o": {"a": 0, "k": 0}}},
             {"s": {"s": {"a": 0, "k": 0}, "e": {"a": 0, "k": 100}, "a": {"a": 0, "k": 100}, "r": 1, "b": 1, "sh": 1},
              "a": {"p": {"a": 0, "k": [0, 20]}, "fc": {"a": 0, "k": [0, 1, 0]}}}]
            """#
        let frame = try F.render(fontText(#""t": "II", "j": 0, "lh": 30"#, animators: animators), frame: 0)
        let ink = try #require(PixelBufferInk(frame).ink)
        // Only the second "I" shows (from x 10 + its advance 5.56), 20 lower, green.
        #expect(ink.columns.lowerBound >= 15)
        #expect(abs(ink.rows.upperBound - 59) <= 1)
        let strongest = ink.columns.map { frame.rgba($0, 52) }.max { $0[3] < $1[3] }!
        #expect(strongest[3] > 200 && strongest[1] == strongest[3] && strongest[0] == 0)
    }
}

/// Where a frame has ink (alpha over 128).
struct PixelBufferInk {
    let ink: (rows: ClosedRange<Int>, columns: ClosedRange<Int>)?

    init(_ frame: PixelBuffer) {
        var rows: [Int] = []
        var columns: [Int] = []
        for y in 0..<frame.height {
            for x in 0..<frame.width where frame.rgba(x, y)[3] > 128 {
                rows.append(y)
                columns.append(x)
            }
        }
        guard let top = rows.min(), let bottom = rows.max(), let left = columns.min(), let right = columns.max() else {
            ink = nil
            return
        }
        ink = (top...bottom, left...right)
    }
}
