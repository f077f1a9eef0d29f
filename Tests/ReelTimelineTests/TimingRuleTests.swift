import Foundation
import ReelCore
import ReelLayers
import Testing

@testable import ReelFormat
@testable import ReelTimeline

/// Core Animation's timing rules, each against values worked out by hand.
@Suite struct TimingRuleTests {
    /// A one-layer timeline with `animation` (JSON) on it, evaluated for `keyPath`'s scalar.
    func value(_ animation: String, at t: Double, layer: String = #""position": [0, 0]"#) throws -> Layer {
        let json =
            #"{"canvas": {"width": 100, "height": 100, "duration": 10}, "layers": [{"id": "l", "#
            + layer + #", "sublayers": [{"id": "child"}], "animations": ["# + animation + "]}]}"
        return try Timeline.decode(json).layers[0].presentation(at: t)
    }

    @Test func easeInEaseOutAtAQuarter() throws {
        // x(t) = 3(1-t)^2 t 0.42 + 3(1-t) t^2 0.58 + t^3 = 0.25 at t = 0.225065; y = 3(1-t) t^2 + t^3 = 0.129162.
        #expect(abs(TimingFunction.easeInEaseOut.value(at: 0.25) - 0.129162) < 1e-6)
        let l = try value(
            #"{"keyPath": "position.x", "fromValue": 0, "toValue": 100, "duration": 1, "timingFunction": "easeInEaseOut"}"#,
            at: 0.25)
        #expect(abs(l.position.x - 12.9162) < 1e-4)
    }

    @Test func customBezierIsSolvedInX() {
        let f = TimingFunction(0.68, -0.55, 0.27, 1.55)  // overshoots both ways
        #expect(f.value(at: 0.1) < 0 && f.value(at: 0.9) > 1)
        #expect(f.value(at: 0) == 0 && f.value(at: 1) == 1)
    }

    @Test func twoAndAHalfRepeatsWithAutoreverse() throws {
        // duration 1, autoreverses: one cycle is 2 s (0 -> 100 -> 0); 2.5 cycles = 5 s, ending at 100.
        let a =
            #"{"keyPath": "position.x", "fromValue": 0, "toValue": 100, "duration": 1, "autoreverses": true, "repeatCount": 2.5}"#
        #expect(try value(a, at: 0.25).position.x == 25)
        #expect(try value(a, at: 1.25).position.x == 75)  // on the way back
        #expect(try value(a, at: 2.5).position.x == 50)  // second cycle, forward
        #expect(try value(a, at: 4.75).position.x == 75)  // third cycle, forward half: ends at the far end
        #expect(try value(a, at: 5).position.x == 100)  // closed at the end
        #expect(try value(a, at: 5.01).position.x == 0)  // removed: the model value
    }

    @Test func fillModesBeforeAndAfter() throws {
        func a(_ fill: String, removed: Bool = false) -> String {
            #"{"keyPath": "position.x", "fromValue": 10, "toValue": 20, "beginTime": 2, "duration": 1, "fillMode": ""#
                + fill + #"", "removedOnCompletion": \#(removed)}"#
        }
        #expect(try value(a("removed"), at: 1).position.x == 0)
        #expect(try value(a("backwards"), at: 1).position.x == 10)
        #expect(try value(a("both"), at: 1).position.x == 10)
        #expect(try value(a("forwards"), at: 1).position.x == 0)
        #expect(try value(a("forwards"), at: 5).position.x == 20)
        #expect(try value(a("both"), at: 5).position.x == 20)
        #expect(try value(a("backwards"), at: 5).position.x == 0)
        #expect(try value(a("both", removed: true), at: 5).position.x == 0)  // removedOnCompletion wins
    }

    @Test func speedTwoWithTimeOffset() throws {
        // duration 4 at speed 2 is active for 2 s; timeOffset 1 starts a quarter in and wraps.
        let a = #"{"keyPath": "position.x", "fromValue": 0, "toValue": 100, "duration": 4, "speed": 2, "timeOffset": 1}"#
        #expect(try value(a, at: 0).position.x == 25)
        #expect(try value(a, at: 0.5).position.x == 50)  // local (0.5 x 2) + 1 = 2
        #expect(try value(a, at: 1.25).position.x == 87.5)
        #expect(try value(a, at: 1.75).position.x == 12.5)  // 3.5 + 1 = 4.5 wraps to 0.5
        #expect(try value(a, at: 2.5).position.x == 0)  // over after 2 s
    }

    @Test func fractionalRepeatAndRepeatDuration() throws {
        let a =
            #"{"keyPath": "position.x", "fromValue": 0, "toValue": 100, "duration": 2, "repeatCount": 3, "repeatDuration": 3}"#
        #expect(try value(a, at: 2.5).position.x == 25)
        #expect(try value(a, at: 3).position.x == 50)  // repeatDuration wins: ends half-way through cycle 2
        #expect(try value(a, at: 3.1).position.x == 0)
        let inf = #"{"keyPath": "position.x", "fromValue": 0, "toValue": 100, "duration": 2, "repeatCount": "infinity"}"#
        #expect(try value(inf, at: 1001).position.x == 50)
    }

    @Test func cumulativeAndAdditive() throws {
        let c = #"{"keyPath": "position.x", "fromValue": 0, "toValue": 10, "duration": 1, "repeatCount": 3, "cumulative": true}"#
        #expect(try value(c, at: 2.5).position.x == 25)  // cycle 2 builds on 2 x 10
        let a = #"{"keyPath": "position.x", "fromValue": 0, "toValue": 10, "duration": 1, "additive": true}"#
        #expect(try value(a, at: 0.5, layer: #""position": [100, 0]"#).position.x == 105)
    }

    @Test func fromToByRules() throws {
        let base = #""position": [40, 0]"#
        #expect(try value(#"{"keyPath": "position.x", "toValue": 100, "duration": 1}"#, at: 0.5, layer: base).position.x == 70)
        #expect(try value(#"{"keyPath": "position.x", "fromValue": 0, "duration": 1}"#, at: 0.5, layer: base).position.x == 20)
        #expect(try value(#"{"keyPath": "position.x", "byValue": 20, "duration": 1}"#, at: 0.5, layer: base).position.x == 50)
        #expect(
            try value(#"{"keyPath": "position.x", "fromValue": 10, "byValue": 20, "duration": 1}"#, at: 0.5, layer: base).position
                .x == 20)
        #expect(
            try value(#"{"keyPath": "position.x", "toValue": 10, "byValue": 20, "duration": 1}"#, at: 0.5, layer: base).position.x
                == 0)
    }

    @Test func zeroDurationIsAQuarterSecond() throws {
        #expect(MediaTiming().simpleDuration == 0.25)
        #expect(try value(#"{"keyPath": "position.x", "fromValue": 0, "toValue": 100}"#, at: 0.125).position.x == 50)
    }

    @Test func pacedKeyframesAlongAPathMoveAtConstantSpeed() throws {
        // Two legs of 100 and 300 points: paced, a quarter of the time reaches the corner.
        let a =
            #"{"keyPath": "position", "path": {"elements": [["move", 0, 0], ["line", 100, 0], ["line", 100, 300]]}, "calculationMode": "paced", "duration": 4}"#
        let p = try value(a, at: 1).position
        #expect(abs(p.x - 100) < 1e-6 && abs(p.y) < 1e-6)
        let q = try value(a, at: 2.5).position
        #expect(abs(q.x - 100) < 1e-6 && abs(q.y - 150) < 1e-6)
        // Linear (not paced): each element gets half the time.
        let linear = try value(a.replacingOccurrences(of: "\"paced\"", with: "\"linear\""), at: 1).position
        #expect(abs(linear.x - 50) < 1e-6)
        // On a curve, paced speed is constant: equal times cover equal arc lengths.
        let curve =
            #"{"keyPath": "position", "path": {"elements": [["move", 0, 0], ["cubic", 0, 200, 300, 200, 300, 0]]}, "calculationMode": "paced", "duration": 1}"#
        let points = try (0...10).map { try value(curve, at: Double($0) / 10).position }
        let steps = (1...10).map { (points[$0] - points[$0 - 1]).length }
        #expect(steps.max()! - steps.min()! < 0.01 * steps.max()!)
    }

    /// `pathParameter: arcLength` (extensions.md): within each element the fraction of its
    /// time (after its timing function) is the fraction of its length travelled. Checked on a
    /// lopsided cubic, then a line, against lengths measured here on a polyline of 200,000
    /// pieces; `bezier` (the default) keeps moving the Bezier parameter.
    @Test func arcLengthPathParameterMovesByLength() throws {
        let (p0, c1, c2, p3) = (Point(x: 0, y: 0), Point(x: 10, y: 300), Point(x: 40, y: 300), Point(x: 300, y: 0))
        func bezier(_ t: Double) -> Point {
            let u = 1 - t
            return p0 * (u * u * u) + c1 * (3 * u * u * t) + c2 * (3 * u * t * t) + p3 * (t * t * t)
        }
        let n = 200_000
        var lengths = [0.0]
        for k in 1...n {
            lengths.append(lengths[k - 1] + (bezier(Double(k) / Double(n)) - bezier(Double(k - 1) / Double(n))).length)
        }
        func pointAt(fraction f: Double) -> Point {
            let target = f * lengths[n]
            let k = max(1, lengths.firstIndex { $0 >= target } ?? n)
            let w = (target - lengths[k - 1]) / (lengths[k] - lengths[k - 1])
            return bezier((Double(k - 1) + w) / Double(n))
        }
        let a =
            #"{"keyPath": "position", "path": {"elements": [["move", 0, 0], ["cubic", 10, 300, 40, 300, 300, 0], ["line", 300, 100]]}, "keyTimes": [0, 0.8, 1], "pathParameter": "arcLength", "duration": 4}"#
        for f in [0.1, 0.25, 0.5, 0.75, 0.9] {
            let p = try value(a, at: 4 * 0.8 * f).position
            #expect((p - pointAt(fraction: f)).length < 1e-3, "at \(f) of the curve: \(p) vs \(pointAt(fraction: f))")
        }
        let line = try value(a, at: 4 * 0.9).position
        #expect(abs(line.x - 300) < 1e-9 && abs(line.y - 50) < 1e-6)
        // The default moves the Bezier parameter with time.
        let b = try value(a.replacingOccurrences(of: #", "pathParameter": "arcLength""#, with: ""), at: 4 * 0.8 * 0.25).position
        #expect((b - bezier(0.25)).length < 1e-9)
        // With a timing function, its output is the fraction of length.
        let eased = a.replacingOccurrences(
            of: #""duration": 4"#, with: #""duration": 4, "timingFunctions": ["easeIn", "linear"]"#)
        let e = try value(eased, at: 4 * 0.8 * 0.5).position
        let f = TimingFunction.easeIn.value(at: 0.5)
        #expect((e - pointAt(fraction: f)).length < 1e-3)
    }

    @Test func rotationModeFollowsTheTangent() throws {
        let a =
            #"{"keyPath": "position", "path": {"elements": [["move", 0, 0], ["line", 0, 100]]}, "rotationMode": "auto", "duration": 1}"#
        let c = try #require(TransformComponents(try value(a, at: 0.5).transform))
        #expect(abs(c.rotation.z - .pi / 2) < 1e-9)  // heading down (+y) is 90 degrees
        let r = try #require(
            TransformComponents(try value(a.replacingOccurrences(of: "\"auto\"", with: "\"autoReverse\""), at: 0.5).transform))
        #expect(abs(abs(r.rotation.z) - .pi / 2) < 1e-9 && r.rotation.z < 0)  // 270 degrees = -90
    }

    @Test func discreteKeyframesHoldUntilTheNextKeyTime() throws {
        let a =
            #"{"keyPath": "position.x", "values": [1, 2, 3], "keyTimes": [0, 0.5, 0.75, 1], "calculationMode": "discrete", "duration": 4}"#
        #expect(try value(a, at: 1.9).position.x == 1)
        #expect(try value(a, at: 2).position.x == 2)
        #expect(try value(a, at: 3.5).position.x == 3)
    }

    @Test func cubicKeyframesPassThroughTheValuesSmoothly() throws {
        let a = #"{"keyPath": "position.x", "values": [0, 100, 0, 100], "calculationMode": "cubic", "duration": 3}"#
        #expect(abs(try value(a, at: 1).position.x - 100) < 1e-9)
        #expect(abs(try value(a, at: 2).position.x) < 1e-9)
        // Catmull-Rom, end tangents from a duplicated start: leaving 0 with ((0 - 0) + (100 - 0)) / 2 = 50, entering 100
        // with ((100 - 0) + (0 - 100)) / 2 = 0. At s = 0.5: h00 0.5 x 0 + h10 0.125 x 50 + h01 0.5 x 100 + h11 (-0.125) x 0 = 56.25.
        #expect(abs(try value(a, at: 0.5).position.x - 56.25) < 1e-9)
        // The second segment leaves 100 with tangent (0 - 0) / 2 = 0 and enters 0 with tangent (100 - 100) / 2 = 0: 50 again.
        #expect(abs(try value(a, at: 1.5).position.x - 50) < 1e-9)
        // With tension 1 every tangent is 0 too; with a bias the curve leans.
        let biased =
            #"{"keyPath": "position.x", "values": [0, 50, 100], "calculationMode": "cubic", "biasValues": [0, 1, 0], "duration": 2}"#
        #expect(try value(biased, at: 0.5).position.x != 25)
    }

    @Test func springMatchesTheClosedForm() throws {
        // mass 1, stiffness 100, damping 5: omega0 = 10, zeta = 0.25, omega_d = 9.6825, B = 0.25 x 10 / 9.6825.
        // x(0.5) = e^-1.25 (cos 4.8412 + 0.2582 sin 4.8412) = -0.036551; value = 1 - x = 1.036551 of the way.
        let a = #"{"keyPath": "position.x", "type": "spring", "fromValue": 0, "toValue": 100, "damping": 5}"#
        #expect(abs(try value(a, at: 0.5).position.x - 103.6551) < 1e-3)
        #expect(abs(Spring(damping: 5).settlingDuration - 2.855) < 0.001)
        #expect(abs(Spring(damping: 15).settlingDuration - 1.022) < 0.001)
        // Critically damped and overdamped springs never overshoot.
        for damping in [20.0, 40.0] {
            let s = Spring(damping: damping)
            #expect((0...50).allSatisfy { 1 - s.displacement(at: Double($0) * 0.05) <= 1 + 1e-12 })
        }
        // Without a duration a spring runs for its settling duration, then is removed.
        #expect(try value(a, at: 2.8).position.x != 0)
        #expect(try value(a, at: 2.9).position.x == 0)
    }

    @Test func groupsShareTimeAndCutChildrenOff() throws {
        let g = #"""
            {"animations": [
               {"keyPath": "position.x", "fromValue": 0, "toValue": 100, "duration": 2},
               {"keyPath": "position.y", "fromValue": 0, "toValue": 100, "duration": 1, "beginTime": 0.5}],
             "beginTime": 1, "duration": 1.5}
            """#
        #expect(try value(g, at: 2).position == Point(x: 50, y: 50))  // group time 1
        #expect(try value(g, at: 2.5).position == Point(x: 75, y: 100))  // group time 1.5: its end
        #expect(try value(g, at: 2.6).position == Point(x: 0, y: 0))  // the group is over
        // A group's timing function warps its children's time.
        let eased =
            #"{"animations": [{"keyPath": "position.x", "fromValue": 0, "toValue": 100, "duration": 1}], "duration": 1, "timingFunction": "easeInEaseOut"}"#
        #expect(abs(try value(eased, at: 0.25).position.x - 12.9162) < 1e-3)
    }

    @Test func sublayerAndMaskKeyPaths() throws {
        let l = try value(#"{"keyPath": "sublayers.child.opacity", "fromValue": 1, "toValue": 0, "duration": 1}"#, at: 0.25)
        #expect(l.sublayers[0].opacity == 0.75)
        let json =
            #"{"canvas": {"width": 100, "height": 100, "duration": 1}, "layers": [{"id": "l", "mask": {"id": "m"}, "animations": [{"keyPath": "mask.position.x", "fromValue": 0, "toValue": 10, "duration": 1}]}]}"#
        #expect(try Timeline.decode(json).layers[0].presentation(at: 0.5).mask?.position.x == 5)
    }

    @Test func cumulativeRepeatsCostTheSameAtAnyCycle() throws {
        let t = try Timeline.decode(
            #"{"canvas": {"width": 40, "height": 40, "duration": 1}, "layers": [{"id": "a", "animations": [{"keyPath": "transform.rotation.z", "byValue": 0.001, "duration": 0.000001, "repeatCount": "infinity", "cumulative": true}, {"keyPath": "position.x", "fromValue": 0, "toValue": 1, "duration": 0.000001, "repeatCount": "infinity", "cumulative": true}]}]}"#
        )
        let start = Date()
        let l = t.layers[0].presentation(at: 10)
        #expect(Date().timeIntervalSince(start) < 1)
        #expect(l.position.x > 9e6)
    }
}

/// The timing rules core-animation.md settles where Reel once differed.
@Suite struct TimingRuleEdgeTests {
    let rules = TimingRuleTests()

    @Test func groupChildFillsForwardInsideTheGroup() throws {
        let a =
            #"{"type": "group", "duration": 2, "fillMode": "forwards", "removedOnCompletion": false, "animations": ["#
            + #"{"keyPath": "opacity", "fromValue": 0, "toValue": 1, "duration": 1, "fillMode": "forwards"}]}"#
        #expect(try rules.value(a, at: 1.5, layer: #""opacity": 0.5"#).opacity == 1)
        #expect(try rules.value(a, at: 5, layer: #""opacity": 0.5"#).opacity == 1)
    }

    @Test func cumulativeWithAutoreversesAccumulatesNothing() throws {
        let a =
            #"{"keyPath": "position.x", "fromValue": 0, "toValue": 10, "duration": 1, "autoreverses": true, "repeatCount": 2, "cumulative": true}"#
        for t in [0.5, 2.5, 3.5] { #expect(try rules.value(a, at: t).position.x == 5) }
    }

    @Test func sharedKeyTimeShowsTheLaterSegment() throws {
        let a = #"{"keyPath": "position.x", "values": [0, 10, 20, 30], "keyTimes": [0, 0.5, 0.5, 1], "duration": 1}"#
        #expect(try rules.value(a, at: 0.5).position.x == 20)
        #expect(try rules.value(a, at: 0.25).position.x == 5)
        #expect(try rules.value(a, at: 0.75).position.x == 25)
    }

    @Test func cornerOfAPathTurnsToTheNextTangentAtItsTime() throws {
        // Right then down, one second each: at exactly 1 s the layer turns to face down (pi/2).
        let a =
            #"{"keyPath": "position", "path": {"elements": [["move", 0, 0], ["line", 100, 0], ["line", 100, 100]]}, "rotationMode": "auto", "duration": 2}"#
        let l = try rules.value(a, at: 1)
        #expect(abs(atan2(l.transform.m12, l.transform.m11) - .pi / 2) < 1e-9)
        #expect(l.position == Point(x: 100, y: 0))
    }

    @Test func cubicContinuityFollowsCoreAnimationsSign() throws {
        let a =
            #"{"keyPath": "position.x", "values": [0, 10, 0, 10], "calculationMode": "cubic", "duration": 3, "#
            + #""biasValues": [0, 0.5, 0, 0], "continuityValues": [0, -0.5, 0, 0]}"#
        #expect(abs(try rules.value(a, at: 0.5).position.x - 5.625) < 1e-9)
        #expect(abs(try rules.value(a, at: 1.5).position.x - 6.25) < 1e-9)
    }

    @Test func pacedPathMovesByTrueArcLength() throws {
        // A quarter circle of radius 100 as one cubic (the usual 0.5523 handles) then a line of
        // the same length as that arc: paced, the corner is reached at exactly half the time.
        let k = 0.5522847498307936 * 100
        let line = 157.08  // about the quarter arc: the time split below does not depend on it
        let path = Path(elements: [
            .move(Point(x: 100, y: 0)), .cubic(Point(x: 100, y: k), Point(x: k, y: 100), Point(x: 0, y: 100)),
            .line(Point(x: -line, y: 100))
        ])
        let motion = PathMotion(path: path, mode: .paced)
        // Arc length of the cubic by brute force: a million chords.
        var arc = 0.0
        var previous = motion.pieces[0].point(0)
        for i in 1...1_000_000 {
            let p = motion.pieces[0].point(Double(i) / 1_000_000)
            arc += (p - previous).length
            previous = p
        }
        let total = arc + line
        for fraction in [0.1, 0.3, 0.45] {
            // Inside the cubic: find the parameter whose chord-summed length matches, compare points.
            let target = fraction * total
            var s = 0.0
            var walked = 0.0
            var last = motion.pieces[0].point(0)
            while walked < target {
                s += 1e-6
                let p = motion.pieces[0].point(s)
                walked += (p - last).length
                last = p
            }
            #expect((motion.point(at: fraction) - last).length < 2e-4)
        }
        let onLine = motion.point(at: 0.75)
        #expect(abs(onLine.y - 100) < 1e-9)
        #expect(abs(onLine.x - (0 - (0.75 * total - arc))) < 1e-6)
    }

    @Test func timingFunctionXOutsideTheUnitIntervalIsClampedWithAWarning() throws {
        let json =
            #"{"canvas": {"width": 100, "height": 100, "duration": 10}, "layers": [{"id": "l", "animations": ["#
            + #"{"keyPath": "opacity", "fromValue": 0, "toValue": 1, "timingFunction": [-0.5, 0, 1.5, 1]}]}]}"#
        let timeline = try Timeline.decode(json)
        #expect(timeline.warnings.contains { $0.path.contains("timingFunction") })
        let a = timeline.layers[0].animations[0]
        #expect(a.timingFunction == TimingFunction(0, 0, 1, 1))
    }
}
