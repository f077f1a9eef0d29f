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
