import ReelJSON
import Testing

@testable import ReelLottie

/// Expressions run in the embedded engine with After Effects' globals as lottie-web defines
/// them: each global, Bodymovin's conventions, a failing expression that keeps its keyframes
/// and hostile ones that end quickly with the engine's message.
@Suite struct LottieExpressionsTests {
    /// A composition at 10 fps, frames 0...20: layer "target" (index 1) moves from (0, 0) to
    /// (100, 0) over frames 0...10 and has a slider effect of 7; layer "subject" (index 2, parented
    /// to nothing) has position `position` (keyframes, or a fixed [20, 30, 5]) with `expression`.
    static func evaluate(
        _ expression: String, position: String = #"{"a": 0, "k": [20, 30, 5]"#, at frames: [Double]
    ) throws -> (values: [[Double]], warnings: [String]) {
        let doc = LottieFixture.document(
            """
            {"ty": 3, "nm": "target", "ind": 1, "ip": 0, "op": 20, "st": 0,
             "ks": {"p": {"a": 1, "k": [{"t": 0, "s": [0, 0], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 10, "s": [100, 0]}]},
                    "r": {"a": 0, "k": 30}},
             "ef": [{"ty": 0, "nm": "Slider Control", "mn": "ADBE Slider Control", "ef": [{"ty": 0, "nm": "Slider", "mn": "ADBE Slider Control-0001", "v": {"a": 0, "k": 7}}]}]},
            {"ty": 3, "nm": "subject", "ind": 2, "ip": 0, "op": 20, "st": 0,
             "ks": {"p": \(position), "x": \(JSONValue.quote(expression))}}}
            """, fr: 10, op: 20)
        let json = try parseJSON(doc)
        let report = LottieReport()
        report.expressions = LottieExpressions(document: json, fps: 10, frames: 0...20)
        let node = try #require(LottieNode(value: json, path: "", report: report).descendant("layers[1].ks.p"))
        let animated = try #require(LottieProperty.read(node))
        return (frames.map { animated.value(at: $0) }, report.warnings.map { "\($0.path): \($0.found)" })
    }

    static let moving =
        #"{"a": 1, "k": [{"t": 0, "s": [0, 0, 0], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 10, "s": [10, 20, 0]}]"#

    @Test func timeValueAndTheResultConventions() throws {
        // `$bm_rt` is the result; a 2-value result for a 3-value property keeps z.
        let r = try Self.evaluate("var $bm_rt; $bm_rt = [time * 10, value[1] + 1];", at: [0, 5, 20])
        #expect(r.values == [[0, 31, 5], [5, 31, 5], [20, 31, 5]])
        #expect(r.warnings.isEmpty)
        // Without `$bm_rt`, the last statement's value, as After Effects reads it.
        let last = try Self.evaluate("var a = value[0] * 2; [a, index, thisLayer.name.length]", at: [3])
        #expect(last.values == [[40, 2, 7]])
    }

    @Test func otherLayersEffectsAndTheComposition() throws {
        let r = try Self.evaluate(
            """
            var $bm_rt; var t = thisComp.layer('target');
            $bm_rt = [t.transform.position[0] + t.rotation, effect === undefined ? 0 : thisComp.layer(1).effect('Slider Control')('Slider'), thisComp.frameDuration * 100 + thisComp.numLayers];
            """, at: [5])
        #expect(r.values == [[80, 7, 12]])
        let m = try Self.evaluate(
            "var $bm_rt; var t = thisComp.layer('target'); $bm_rt = [t('ADBE Transform Group')('ADBE Position')[0], t('ADBE Effect Parade')('Slider Control')(1), t.index];",
            at: [5])
        #expect(m.values == [[50, 7, 1]])
    }

    @Test func keyframesOfTheProperty() throws {
        let r = try Self.evaluate(
            """
            var $bm_rt; var n = nearestKey(time).index;
            $bm_rt = [numKeys * 100 + n, key(2).time * 10 + key(2).value[1], valueAtTime(0.5)[1] + velocityAtTime(0.2)[0]];
            """, position: Self.moving, at: [2, 8])
        // Velocity: 10 units over 1 s; value at 0.5 s: y 10.
        #expect(r.values[0][0] == 201 && r.values[1][0] == 202)
        #expect(r.values[0][1] == 30)
        #expect(abs(r.values[0][2] - 20) < 1e-6)
    }

    @Test func loopsRepeatTheKeyframes() throws {
        // Keyframes 0...10 (x 0 → 10); at frame 15 (1.5 s): cycle 5, pingpong 5, offset 15, continue 15.
        let kinds = ["cycle": 5.0, "pingpong": 5, "offset": 15, "continue": 15]
        for (kind, expected) in kinds {
            let r = try Self.evaluate("var $bm_rt; $bm_rt = loopOut('\(kind)');", position: Self.moving, at: [15, 5])
            #expect(abs(r.values[0][0] - expected) < 1e-6, "\(kind): \(r.values)")
            #expect(abs(r.values[1][0] - 5) < 1e-9)
        }
        // Pingpong on the way back: frame 18 shows frame 2.
        let back = try Self.evaluate("loopOut('pingpong')", position: Self.moving, at: [18])
        #expect(abs(back.values[0][0] - 2) < 1e-6)
    }

    @Test func mathsHelpers() throws {
        let r = try Self.evaluate(
            """
            var $bm_rt;
            $bm_rt = [linear(time, 0, 1, 0, 100) + clamp(7, 0, 5), length([3, 4]) + normalize([0, 2])[1] + radiansToDegrees(degreesToRadians(90)),
                      $bm_sum([1, 2], [3, 4])[1] + sub(10, 4) + mul([2, 3], 2)[1] + div(9, 3) + $bm_neg(1)];
            """, at: [5])
        #expect(r.values == [[55, 96, 20]])
        // ease, easeIn and easeOut are cubic eases: symmetric, slow-starting, slow-ending.
        let e = try Self.evaluate("[ease(0.5, 0, 1, 0, 100), easeIn(0.25, 0, 1, 0, 100), easeOut(0.25, 0, 1, 0, 100)]", at: [0])
        #expect(abs(e.values[0][0] - 50) < 0.5)
        #expect(e.values[0][1] < 25 && e.values[0][2] > 25)
    }

    @Test func wiggleAndRandomAreSeeded() throws {
        let source = "var $bm_rt; seedRandom(3, true); $bm_rt = add(wiggle(2, 10), [random(5), Math.random()]);"
        let a = try Self.evaluate(source, at: [0, 3, 7, 12])
        let b = try Self.evaluate(source, at: [0, 3, 7, 12])
        #expect(a.values == b.values)
        #expect(Set(a.values.map { $0[0] }).count > 1)
        // A wiggle stays within its amplitude of the value.
        #expect(a.values.allSatisfy { abs($0[0] - 20) <= 10 + 5 + 1 })
    }

    @Test func aFailingExpressionKeepsItsKeyframesAndIsNamed() throws {
        let r = try Self.evaluate("var $bm_rt; $bm_rt = nothingHere(time);", position: Self.moving, at: [5])
        #expect(r.values == [[5, 10, 0]])
        #expect(r.warnings.contains { $0.hasPrefix("layers[1].ks.p.x: the expression fails at frame 0: ReferenceError") })
        let words = try Self.evaluate("'a word'", at: [0])
        #expect(words.values == [[20, 30, 5]])
        #expect(words.warnings.contains { $0.contains("not a number or an array of numbers") })
    }

    @Test func hostileExpressionsEndQuickly() throws {
        let cases = [
            "while (true) {}": "RangeError: execution timeout",
            "var s = 'x'; while (s.length < 1e9) s = s + s; s.length": "alloc failed",
            "require('fs')": "ReferenceError",
            "function down(n) { return down(n + 1) + 1; } down(0)": "RangeError"
        ]
        for (source, kind) in cases {
            let clock = ContinuousClock()
            let start = clock.now
            let r = try Self.evaluate(source, at: [0])
            #expect(clock.now - start < .seconds(5), "\(source)")
            #expect(r.values == [[20, 30, 5]])
            #expect(
                r.warnings.contains { $0.contains("the expression fails at frame 0") && $0.contains(kind) },
                "\(source): \(r.warnings)")
        }
    }
}
