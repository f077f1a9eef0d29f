import Foundation
import ReelCore
import ReelLayers
import Testing

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
}
