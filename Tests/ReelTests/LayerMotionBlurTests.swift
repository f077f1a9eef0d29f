import Foundation
import ReelCore
import ReelFormat
import ReelRaster
import ReelRender
import ReelTimeline
import Testing

@testable import Reel

/// Motion blur on one layer: its picture alone averaged over its shutter, landed where it lies;
/// every other layer at the frame's time.
@Suite struct LayerMotionBlurTests {
    private func timeline(box: String, background: String = "#202020", still: Bool = true) throws(TimelineError) -> Timeline {
        let stillLayer =
            still ? ##", {"id": "still", "bounds": [0, 0, 4, 4], "position": [30, 3], "backgroundColor": "#FFFFFF"}"## : ""
        return try Timeline.decode(
            ##"""
            {"canvas": {"width": 60, "height": 20, "fps": 10, "duration": 2, "background": "\##(background)"},
             "layers": [{"id": "box", "bounds": [0, 0, 8, 8], "position": [10, 10], "backgroundColor": "#FFCC00"\##(box),
                         "animations": [{"keyPath": "position.x", "fromValue": 10, "toValue": 50, "duration": 1}]}
                        \##(stillLayer)]}
            """##, file: "t.json")
    }

    private func value(_ b: PixelBuffer, _ x: Int, _ y: Int) -> UInt32 { withExtendedLifetime(b) { b.row(y)[x] } }

    /// Premultiplied source-over of packed pixels, rounded.
    private func over(_ s: UInt32, _ d: UInt32) -> UInt32 {
        let inverse = Double(255 - (s >> 24))
        var out: UInt32 = 0
        for shift in stride(from: UInt32(0), to: 32, by: 8) {
            let v = Double((s >> shift) & 0xFF) + Double((d >> shift) & 0xFF) * inverse / 255
            out |= UInt32(min(v.rounded(), 255)) << shift
        }
        return out
    }

    @Test func theLayersAverageLandsOverTheRestAtTheFramesTime() throws {
        let settings = #", "motionBlur": {"shutterAngle": 270, "shutterPhase": -45, "samples": 5}"#
        let blurred = try FrameRenderer(timeline: timeline(box: settings)).render(time: 0.5)
        // The box alone on a transparent canvas at each sub-frame time, averaged by the rule.
        let alone = try timeline(box: "", background: "#00000000", still: false)
        let times = MotionBlur(shutterAngle: 270, shutterPhase: -45, samples: 5).exposure(
            at: 0.5, fps: alone.canvas.fps, duration: 2)
        let exposure = Exposure(width: 60, height: 20)
        for t in times { exposure.add(try FrameRenderer(timeline: alone).render(time: t)) }
        let average = PixelBuffer(width: 60, height: 20)
        exposure.average(into: average)
        // The rest, sharp: the box left out by drawing it fully transparent.
        let rest = try FrameRenderer(timeline: timeline(box: #", "opacity": 0"#)).render(time: 0.5)
        var worst = 0
        for y in 0..<20 {
            for x in 0..<60 {
                let expected = over(value(average, x, y), value(rest, x, y))
                let got = value(blurred, x, y)
                for shift in stride(from: UInt32(0), to: 32, by: 8) {
                    worst = max(worst, abs(Int((got >> shift) & 0xFF) - Int((expected >> shift) & 0xFF)))
                }
            }
        }
        #expect(worst <= 1, "largest channel difference \(worst)")
        // Its moving edge ramps; the still square is sharp.
        #expect(blurred.pixel(x: 35, y: 10).r > 0x20 && blurred.pixel(x: 35, y: 10).r < 0xFF)
        #expect(blurred.pixel(x: 30, y: 3) == (255, 255, 255, 255))
    }

    @Test func aLayerThatDoesNotMoveIsDrawnSharp() throws {
        let blurred = try FrameRenderer(timeline: timeline(box: #", "motionBlur": true"#)).render(time: 1.5)
        let sharp = try FrameRenderer(timeline: timeline(box: "")).render(time: 1.5)
        #expect(blurred.packedBytes == sharp.packedBytes)
    }

    @Test func aLayersSettingsAreCheckedAtTheirPath() {
        do {
            _ = try timeline(box: #", "motionBlur": {"samples": 0}"#)
            Issue.record("accepted")
        } catch let error {
            #expect(error.problems.first?.path == "layers[0].motionBlur.samples")
        }
    }

    @Test func aLayerInsideASceneIsBlurredInItsScenesTime() throws {
        let box =
            ##"{"id": "box", "bounds": [0, 0, 8, 8], "position": [10, 10], "backgroundColor": "#FFCC00", "motionBlur": true, "animations": [{"keyPath": "position.x", "fromValue": 10, "toValue": 50, "duration": 1}]}"##
        let t = try Timeline.decode(
            ##"{"canvas": {"width": 60, "height": 20, "fps": 10}, "scenes": [{"id": "a", "duration": 1, "layers": [\##(box)]}, {"id": "b", "duration": 1, "layers": [\##(box)]}]}"##,
            file: "t.json")
        // In the second scene (from 1 s), half a second in: the box's edge at 34, blurred over 2 points.
        let renderer = FrameRenderer(timeline: t, assets: DrawingAssets())
        let frame = renderer.render(time: 1.5)
        #expect(frame.pixel(x: 34, y: 10).r > 0x10 && frame.pixel(x: 34, y: 10).r < 0xF0)
        #expect(frame.pixel(x: 30, y: 10) == (255, 204, 0, 255))
    }
}
