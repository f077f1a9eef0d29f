import Testing

@testable import ReelLottie

/// Keyframe evaluation as the players do it: eases per segment, holds, both keyframe forms.
@Suite struct AnimatedTests {
    private func key(
        _ t: Double, _ v: Double, hold: Bool = false, out: (Double, Double) = (0, 0), in i: (Double, Double) = (1, 1)
    )
        -> LottieKeyframe
    {
        var k = LottieKeyframe(time: t, value: [v], hold: hold)
        k.easeOut = .init(x: [out.0], y: [out.1])
        k.easeIn = .init(x: [i.0], y: [i.1])
        return k
    }

    @Test func linearKeyframesInterpolateAndHoldOutside() {
        let a = Animated.keyed([key(0, 0), key(10, 100)])
        #expect(a.value(at: 5) == [50])
        #expect(a.value(at: -3) == [0])
        #expect(a.value(at: 12) == [100])
    }

    @Test func easeFollowsTheCubicBezier() {
        // Ease in-out (0.42, 0, 0.58, 1): symmetric, slow at both ends.
        let a = Animated.keyed([key(0, 0, out: (0.42, 0), in: (0.58, 1)), key(10, 100)])
        #expect(abs(a.value(at: 5)[0] - 50) < 1e-9)
        #expect(a.value(at: 1)[0] < 3)
        #expect(a.value(at: 9)[0] > 97)
        // y beyond 1 overshoots, as After Effects' eases can.
        let over = Animated.keyed([key(0, 0, out: (0.3, 1.6), in: (0.7, 1.6)), key(10, 100)])
        #expect(over.value(at: 7)[0] > 100)
    }

    @Test func holdKeepsTheValueUntilTheNextKeyframe() {
        let a = Animated.keyed([key(0, 1, hold: true), key(10, 5)])
        #expect(a.value(at: 9.999) == [1])
        #expect(a.value(at: 10) == [5])
    }

    @Test func bothKeyframeFormsReadAlike() throws {
        let report = LottieReport()
        let newer = try LottieProperty.read(
            node(
                #"{"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": [0.3], "y": [0]}, "i": {"x": [0.7], "y": [1]}}, {"t": 10, "s": [40]}]}"#,
                report))
        let older = try LottieProperty.read(
            node(
                #"{"a": 1, "k": [{"t": 0, "s": [0], "e": [40], "o": {"x": [0.3], "y": [0]}, "i": {"x": [0.7], "y": [1]}}, {"t": 10}]}"#,
                report))
        #expect(newer == older)
        #expect(newer?.value(at: 10) == [40])
        #expect(report.problems.isEmpty)
    }

    @Test func keyframesOutOfOrderAreRefusedWithTheirPath() throws {
        let report = LottieReport()
        let value = try LottieProperty.read(
            node(#"{"a": 1, "k": [{"t": 5, "s": [0]}, {"t": 2, "s": [1]}]}"#, report, path: "layers[0].ks.o"))
        #expect(value == nil)
        #expect(report.problems.map(\.path) == ["layers[0].ks.o.k[1].t"])
    }

    @Test func expressionsAreReportedAndTheirKeyframesUsed() throws {
        let report = LottieReport()
        let value = try LottieProperty.read(node(#"{"a": 0, "k": 30, "x": "wiggle(2, 10)"}"#, report, path: "layers[2].ks.r"))
        #expect(value == .fixed([30]))
        #expect(report.warnings.map(\.path) == ["layers[2].ks.r.x"])
    }

    @Test func combiningSharedKeyframesKeepsThemWhenLinearAndOthersAreSampledAtFrames() {
        let a = Animated.keyed([key(0, 0), key(10, 10)])
        let b = Animated.keyed([key(0, 100), key(10, 200)])
        guard case .keyed(let shared) = Animated.combine([a, b], linear: true, { [$0[0][0] + $0[1][0]] }) else {
            Issue.record("expected keyframes")
            return
        }
        #expect(shared.map(\.time) == [0, 10])
        let c = Animated.keyed([key(2, 0), key(7, 10)])
        let mixed = Animated.combine([a, c]) { [$0[0][0] * $0[1][0]] }
        for t in stride(from: 0.0, through: 10, by: 1) {
            #expect(abs(mixed.value(at: t)[0] - a.value(at: t)[0] * c.value(at: t)[0]) < 1e-9)
        }
    }
}

/// A node of `text` for the reader.
func node(_ text: String, _ report: LottieReport, path: String = "p") throws -> LottieNode {
    LottieNode(value: try parseJSON(text), path: path, report: report)
}

/// Hostile numbers and rotations between keyframes.
@Suite struct AnimatedLimitsTests {
    typealias F = LottieFixture

    @Test func numbersPastTheLimitAreRefusedNotTrapped() throws {
        for layer in [#"{"ty": 1e19, "ks": {}}"#, #"{"ty": 4, "bm": -1, "ks": {}, "shapes": []}"#] {
            _ = try? F.imported(F.document(layer))
        }
        let far = F.document(
            F.shapeLayer(
                #"{"ty": "el", "p": {"a": 1, "k": [{"t": 1e17, "s": [0, 0]}, {"t": 1.00000000000000032e17, "s": [1, 1]}]}, "s": {"a": 0, "k": [4, 4]}}"#
            ))
        #expect(throws: (any Error).self) { try F.imported(far) }
    }

    @Test func aStarTurningAFullCircleTurnsBetweenItsKeyframes() throws {
        // A five-point star turning 0...72° over 10 frames: at frame 5 it is turned 36°, not still.
        let star =
            #"{"ty": "sr", "sy": 1, "pt": {"a": 0, "k": 5}, "p": {"a": 0, "k": [20, 20]}, "or": {"a": 0, "k": 18}, "ir": {"a": 0, "k": 6}, "os": {"a": 0, "k": 0}, "is": {"a": 0, "k": 0}, "r": {"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 10, "s": [72]}]}}"#
        let doc = F.document(F.shapeLayer(star + "," + F.fill(1, 1, 1)))
        // Unturned, a point is straight up; turned 36°, a notch is.
        #expect(try F.render(doc, frame: 0).rgba(20, 8)[3] > 200)
        #expect(try F.render(doc, frame: 5).rgba(20, 8)[3] < 50)
    }
}
