import Foundation
import Reel
import ReelCore
import ReelTestSupport
import ReelTimeline
import Testing

/// Frame exactness through the whole renderer: clips made here whose frames show their own
/// index, played by AVPlayerLayers, every output frame read back.
@Suite struct PlayerLayerTests {
    /// A folder with `clip.mp4` (made with `arguments`) and a 30 fps canvas of `duration`
    /// seconds whose `layers` (JSON) play it.
    func render(
        clip arguments: [String], count: Int, rate: String, duration: Double, layers: String, height: Int = 64
    ) throws -> [[Int]] {
        let dir = makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try IndexClip.make(dir.appendingPathComponent("clip.mkv").path, count: count, rate: rate, arguments: arguments)
        let json = """
            {"canvas": {"width": \(IndexClip.width), "height": \(height), "fps": 30, "duration": \(duration)},
             "assets": {"clip": {"path": "clip.mkv"}}, "layers": \(layers)}
            """
        let timeline = try Timeline.decode(json, baseDirectory: dir.path)
        let renderer = try FrameRenderer(timeline: timeline)
        return (0..<timeline.canvas.frameCount).map { frame in
            let picture = renderer.render(time: timeline.canvas.fps.time(ofFrame: frame))
            return stride(from: 0, to: height, by: 64).map { top in
                IndexClip.read { x, y in Int(picture.pixel(x: x, y: top + y).g) }
            }
        }
    }

    static let h264 = ["-c:v", "libx264", "-bf", "3", "-g", "15", "-pix_fmt", "yuv420p"]
    static let fullFrame = #"[{"id": "v", "class": "AVPlayerLayer", "frame": [0, 0, 256, 64], "player": "clip"}]"#

    @Test(arguments: [("30", 30.0), ("24", 24.0), ("60", 60.0)])
    func eachOutputFrameShowsTheFrameWhoseIntervalHoldsItsTime(rate: String, fps: Double) throws {
        let shown = try render(clip: Self.h264, count: Int(fps * 2), rate: rate, duration: 2, layers: Self.fullFrame)
        #expect(shown.count == 60)
        for (frame, indices) in shown.enumerated() {
            // Frame f is at f/30 s; the clip frame whose interval [i/fps, (i+1)/fps) holds it.
            let expected = Int((Double(frame) / 30 * fps + 1e-9).rounded(.down))
            #expect(indices == [expected], "output frame \(frame)")
        }
    }

    @Test func aVariableFrameRateClipWithBFrames() throws {
        // Clip frame n starts at n x 40 ms, 30 ms later from frame 10 on.
        let shown = try render(
            clip: [
                "-vf", "settb=1/1000,setpts=N*40+gte(N\\,10)*30", "-fps_mode", "passthrough", "-enc_time_base", "1/1000",
                "-c:v", "libx264", "-bf", "2", "-pix_fmt", "yuv420p"
            ], count: 30, rate: "25", duration: 1, layers: Self.fullFrame)
        for (frame, indices) in shown.enumerated() {
            let ms = Double(frame) * 1000 / 30
            let expected = ms < 400 ? Int(ms / 40) : (ms < 430 ? 9 : Int((ms - 30) / 40))
            #expect(indices == [expected], "output frame \(frame) at \(ms) ms")
        }
    }

    @Test func layerTimingAndTwoLayersOnOneClip() throws {
        let layers = """
            [{"id": "a", "class": "AVPlayerLayer", "frame": [0, 0, 256, 64], "player": "clip", "beginTime": 1},
             {"id": "b", "class": "AVPlayerLayer", "frame": [0, 64, 256, 64], "player": "clip", "timeOffset": 2},
             {"id": "c", "class": "AVPlayerLayer", "frame": [0, 128, 256, 64], "player": "clip", "speed": 2}]
            """
        let shown = try render(clip: Self.h264, count: 150, rate: "30", duration: 2, layers: layers, height: 192)
        for (frame, indices) in shown.enumerated() {
            let t = Double(frame) / 30
            func index(_ local: Double) -> Int { min(max(Int((local * 30 + 1e-9).rounded(.down)), 0), 149) }
            #expect(indices == [index(t - 1), index(t + 2), index(2 * t)], "output frame \(frame)")
        }
    }

    /// A 30 fps clip of `seconds` played full frame on a canvas as long, in `dir`.
    func fullFrameTimeline(seconds: Int, in dir: URL) throws -> Timeline {
        try IndexClip.make(dir.appendingPathComponent("clip.mp4").path, count: 30 * seconds, rate: "30", arguments: Self.h264)
        let json = """
            {"canvas": {"width": 256, "height": 64, "fps": 30, "duration": \(seconds)}, "assets": {"clip": {"path": "clip.mp4"}},
             "layers": \(Self.fullFrame)}
            """
        return try Timeline.decode(json, baseDirectory: dir.path)
    }

    @Test func aStraightRenderDecodesEachFrameOnce() throws {
        let dir = makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let timeline = try fullFrameTimeline(seconds: 2, in: dir)
        let out = dir.appendingPathComponent("out.mp4").path
        let result = try VideoExporter.export(timeline, to: out, options: RenderOptions(threads: 2, preset: "ultrafast"))
        #expect(result.framesWritten == 60)
        #expect(result.videoFramesDecoded == 60)
    }

    /// A clip cut short after its index (faststart, then half its bytes): its later frames
    /// fail to decode, which stops the render with the clip and the time and writes nothing,
    /// unless damaged frames are allowed (drawn as nothing).
    @Test func aFrameThatFailsToDecodeStopsTheRenderUnlessAllowed() throws {
        let dir = makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let timeline = try fullFrameTimeline(seconds: 2, in: dir)
        let whole = dir.appendingPathComponent("whole.mp4").path
        let remuxed = try runProgram(
            URL(fileURLWithPath: "/usr/bin/ffmpeg"),
            ["-v", "error", "-i", "clip.mp4", "-c", "copy", "-movflags", "+faststart", whole], in: dir)
        #expect(remuxed.status == 0, "\(remuxed.stderr)")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: whole))
        try bytes.prefix(bytes.count / 2).write(to: dir.appendingPathComponent("clip.mp4"))
        let out = dir.appendingPathComponent("out.mp4").path
        #expect {
            try VideoExporter.export(timeline, to: out, options: RenderOptions(threads: 2, preset: "ultrafast"))
        } throws: { error in
            "\(error)".contains("video clip (") && "\(error)".contains("s of the clip could not be decoded")
        }
        #expect(!FileManager.default.fileExists(atPath: out))
        var allowing = RenderOptions(threads: 2, preset: "ultrafast")
        allowing.allowsDamagedVideo = true
        var notes: [String] = []
        let result = try VideoExporter.export(timeline, to: out, options: allowing, notice: { notes.append($0) })
        #expect(result.framesWritten == 60)
        #expect(notes.contains { $0.contains("could not be decoded and was drawn as nothing") }, "\(notes)")
    }

    /// A ProRes 4444 clip at half alpha over a red layer: the red shows through by half.
    @Test func aClipWithAlphaKeepsItsTransparency() throws {
        let layers = """
            [{"id": "red", "frame": [0, 0, 256, 64], "backgroundColor": "#FF0000"},
             {"id": "v", "class": "AVPlayerLayer", "frame": [0, 0, 256, 64], "player": "clip"}]
            """
        let dir = makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try IndexClip.make(
            dir.appendingPathComponent("clip.mov").path, count: 3,
            arguments: [
                "-vf", "format=rgba,colorchannelmixer=aa=0.5", "-c:v", "prores_ks", "-profile:v", "4444", "-pix_fmt",
                "yuva444p10le"
            ])
        let json = """
            {"canvas": {"width": 256, "height": 64, "fps": 30, "duration": 0.1, "background": "#000000"},
             "assets": {"clip": {"path": "clip.mov"}}, "layers": \(layers)}
            """
        let renderer = try FrameRenderer(timeline: try Timeline.decode(json, baseDirectory: dir.path))
        let picture = renderer.render(time: 0.05)
        // The grey ground (96) at half alpha over red: (96 + 255) / 2 red, 96 / 2 green.
        let p = picture.pixel(x: 1, y: 1)
        #expect(abs(Int(p.r) - 175) <= 3 && abs(Int(p.g) - 48) <= 3 && p.a == 255, "\(p)")
        // A white square (frame 1: bit 0) at half alpha over red.
        let q = picture.pixel(x: 16, y: 32)
        #expect(abs(Int(q.r) - 255) <= 3 && abs(Int(q.g) - 128) <= 3, "\(q)")
    }

    /// `reel profile` times decoding as its own stage where clips play.
    @Test func decodingIsAStageOfItsOwnInTheProfile() throws {
        let dir = makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let report = try FrameProfiler.profile(try fullFrameTimeline(seconds: 1, in: dir), threads: 1)
        #expect(report.stages == [.evaluate, .decode, .plan, .draw, .convert])
        #expect(report.records.allSatisfy { $0[.decode].wall > 0 })
        #expect(report.table().contains("decode"))
    }
}
