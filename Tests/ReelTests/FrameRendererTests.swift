import Foundation
import ReelCore
import ReelMedia
import ReelTimeline
import Testing

@testable import Reel

/// A frame rendered straight to YUV, drawn and converted a band at a time, is the frame drawn
/// whole and converted whole, byte for byte, whether its plan can be cut into bands or not.
@Suite struct FrameRendererTests {
    func timeline(_ name: String) throws -> Timeline {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Timelines/\(name)")
        return try Timeline.load(contentsOf: url.standardized.path)
    }

    func compare(_ timeline: Timeline, times: [Double]) throws {
        let renderer = try FrameRenderer(timeline: timeline)
        let converter = try ColorConverter(width: timeline.canvas.pixelWidth, height: timeline.canvas.pixelHeight)
        for time in times {
            let banded = try VideoFrame.yuv420p(width: converter.width, height: converter.height)
            try renderer.render(time: time, converter: converter, into: banded)
            let whole = try VideoFrame.yuv420p(width: converter.width, height: converter.height)
            try converter.convert(try FrameRenderer(timeline: timeline).render(time: time), into: whole)
            #expect(banded.rawBytes() == whole.rawBytes(), "\(timeline.name) at \(time) s")
        }
    }

    @Test func benchFramesInBandsAreTheWholeFrames() throws {
        try compare(try timeline("bench/cards.json"), times: [0, 2.5])
    }

    /// A mask layer: the plan is drawn whole, then converted.
    @Test func maskedFramesAreTheWholeFrames() throws {
        try compare(try timeline("seeds/4.5-mask.json"), times: [0, 1])
    }

    /// Heights that are not whole bands, odd, or smaller than the chroma filter.
    @Test(arguments: [75, 33, 7, 2])
    func oddHeightsInBands(height: Int) throws {
        var timeline = try timeline("bench/cards.json")
        timeline.canvas.height = Double(height)
        timeline.canvas.width = 90
        try compare(timeline, times: [1.2])
    }
}
