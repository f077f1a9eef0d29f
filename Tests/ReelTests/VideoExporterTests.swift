import Foundation
import ReelCore
import ReelMedia
import ReelTestSupport
import ReelTimeline
import Testing

@testable import Reel

@Suite struct VideoExporterTests {
    @Test func videoDecodesToTheRenderedFrames() throws {
        let dir = makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let timeline = try Timeline.decode(slidingSquareTimeline, name: "sliding")
        let out = dir.appendingPathComponent("sliding.mp4").path
        try VideoExporter.export(timeline, to: out, options: RenderOptions(threads: 2, crf: 12, preset: "ultrafast"))

        let reader = try MediaReader(path: out)
        #expect(reader.info.width == 160 && reader.info.height == 96)
        #expect(reader.info.pixelFormat == "yuv420p")
        #expect(abs(reader.info.duration - 1) < 1e-6)
        let frames = try reader.readFrames()
        #expect(frames.count == 10)
        // Frame f shows t = f / 10: the square's centre is at x = 24 + 100 t.
        for (f, x) in [(0, 24), (5, 74), (9, 114)] {
            let centre = frames[f].pixel(x: x, y: 48)
            // Tolerance 3 per channel: the solid #FF8800 square through 8-bit limited-range YUV and x264 at crf 12.
            #expect(
                abs(Int(centre.r) - 255) <= 3 && abs(Int(centre.g) - 0x88) <= 3 && Int(centre.b) <= 3, "frame \(f): \(centre)")
            let background = frames[f].pixel(x: x, y: 88)
            #expect(abs(Int(background.r) - 30) <= 3 && abs(Int(background.g) - 30) <= 3 && abs(Int(background.b) - 40) <= 3)
        }
        // Where the square was at frame 0 is background by frame 9.
        #expect(abs(Int(frames[9].pixel(x: 24, y: 48).r) - 30) <= 3)
    }

    @Test func framesAreIdenticalOnOneAndSeveralThreads() throws {
        let dir = makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let timeline = try Timeline.decode(slidingSquareTimeline, name: "sliding")
        var outputs: [Data] = []
        var decoded: [[[UInt8]]] = []
        for threads in [1, 4] {
            let out = dir.appendingPathComponent("t\(threads).mp4").path
            try VideoExporter.export(timeline, to: out, options: RenderOptions(threads: threads, preset: "ultrafast"))
            outputs.append(try Data(contentsOf: URL(fileURLWithPath: out)))
            decoded.append(try MediaReader(path: out).readFrames().map(\.packedBytes))
        }
        #expect(decoded[0].count == 10)
        #expect(decoded[0] == decoded[1])
        #expect(outputs[0] == outputs[1])
        // And the rendered RGBA itself, frame by frame, from separate renderers.
        let a = try FrameRenderer(timeline: timeline)
        let b = try FrameRenderer(timeline: timeline)
        for f in 0..<10 {
            let t = timeline.canvas.fps.time(ofFrame: f)
            #expect(a.render(time: t).packedBytes == b.render(time: t).packedBytes)
        }
    }

    @Test func frameRangeRendersThatSection() throws {
        let dir = makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let timeline = try Timeline.decode(slidingSquareTimeline, name: "sliding")
        let out = dir.appendingPathComponent("part.mp4").path
        try VideoExporter.export(
            timeline, to: out, options: RenderOptions(threads: 2, crf: 12, preset: "ultrafast", frames: 5..<8))
        let frames = try MediaReader(path: out).readFrames()
        #expect(frames.count == 3)
        #expect(abs(Int(frames[0].pixel(x: 74, y: 48).g) - 0x88) <= 3)  // frame 5: t = 0.5
        #expect(throws: RenderError.self) {
            try VideoExporter.export(timeline, to: out, options: RenderOptions(frames: 5..<20))
        }
    }
}
