import Foundation
import ReelCore
import ReelFormat
import ReelMedia
import ReelRender
import ReelTimeline
import Testing

@testable import Reel

/// Motion blur on the canvas: a frame is the integer average of the frames drawn at the
/// shutter's sub-frame times; a frame where nothing moves is drawn as it is.
@Suite struct MotionBlurRenderTests {
    /// A square crossing the canvas (40 points a second for 1 s) and one that stays put, with `blur` on the canvas.
    private func timeline(blur: String) throws -> Timeline {
        try Timeline.decode(
            #"""
            {"canvas": {"width": 60, "height": 20, "fps": 10, "duration": 2, "background": "#202020"\#(blur)},
             "layers": [{"id": "box", "bounds": [0, 0, 8, 8], "position": [10, 10], "backgroundColor": "#FFCC00",
                         "animations": [{"keyPath": "position.x", "fromValue": 10, "toValue": 50, "duration": 1}]},
                        {"id": "still", "bounds": [0, 0, 4, 4], "position": [30, 3], "backgroundColor": "#FFFFFF"}]}
            """#, file: "t.json")
    }

    @Test func aFrameIsTheAverageOfItsSubframes() throws {
        let settings = #", "motionBlur": {"shutterAngle": 270, "shutterPhase": -45, "samples": 5}"#
        let blurred = try FrameRenderer(timeline: timeline(blur: settings)).render(time: 0.5)
        let sharp = try timeline(blur: "")
        let times = MotionBlur(shutterAngle: 270, shutterPhase: -45, samples: 5).exposure(
            at: 0.5, fps: sharp.canvas.fps, duration: 2)
        let frames = try times.map { try FrameRenderer(timeline: sharp).render(time: $0) }
        var differs = false
        for y in 0..<blurred.height {
            for x in 0..<blurred.width {
                for shift in stride(from: UInt32(0), to: 32, by: 8) {
                    let sum = frames.reduce(0) { $0 + Int(($1.row(y)[x] >> shift) & 0xFF) }
                    #expect(Int((blurred.row(y)[x] >> shift) & 0xFF) == (sum + 2) / 5, "(\(x), \(y))")
                }
                differs = differs || blurred.row(y)[x] != frames[2].row(y)[x]
            }
        }
        #expect(differs, "the moving square's edges are blurred")
        // The square moves 4 points a frame; a 270° shutter spreads its right edge over 33.8...36.2:
        // the column from 35 to 36 is covered in 1.6 of the 5 sub-frames.
        #expect(blurred.pixel(x: 35, y: 10).r > 0x20 && blurred.pixel(x: 35, y: 10).r < 0xFF)
    }

    @Test func aFrameWhereNothingMovesIsTheSharpFrame() throws {
        let blurred = try FrameRenderer(timeline: timeline(blur: #", "motionBlur": true"#))
        let sharp = try FrameRenderer(timeline: timeline(blur: ""))
        // After the animation's end nothing moves over the shutter.
        #expect(blurred.exposedTrees(at: 1.5).count == 1)
        #expect(blurred.render(time: 1.5).packedBytes == sharp.render(time: 1.5).packedBytes)
        #expect(blurred.exposedTrees(at: 0.5).count == 16)
    }

    @Test func aVideoFrameIsTheAverageConverted() throws {
        let t = try timeline(blur: #", "motionBlur": {"samples": 4}"#)
        let renderer = FrameRenderer(timeline: t, assets: DrawingAssets())
        let converter = try ColorConverter(width: 60, height: 20)
        let frame = try VideoFrame.yuv420p(width: 60, height: 20)
        try renderer.render(time: 0.5, converter: converter, into: frame)
        let whole = try VideoFrame.yuv420p(width: 60, height: 20)
        try converter.convert(FrameRenderer(timeline: t, assets: DrawingAssets()).render(time: 0.5), into: whole)
        #expect(frame.rawBytes() == whole.rawBytes())
    }
}
