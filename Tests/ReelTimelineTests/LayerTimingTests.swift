import Foundation
import ReelCore
import ReelLayers
import ReelTestSupport
import Testing

@testable import ReelFormat
@testable import ReelTimeline

/// Layers as timing objects (CALayer adopts CAMediaTiming), and animation speeds of 0 and
/// below: the examples of core-animation.md's timing rules, worked out by hand.
@Suite struct LayerTimingTests {
    /// The presentation of layer `l` (with `layer` JSON members and one `animation`) at `t`.
    func layer(_ animation: String, at t: Double, layer: String = "") throws -> Layer {
        let json =
            #"{"canvas": {"width": 100, "height": 100, "duration": 10}, "layers": [{"id": "l""#
            + (layer.isEmpty ? "" : ", " + layer) + #", "animations": ["# + animation + "]}]}"
        return try Timeline.decode(json).layers[0].presentation(at: t)
    }

    let zeroToHundred = #"{"keyPath": "position.x", "fromValue": 0, "toValue": 100, "duration": 1}"#

    @Test func pausedLayerHoldsItsTimeOffset() throws {
        for t in [0.0, 3, 50] {
            #expect(try layer(zeroToHundred, at: t, layer: #""speed": 0, "timeOffset": 0.4"#).position.x == 40)
        }
    }

    @Test func fastLayerStartsLateAndRunsDouble() throws {
        let a = #"{"keyPath": "position.x", "fromValue": 0, "toValue": 100, "duration": 1, "beginTime": 0.5}"#
        let timing = #""speed": 2, "beginTime": 0.5"#
        #expect(try layer(a, at: 1.0, layer: timing).position.x == 50)
        #expect(try layer(a, at: 0.74, layer: timing).position.x == 0)  // not begun: the model value
        #expect(try layer(a, at: 0.75, layer: timing).position.x == 0)  // begins
        #expect(try layer(a, at: 1.25, layer: timing).position.x == 100)  // closed at its end
        #expect(try layer(a, at: 1.26, layer: timing).position.x == 0)  // removed
    }

    @Test func sublayersRunInTheirSuperlayersTime() throws {
        let json =
            #"{"canvas": {"width": 100, "height": 100, "duration": 10}, "layers": [{"id": "p", "speed": 0, "timeOffset": 0.25, "#
            + #""sublayers": [{"id": "c", "speed": 2, "animations": [\#(zeroToHundred)]}]}]}"#
        let timeline = try Timeline.decode(json)
        for t in [0.0, 7] { #expect(timeline.layers[0].presentation(at: t).sublayers[0].position.x == 50) }
    }

    @Test func pausedAnimationShowsItsTimeOffset() throws {
        let a = #"{"keyPath": "position.x", "fromValue": 0, "toValue": 100, "duration": 1, "speed": 0, "timeOffset": 0.3}"#
        for t in [-5.0, 0, 100] { #expect(abs(try layer(a, at: t).position.x - 30) < 1e-9) }
        // An offset of the whole duration wraps to the start.
        let wrapped = #"{"keyPath": "position.x", "fromValue": 0, "toValue": 100, "duration": 1, "speed": 0, "timeOffset": 1}"#
        #expect(try layer(wrapped, at: 2).position.x == 0)
    }

    @Test func negativeSpeedPlaysBackward() throws {
        let a = #"{"keyPath": "position.x", "fromValue": 0, "toValue": 100, "duration": 1, "speed": -1}"#
        #expect(try layer(a, at: 0).position.x == 100)
        #expect(try layer(a, at: 0.25).position.x == 75)
        #expect(try layer(a, at: 1).position.x == 0)
        #expect(try layer(zeroToHundred, at: 0.25, layer: #""speed": -1, "timeOffset": 1"#).position.x == 75)
    }

    @Test func decoderAcceptsZeroAndNegativeSpeeds() throws {
        #expect(throws: Never.self) {
            try layer(#"{"keyPath": "opacity", "toValue": 0, "speed": -2}"#, at: 0, layer: #""speed": 0"#)
        }
        #expect(throws: (any Error).self) { try layer(zeroToHundred, at: 0, layer: #""speed": "fast""#) }
    }

    /// The pause-and-scrub seed: the same spinner running, paused at 0.5 s, at half speed and backward.
    @Test func pauseAndScrubSeed() throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("Timelines/seeds/5-pauseAndScrub.json")
        let timeline = try Timeline.load(contentsOf: file.path)
        func angle(_ layer: String, _ t: Double) -> Double {
            let hand = timeline.presentation(at: t).sublayers.first { $0.id == layer }!.sublayers[0]
            let a = atan2(hand.transform.m12, hand.transform.m11)
            return a < -1e-9 ? a + 2 * .pi : a
        }
        for t in [0.0, 0.5, 1.25, 3.9] {
            #expect(abs(angle("paused", t) - .pi / 2) < 1e-9)
            #expect(abs(angle("running", t) - (.pi * t).truncatingRemainder(dividingBy: 2 * .pi)) < 1e-9)
            #expect(abs(angle("halfSpeed", t) - .pi * t / 2) < 1e-9)
            let back = angle("backward", t)
            let expected = (.pi * (100 - t)).truncatingRemainder(dividingBy: 2 * .pi)
            #expect(abs(back - expected) < 1e-9 || abs(abs(back - expected) - 2 * .pi) < 1e-9)
        }
    }

    /// `timeRemap` (extensions.md): the layer's local time is the value, replacing
    /// (t − beginTime) × speed + timeOffset; its animations run in the superlayer's time; null
    /// keeps Core Animation's formula. A sublayer moving 0...100 over 2 s of the layer's time
    /// shows the remapped time as 50 × local.
    @Test func timeRemapReplacesTheLayersTime() throws {
        func x(remap: String, at t: Double, timing: String = "") throws -> Double {
            let json =
                #"{"canvas": {"width": 100, "height": 100, "duration": 10}, "layers": [{"id": "p""# + timing + remap
                + #", "sublayers": [{"id": "c", "animations": [{"keyPath": "position.x", "fromValue": 0, "toValue": 100, "duration": 2, "fillMode": "both", "removedOnCompletion": false}]}]}]}"#
            return try Timeline.decode(json).layers[0].presentation(at: t).sublayers[0].position.x
        }
        // Keyframed: 0 → 2 over 1 s, held at 2 until 1.5 s, back to 0.5 at 2.5 s, in the
        // superlayer's time (the layer's own beginTime and speed are replaced, not applied).
        let keyframed =
            #", "timeRemap": 0, "animations": [{"keyPath": "timeRemap", "values": [0, 2, 2, 0.5], "keyTimes": [0, 0.4, 0.6, 1], "duration": 2.5, "fillMode": "forwards", "removedOnCompletion": false}]"#
        let timing = #", "beginTime": 3, "speed": 4"#
        for (t, local) in [(0.0, 0.0), (0.5, 1.0), (1.0, 2.0), (1.25, 2.0), (1.5, 2.0), (2.0, 1.25), (2.5, 0.5), (7.0, 0.5)] {
            #expect(abs(try x(remap: keyframed, at: t, timing: timing) - 50 * local) < 1e-9, "at \(t) s")
        }
        // Held: a constant time stops the layer there.
        for t in [0.0, 1, 9] {
            #expect(try x(remap: #", "timeRemap": 1.5"#, at: t, timing: timing) == 75)
        }
        // Null keeps Core Animation's formula: (t − 3) × 4.
        for t in [3.0, 3.25, 3.5] {
            #expect(abs(try x(remap: #", "timeRemap": null"#, at: t, timing: timing) - 50 * (t - 3) * 4) < 1e-9)
        }
    }

    /// A `timeRemap` animation needs values of its own and runs in the superlayer's time, so
    /// it cannot sit in a group; a time that is no number is refused.
    @Test func timeRemapAnimationsAreChecked() throws {
        func problems(_ animation: String, remap: String = "0") -> String {
            let json =
                #"{"canvas": {"width": 100, "height": 100, "duration": 10}, "layers": [{"id": "p", "timeRemap": "#
                + remap + #", "animations": ["# + animation + "]}]}"
            do {
                _ = try Timeline.decode(json)
                return ""
            } catch {
                return "\(error)"
            }
        }
        #expect(
            problems(#"{"keyPath": "timeRemap", "toValue": 2}"#).contains("`fromValue` and `toValue` on a `timeRemap` animation"))
        #expect(problems(#"{"keyPath": "timeRemap", "byValue": 2}"#).contains("found `byValue`"))
        #expect(
            problems(#"{"animations": [{"keyPath": "timeRemap", "fromValue": 0, "toValue": 2}]}"#).contains(
                "directly in the layer's `animations`"))
        #expect(problems("", remap: #""soon""#).contains("layers[0].timeRemap: expected a time in seconds, or null for none"))
        #expect(problems(#"{"keyPath": "timeRemap", "fromValue": 0, "toValue": 2}"#).isEmpty)
        // A time and none do not mix as a spline (this trapped before it was refused).
        #expect(
            problems(#"{"keyPath": "timeRemap", "values": [0, null, 2], "calculationMode": "cubicPaced"}"#).contains(
                "`linear`, `discrete` or `paced` for `timeRemap`"))
        // Reached through a sublayer it would set a time already used.
        let reaching =
            #"{"canvas": {"width": 100, "height": 100, "duration": 10}, "layers": [{"id": "p", "sublayers": [{"id": "c"}], "animations": [{"keyPath": "sublayers.c.timeRemap", "fromValue": 0, "toValue": 2}]}]}"#
        #expect(throws: TimelineError.self) { try Timeline.decode(reaching) }
    }
}
