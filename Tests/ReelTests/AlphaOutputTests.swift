import Foundation
import ReelTestSupport
import Testing

/// The formats with alpha, checked through the `reel` binary and decoded back by the ffmpeg
/// tool (libvpx decodes VP9's alpha; libav's own VP9 decoder drops it): a red layer at
/// opacity 0.5 over a transparent canvas comes out straight red with alpha 128, and the WebM
/// laid over a picture by ffmpeg matches Reel drawing the layer over it.
@Suite struct AlphaOutputTests {
    static let ffmpeg = URL(fileURLWithPath: "/usr/bin/ffmpeg")
    static let ffprobe = URL(fileURLWithPath: "/usr/bin/ffprobe")

    /// A 64x48 canvas, 4 frames, `background` behind a red square at opacity 0.5 over its left half.
    func timeline(background: String) -> String {
        ##"{"canvas": {"width": 64, "height": 48, "fps": 10, "duration": 0.4, "background": "BG"}, "layers": [{"id": "red", "frame": [0, 0, 32, 48], "backgroundColor": "#FF0000", "opacity": 0.5}]}"##
            .replacingOccurrences(of: "BG", with: background)
    }

    /// The first frame as straight RGBA bytes, decoded by the ffmpeg tool.
    func firstFrame(_ file: URL, decoder: [String] = []) throws -> [UInt8] {
        let result = try runProgram(
            Self.ffmpeg,
            ["-v", "error"] + decoder + ["-i", file.path, "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgba", "-"])
        #expect(result.status == 0, "\(result.stderr)")
        return [UInt8](result.stdout)
    }

    func probe(_ file: URL) throws -> String {
        let result = try runProgram(
            Self.ffprobe,
            [
                "-v", "error", "-select_streams", "v:0", "-count_frames", "-show_entries",
                "stream=codec_name,width,height,pix_fmt,color_range,color_space,color_transfer,color_primaries,nb_read_frames:stream_tags=alpha_mode",
                "-of", "default=noprint_wrappers=1", file.path
            ])
        return result.stdout.isEmpty ? result.stderr : String(decoding: result.stdout, as: UTF8.self)
    }

    func pixel(_ bytes: [UInt8], x: Int, y: Int, width: Int = 64) -> [Int] {
        (0..<4).map { Int(bytes[(y * width + x) * 4 + $0]) }
    }

    func close(_ a: [Int], _ b: [Int], _ tolerance: Int) -> Bool { zip(a, b).allSatisfy { abs($0 - $1) <= tolerance } }

    @Test(arguments: [
        ("overlay.mov", [String](), "codec_name=prores", "pix_fmt=yuva444p", [String]()),
        ("overlay.webm", ["--codec", "vp9"], "codec_name=vp9", "pix_fmt=yuv420p", ["-c:v", "libvpx-vp9"])
    ])
    func halfTransparentRedComesOutStraight(
        name: String, options: [String], codec: String, pixelFormat: String, decoder: [String]
    ) throws {
        let dir = makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try timeline(background: "#00000000").write(to: dir.appendingPathComponent("t.json"), atomically: true, encoding: .utf8)
        let result = try runReel(["render", "t.json", "-o", name, "--quiet"] + options, in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        let file = dir.appendingPathComponent(name)
        let probed = try probe(file)
        for expected in [
            codec, pixelFormat, "width=64", "height=48", "nb_read_frames=4", "color_space=bt709", "color_primaries=bt709",
            "color_transfer=bt709", "color_range=tv"
        ] {
            #expect(probed.contains(expected), "\(name): expected \(expected) in \(probed)")
        }
        if name.hasSuffix(".webm") { #expect(probed.contains("TAG:alpha_mode=1"), "\(probed)") }
        let frame = try firstFrame(file, decoder: decoder)
        #expect(frame.count == 64 * 48 * 4)
        #expect(close(pixel(frame, x: 16, y: 24), [255, 0, 0, 128], 2), "\(name): \(pixel(frame, x: 16, y: 24))")
        #expect(pixel(frame, x: 48, y: 24)[3] <= 2, "\(name): \(pixel(frame, x: 48, y: 24))")
    }

    /// `ffmpeg -i overlay.webm -i background.png -filter_complex overlay` gives what Reel draws
    /// with the picture as its background (±3 on flat areas).
    @Test func theWebMOverAPictureMatchesReelDrawingOverIt() throws {
        let dir = makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try timeline(background: "#00000000").write(to: dir.appendingPathComponent("t.json"), atomically: true, encoding: .utf8)
        try timeline(background: "#2080C0").write(to: dir.appendingPathComponent("over.json"), atomically: true, encoding: .utf8)
        try ##"{"canvas": {"width": 64, "height": 48, "duration": 1, "background": "#2080C0"}, "layers": []}"##.write(
            to: dir.appendingPathComponent("bg.json"), atomically: true, encoding: .utf8)
        for args in [
            ["render", "t.json", "-o", "overlay.webm", "--quiet"], ["frame", "bg.json", "--time", "0", "-o", "background.png"],
            ["frame", "over.json", "--time", "0", "-o", "reel.png"]
        ] {
            let result = try runReel(args, in: dir)
            #expect(result.status == 0, "\(args): \(result.stderr)")
        }
        let overlaid = try runProgram(
            Self.ffmpeg,
            [
                "-v", "error", "-i", "background.png", "-c:v", "libvpx-vp9", "-i", "overlay.webm", "-filter_complex",
                "[0][1]overlay=format=auto", "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgba", "-"
            ], in: dir)
        #expect(overlaid.status == 0, "\(overlaid.stderr)")
        let ffmpegPixels = [UInt8](overlaid.stdout)
        let reelPixels = try firstFrame(dir.appendingPathComponent("reel.png"))
        #expect(ffmpegPixels.count == reelPixels.count)
        for (x, y) in [(16, 24), (8, 8), (48, 24), (56, 40)] {
            #expect(
                close(pixel(ffmpegPixels, x: x, y: y), pixel(reelPixels, x: x, y: y), 3),
                "(\(x), \(y)): ffmpeg \(pixel(ffmpegPixels, x: x, y: y)), Reel \(pixel(reelPixels, x: x, y: y))")
        }
    }

    /// Alpha into a format without it, an unknown extension and a codec the container does not
    /// take are refused before anything renders, and leave no file.
    @Test func unsupportedCombinationsAreRefusedBeforeRendering() throws {
        let dir = makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try timeline(background: "#00000000").write(to: dir.appendingPathComponent("t.json"), atomically: true, encoding: .utf8)
        for (args, message) in [
            (["-o", "t.mp4"], "the canvas background #00000000 is transparent, and H.264 in .mp4 has no alpha"),
            (["-o", "t.txt"], "cannot write t.txt: Reel chooses the format by the extension and writes .mp4 (H.264 or HEVC)"),
            (["-o", "t.webm", "--codec", "prores"], "cannot write t.webm with --codec prores: a .webm file takes `vp9`")
        ] {
            let result = try runReel(["render", "t.json", "--quiet"] + args, in: dir)
            #expect(result.status == 1 && result.stderr.contains(message), "\(args): \(result.stderr)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["t.json"])
    }
}
