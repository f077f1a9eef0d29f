import Foundation
import ReelMedia
import ReelTestSupport
import Testing

/// `reel render --video CLIP --captions FILE` and the overlay defects a new user met: a clip
/// named through `..`, an untagged clip's colours, a font stand-in warned on `render`.
@Suite struct CaptionOverlayTests {
    func ffmpeg(_ arguments: [String], in dir: URL) throws -> Data {
        let result = try runProgram(URL(fileURLWithPath: "/usr/bin/ffmpeg"), ["-v", "error", "-y"] + arguments, in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout
    }

    @Test func captionsBurnInOverAClipWithItsSizeRateFramesAndSound() throws {
        let dir = makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        _ = try ffmpeg(
            [
                "-f", "lavfi", "-i", "color=c=0x204060:size=320x180:rate=25:duration=2", "-f", "lavfi", "-i",
                "sine=frequency=440:duration=2", "-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest",
                "clip.mp4"
            ], in: dir)
        try Data("1\n00:00:00,400 --> 00:00:01,000\nHello <b>there</b>\n".utf8).write(to: dir.appendingPathComponent("subs.srt"))
        // No timeline: the clip and its captions.
        let render = try runReel(
            ["render", "--video", "clip.mp4", "--captions", "subs.srt", "-o", "out.mp4", "--crf", "0", "--preset", "ultrafast"],
            in: dir)
        #expect(render.status == 0, "\(render.stderr)")
        let out = try VideoClip(path: dir.appendingPathComponent("out.mp4").path)
        let clip = try VideoClip(path: dir.appendingPathComponent("clip.mp4").path)
        #expect(out.info.width == 320 && out.info.height == 180 && out.info.frameCount == clip.info.frameCount)
        #expect(out.info.rateNumerator == 25 && out.info.rateDenominator == 1)
        // The cue shows on frames 10...24 (0.4 s to 1.0 s at 25 fps), white over the bottom.
        func whiteBelow(_ frame: Int) throws -> Int {
            let picture = try out.frame(frame)
            var n = 0
            for y in 140..<171 { for x in 0..<320 where picture.pixel(x: x, y: y).r > 200 { n += 1 } }
            return n
        }
        #expect(try whiteBelow(9) == 0 && whiteBelow(25) == 0)
        let (first, last) = (try whiteBelow(10), try whiteBelow(24))
        #expect(first > 20 && last > 20, "\(first) and \(last) white pixels")
        // Above the captions the picture is the clip's.
        let a = try out.frame(12).pixel(x: 160, y: 40)
        let b = try clip.frame(12).pixel(x: 160, y: 40)
        #expect(abs(Int(a.r) - Int(b.r)) <= 2 && abs(Int(a.g) - Int(b.g)) <= 2 && abs(Int(a.b) - Int(b.b)) <= 2)
        // The sound is the clip's, its packets copied.
        let copied = try ffmpeg(["-i", "out.mp4", "-map", "0:a", "-c", "copy", "-f", "data", "-"], in: dir)
        let original = try ffmpeg(["-i", "clip.mp4", "-map", "0:a", "-c", "copy", "-f", "data", "-"], in: dir)
        #expect(!copied.isEmpty && copied == original)
    }

    /// The rows no caption covers go to the encoder as the clip holds them: decoded losslessly,
    /// they are the clip's own bytes; only the caption's rows differ.
    @Test func rowsNoCaptionCoversAreTheClipsOwnBytes() throws {
        let dir = makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        _ = try ffmpeg(
            [
                "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=25:duration=1", "-c:v", "libx264", "-preset", "ultrafast",
                "-pix_fmt", "yuv420p", "-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709",
                "-color_range", "tv", "clip.mp4"
            ], in: dir)
        try Data("1\n00:00:00,000 --> 00:00:01,000\nBurned in\n".utf8).write(to: dir.appendingPathComponent("subs.srt"))
        let render = try runReel(
            ["render", "--video", "clip.mp4", "--captions", "subs.srt", "-o", "out.mp4", "--crf", "0", "--preset", "ultrafast"],
            in: dir)
        #expect(render.status == 0, "\(render.stderr)")
        let raw = ["-f", "rawvideo", "-pix_fmt", "yuv420p", "-"]
        let ours = [UInt8](try ffmpeg(["-i", "out.mp4"] + raw, in: dir))
        let theirs = [UInt8](try ffmpeg(["-i", "clip.mp4"] + raw, in: dir))
        #expect(ours.count == theirs.count && ours.count == 25 * 320 * 240 * 3 / 2)
        let frame = 320 * 240 * 3 / 2
        var differing: Set<Int> = []
        for f in 0..<25 {
            for row in 0..<240
            where ours[(f * frame + row * 320)..<(f * frame + row * 320 + 320)]
                != theirs[(f * frame + row * 320)..<(f * frame + row * 320 + 320)]
            {
                differing.insert(row)
            }
        }
        // The caption: 12 points at the bottom, its box ending 12 rows above the frame's bottom.
        #expect(!differing.isEmpty && differing.allSatisfy { $0 >= 190 && $0 < 232 }, "\(differing.sorted())")
    }

    @Test func aClipNamedThroughDotDotIsFound() throws {
        let dir = makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let sub = dir.appendingPathComponent("work")
        try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
        _ = try ffmpeg(
            [
                "-f", "lavfi", "-i", "color=c=red:size=64x64:rate=10:duration=0.5", "-c:v", "libx264", "-pix_fmt", "yuv420p",
                "clip.mp4"
            ],
            in: dir)
        try Data(#"{"layers": []}"#.utf8).write(to: sub.appendingPathComponent("t.json"))
        let frame = try runReel(["frame", "t.json", "--video", "../clip.mp4", "-o", "f.png"], in: sub)
        #expect(frame.status == 0, "\(frame.stderr)")
        let render = try runReel(["render", "t.json", "--video", "../clip.mp4", "-o", "out.mp4"], in: sub)
        #expect(render.status == 0, "\(render.stderr)")
    }

    /// `inspect`, `profile` and `validate` take a clip and captions without a timeline, as
    /// `render` and `frame` do.
    @Test func everyCommandTakesAClipAndCaptionsWithoutATimeline() throws {
        let dir = makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        _ = try ffmpeg(
            [
                "-f", "lavfi", "-i", "testsrc2=size=160x90:rate=10:duration=1", "-c:v", "libx264", "-pix_fmt", "yuv420p",
                "-colorspace", "bt709", "-color_range", "tv", "clip.mp4"
            ], in: dir)
        try Data("1\n00:00:00,000 --> 00:00:00,500\nHello\n".utf8).write(to: dir.appendingPathComponent("subs.srt"))
        let inspect = try runReel(
            ["inspect", "--video", "clip.mp4", "--captions", "subs.srt", "--time", "0.2", "--layer=--captions", "--key", "lines"],
            in: dir)
        #expect(inspect.status == 0 && inspect.stdout.contains("\"text\": \"Hello\""), "\(inspect.stdout) \(inspect.stderr)")
        let profile = try runReel(
            ["profile", "--video", "clip.mp4", "--captions", "subs.srt", "--frames", "0..<4", "--encode"], in: dir)
        #expect(profile.status == 0 && profile.stdout.contains("4 frames at 160x90"), "\(profile.stdout) \(profile.stderr)")
        let validate = try runReel(["validate", "--video", "clip.mp4", "--captions", "subs.srt"], in: dir)
        #expect(validate.status == 0 && validate.stdout.contains("read as bt709/tv (as tagged)"), "\(validate.stdout)")
        let none = try runReel(["render", "-o", "x.mp4"], in: dir)
        #expect(
            none.status != 0 && none.stderr.contains("Missing the timeline file (or --video CLIP to draw over)"), "\(none.stderr)"
        )
    }

    /// `--caption-style FILE.json`: caption-layer keys laid over the default caption layer
    /// (a word-timed JSON's spoken word highlighted, a size, a colour, a placement), checked
    /// with the style file's own JSON paths; and `validate --video` names the overlay, not the clip.
    @Test func aCaptionStyleFileStylesTheCaptions() throws {
        let dir = makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        _ = try ffmpeg(
            [
                "-f", "lavfi", "-i", "color=c=black:size=320x180:rate=10:duration=1", "-c:v", "libx264", "-pix_fmt", "yuv420p",
                "clip.mp4"
            ], in: dir)
        let words =
            #"{"segments": [{"start": 0, "end": 1, "text": "Hello there", "words": [{"word": "Hello", "start": 0, "end": 0.5}, {"word": " there", "start": 0.5, "end": 1}]}]}"#
        try Data(words.utf8).write(to: dir.appendingPathComponent("words.json"))
        let style =
            ##"{"fontSize": 30, "foregroundColor": "yellow", "captionHighlightColor": "#FF0000", "textStrokeWidth": 0, "frame": [0, 0, 320, 90]}"##
        try Data(style.utf8).write(to: dir.appendingPathComponent("style.json"))
        func colours(_ time: String, style: Bool) throws -> (red: Int, yellow: Int, below: Int) {
            let r = try runReel(
                ["frame", "--video", "clip.mp4", "--captions", "words.json", "--time", time, "-o", "f.png"]
                    + (style ? ["--caption-style", "style.json"] : []), in: dir)
            #expect(r.status == 0, "\(r.stderr)")
            let f = try #require(try MediaReader(path: dir.appendingPathComponent("f.png").path).readFrames(limit: 1).first)
            var (red, yellow, below) = (0, 0, 0)
            for y in 0..<180 {
                for x in 0..<320 {
                    let p = f.pixel(x: x, y: y)
                    if p.r > 200, p.g < 60, p.b < 60 { red += 1 }
                    if p.r > 200, p.g > 200, p.b < 60 { yellow += 1 }
                    if y >= 90, p.r > 100 { below += 1 }
                }
            }
            return (red, yellow, below)
        }
        // The default look: white, no highlight, at the bottom.
        let plain = try colours("0.2", style: false)
        #expect(plain.red == 0 && plain.yellow == 0 && plain.below > 0)
        // Styled: "Hello" spoken in red, "there" yellow, all in the top half.
        let first = try colours("0.2", style: true)
        #expect(first.red > 30 && first.yellow > 30 && first.below == 0, "\(first)")
        let later = try colours("0.7", style: true)
        #expect(later.red > 30 && later.yellow > 30 && later.red != first.red, "\(later)")
        // A style's mistakes are named by the style file and the key's path.
        try Data(#"{"fontSize": -3, "fontColour": "red"}"#.utf8).write(to: dir.appendingPathComponent("bad.json"))
        let bad = try runReel(
            ["validate", "--video", "clip.mp4", "--captions", "words.json", "--caption-style", "bad.json"], in: dir)
        #expect(bad.status == 1)
        #expect(
            bad.stderr.contains("bad.json: 2 problems") && bad.stderr.contains("fontSize: expected a number above 0"),
            "\(bad.stderr)")
        #expect(bad.stderr.contains("fontColour: expected one of the known keys"), "\(bad.stderr)")
        let alone = try runReel(["validate", "--video", "clip.mp4", "--caption-style", "style.json"], in: dir)
        #expect(alone.status != 0 && alone.stderr.contains("--caption-style needs --captions"))
        let valid = try runReel(["validate", "--video", "clip.mp4", "--captions", "words.json"], in: dir)
        #expect(valid.stdout.contains("the overlay on clip.mp4: valid: 2 layers"), "\(valid.stdout)")
    }

    @Test func anUntaggedClipIsReadAsFFmpegReadsIt() throws {
        let dir = makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        // FFmpeg's own conversion makes BT.601 limited-range YUV and tags nothing.
        _ = try ffmpeg(
            [
                "-f", "lavfi", "-i", "color=c=0x00FE00:size=64x64:rate=10:duration=0.5", "-c:v", "libx264", "-qp", "0",
                "-pix_fmt", "yuv420p", "green.mp4"
            ], in: dir)
        let frame = try runReel(["frame", "--video", "green.mp4", "-o", "f.png"], in: dir)
        #expect(frame.status == 0, "\(frame.stderr)")
        let picture = try #require(try MediaReader(path: dir.appendingPathComponent("f.png").path).readFrames(limit: 1).first)
        let g = picture.pixel(x: 32, y: 32)
        #expect(abs(Int(g.g) - 254) <= 3 && g.r <= 3 && g.b <= 3, "green \(g)")
        // Named otherwise, it is read otherwise; validate says how and why.
        let forced = try runReel(["frame", "--video", "green.mp4", "--video-colorspace", "bt709", "-o", "g.png"], in: dir)
        #expect(forced.status == 0, "\(forced.stderr)")
        let other = try #require(try MediaReader(path: dir.appendingPathComponent("g.png").path).readFrames(limit: 1).first)
        #expect(abs(Int(other.pixel(x: 32, y: 32).g) - Int(g.g)) > 10)
        let validate = try runReel(["validate", "--video", "green.mp4"], in: dir)
        #expect(validate.status == 0 && validate.stdout.contains("read as bt470bg/tv (untagged"), "\(validate.stdout)")
    }

    @Test func aFontStandInIsWarnedOnRenderAndFrame() throws {
        let dir = makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data(
            #"""
            {"canvas": {"width": 64, "height": 32, "duration": 0.1},
             "layers": [{"id": "t", "class": "CATextLayer", "frame": [0, 0, 64, 32], "string": "Hi", "font": "Helvetica-Bolf"}]}
            """#.utf8
        ).write(to: dir.appendingPathComponent("t.json"))
        for args in [["render", "t.json", "-o", "t.mp4"], ["frame", "t.json", "-o", "t.png"]] {
            let result = try runReel(args, in: dir)
            #expect(result.status == 0 && result.stderr.contains("no font is named \"Helvetica-Bolf\""), "\(result.stderr)")
        }
    }
}
