import ReelTimeline
import Testing

@testable import ReelLottie

/// What the importer writes is a timeline Reel takes: key times from exactly 0 to exactly 1,
/// a split position as the keys the format has, ids unique among siblings.
@Suite struct ImportValidityTests {
    typealias F = LottieFixture

    /// A white 10 x 10 square layer named `name` with transform `ks`.
    private func square(_ name: String, ind: Int, ks: String) -> String {
        #"{"ty": 4, "nm": "\#(name)", "ind": \#(ind), "ip": 0, "op": 1000, "st": 0, "ks": \#(ks), "shapes": [\#(F.rect(0, 0, 10, 10)), \#(F.fill(1, 1, 1))]}"#
    }

    @Test func aHoldBeforeTheLastKeyframeEndsItsKeyTimesAtExactlyOne() throws {
        // Opacity eases from 0 to 100 over frames 0...5, holds at 100, then steps to 0 at
        // frame 13: the step just before frame 13 used to end the key times at 0.99999….
        let ks = #"""
            {"p": {"a": 0, "k": [20, 20]},
             "o": {"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}},
                                 {"t": 5, "s": [100], "h": 1}, {"t": 13, "s": [0]}]}}
            """#
        let doc = F.document(square("blink", ind: 1, ks: ks))
        let timeline = try F.timeline(doc)
        #expect(timeline.layers.count == 1)
        #expect(try F.render(doc, frame: 0).near(20, 20, [0, 0, 0, 0]))
        #expect(try F.render(doc, frame: 12).near(20, 20, [255, 255, 255, 255]))
        #expect(try F.render(doc, frame: 13).near(20, 20, [0, 0, 0, 0]))
        #expect(try F.render(doc, frame: 19).near(20, 20, [0, 0, 0, 0]))
    }

    @Test func keyTimesRunFromExactlyZeroToExactlyOne() {
        #expect(AnimationWriter.keyTime(0.5, from: 0.5, to: 13.3) == 0)
        #expect(AnimationWriter.keyTime(13.3, from: 0.5, to: 13.3) == 1)
        #expect(AnimationWriter.keyTime(13.3 - AnimationWriter.stepLead, from: 0.5, to: 13.3) < 1)
        // Keyframes all on one frame: a step there.
        #expect(AnimationWriter.keyTime(4, from: 4, to: 4) == 1)
    }

    @Test func splitPositionIsWrittenAsPositionAndItsAxes() throws {
        func doc(_ x: String, _ y: String) -> String {
            F.document(square("split", ind: 1, ks: #"{"p": {"s": true, "x": \#(x), "y": \#(y)}}"#))
        }
        let moving =
            #"{"a": 1, "k": [{"t": 0, "s": [5], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 10, "s": [35]}]}"#
        // Both fixed.
        let fixed = doc(#"{"a": 0, "k": 12}"#, #"{"a": 0, "k": 28}"#)
        #expect(try F.render(fixed, frame: 0).near(12, 28, [255, 255, 255, 255]))
        #expect(try F.render(fixed, frame: 0).near(28, 12, [0, 0, 0, 0]))
        // x animated, y fixed: (5, 28) at frame 0, (20, 28) at frame 5, (35, 28) at frame 10.
        let xOnly = doc(moving, #"{"a": 0, "k": 28}"#)
        #expect(try F.render(xOnly, frame: 0).near(5, 28, [255, 255, 255, 255]))
        #expect(try F.render(xOnly, frame: 5).near(20, 28, [255, 255, 255, 255]))
        #expect(try F.render(xOnly, frame: 5).near(20, 12, [0, 0, 0, 0]))
        #expect(try F.render(xOnly, frame: 10).near(35, 28, [255, 255, 255, 255]))
        // y animated, x fixed.
        let yOnly = doc(#"{"a": 0, "k": 12}"#, moving)
        #expect(try F.render(yOnly, frame: 5).near(12, 20, [255, 255, 255, 255]))
        #expect(try F.render(yOnly, frame: 10).near(12, 35, [255, 255, 255, 255]))
        // Both animated, y with a hold.
        let held = #"{"a": 1, "k": [{"t": 0, "s": [8], "h": 1}, {"t": 10, "s": [30]}]}"#
        let both = doc(moving, held)
        #expect(try F.render(both, frame: 5).near(20, 8, [255, 255, 255, 255]))
        #expect(try F.render(both, frame: 10).near(35, 30, [255, 255, 255, 255]))
        // No `position.x` or `position.y` as a layer key anywhere.
        for text in [fixed, xOnly, yOnly, both] {
            let written = try F.imported(text).document.serialized
            #expect(!written.contains(#""position.x":"#) && !written.contains(#""position.y":"#))
            #expect(written.contains(#""keyPath":"position.x""#) == (text != fixed && text != yOnly))
        }
    }

    @Test func aPositionEasedPerAxisWithOneAxisStillDecodes() throws {
        // x eases differently from y but never moves: only y is animated, x stays in `position`.
        let ks = #"""
            {"p": {"a": 1, "k": [{"t": 0, "s": [10, 5], "o": {"x": [0.5, 0], "y": [0, 0]}, "i": {"x": [0.5, 1], "y": [1, 1]}},
                                 {"t": 10, "s": [10, 35]}]}}
            """#
        let doc = F.document(square("axis", ind: 1, ks: ks))
        #expect(try F.render(doc, frame: 5).near(10, 20, [255, 255, 255, 255]))
        #expect(try F.render(doc, frame: 5).near(25, 20, [0, 0, 0, 0]))
        #expect(try F.render(doc, frame: 10).near(10, 35, [255, 255, 255, 255]))
    }

    @Test func siblingsWithOneNameGetUniqueIdsInFileOrder() throws {
        let ks = #"{"p": {"a": 0, "k": [20, 20]}}"#
        // Two layers named "dot" and one really named "dot 2": the second "dot" skips to "dot 3".
        let layers = [square("dot", ind: 1, ks: ks), square("dot", ind: 2, ks: ks), square("dot 2", ind: 3, ks: ks)]
        let timeline = try F.timeline(F.document(layers.joined(separator: ",")))
        // Sublayers are bottom to top: the reverse of the file's order.
        #expect(timeline.layers[0].sublayers.map(\.model.id) == ["dot 2", "dot 3", "dot"])
        let pair = try F.timeline(
            F.document([square("Name", ind: 1, ks: ks), square("Name", ind: 2, ks: ks)].joined(separator: ",")))
        #expect(pair.layers[0].sublayers.map(\.model.id) == ["Name 2", "Name"])
    }

    @Test func textBreaksLinesAtETXAndLeavesOutOtherControlCharacters() throws {
        #expect(TextMapping.lines("a\u{3}b\r\nc\nd\te\u{1}f\u{85}") == "a\rb\rc\rd ef")
        // Laid out: the ETX breaks the line, the other control character is left out.
        let letters = TextMapping.letters(
            text: TextMapping.lines("one\u{3}two\u{1}"), size: 10, tracking: 0, lineHeight: 12, justify: 0,
            baselineShift: 0, box: nil, ascent: 75, glyph: { _ in .init(advance: 50, outline: []) })
        #expect(String(letters.map(\.character)) == "onetwo")
        #expect(letters.map(\.line) == [0, 0, 0, 1, 1, 1])
        #expect(letters.map(\.baseline) == [0, 0, 0, 12, 12, 12])
        let layer = #"""
            {"ty": 5, "nm": "text", "ind": 1, "ip": 0, "op": 100, "st": 0, "ks": {},
             "t": {"d": {"k": [{"t": 0, "s": {"s": 10, "f": "Sans", "t": "one\u0003two\u0001", "j": 0, "lh": 12, "fc": [1, 0, 0]}}]},
                   "p": {}, "m": {"g": 1, "a": {"a": 0, "k": [0, 0]}}, "a": []}}
            """#
        _ = try F.timeline(F.document(layer))
    }

    @Test func keyframesUnderAZeroAnimatedFlagAreStillKeyframes() throws {
        // `a` 0 over a keyframe list (as some exporters write it): read as keyframes, as the players do.
        let ks = #"""
            {"p": {"a": 0, "k": [20, 20]},
             "o": {"a": 0, "k": [{"t": 0, "s": 100, "h": 1, "i": null, "o": null}, {"t": 5, "s": 0, "h": 1}, {"t": 10, "s": 100}]}}
            """#
        let doc = F.document(square("flag", ind: 1, ks: ks))
        #expect(try F.render(doc, frame: 2).near(20, 20, [255, 255, 255, 255]))
        #expect(try F.render(doc, frame: 7).near(20, 20, [0, 0, 0, 0]))
        #expect(try F.render(doc, frame: 12).near(20, 20, [255, 255, 255, 255]))
    }

    @Test func uniqueIdsNeverTakeAnotherSiblingsName() {
        #expect(ReelLayer.unique(["a", "a", "a"]) == ["a", "a 2", "a 3"])
        #expect(ReelLayer.unique(["a", "a", "a 2", "a 2"]) == ["a", "a 3", "a 2", "a 2 2"])
        #expect(ReelLayer.unique(["a 3", "a", "a", "a"]) == ["a 3", "a", "a 2", "a 4"])
    }
}
