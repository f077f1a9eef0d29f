import Foundation
import ReelMedia
import ReelTestSupport
import Testing

/// `reel render TIMELINE --video CLIP`: layers over footage in one command.
@Suite struct VideoOverlayTests {
    func ffmpeg(_ arguments: [String], in dir: URL) throws -> Data {
        let result = try runProgram(URL(fileURLWithPath: "/usr/bin/ffmpeg"), ["-v", "error", "-y"] + arguments, in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout
    }

    @Test func theOutputTakesTheClipsSizeRateFramesAndSound() throws {
        let dir = makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try IndexClip.make(
            dir.appendingPathComponent("picture.mp4").path, count: 48, rate: "24",
            arguments: ["-c:v", "libx264", "-pix_fmt", "yuv420p"])
        _ = try ffmpeg(
            [
                "-i", "picture.mp4", "-f", "lavfi", "-i", "sine=frequency=440:duration=2", "-c:v", "copy", "-c:a", "aac",
                "-shortest", "clip.mp4"
            ],
            in: dir)
        // A caption over the lower half; the timeline sets no canvas at all.
        try Data(
            ##"{"layers": [{"id": "c", "frame": [0, 48, 256, 16], "backgroundColor": "#FF0000"}]}"##.utf8
        ).write(to: dir.appendingPathComponent("caption.json"))
        let render = try runReel(
            ["render", "caption.json", "--video", "clip.mp4", "-o", "out.mp4", "--crf", "0", "--preset", "ultrafast"], in: dir)
        #expect(render.status == 0, "\(render.stderr)")
        let out = try VideoClip(path: dir.appendingPathComponent("out.mp4").path)
        #expect(out.info.width == 256 && out.info.height == 64 && out.info.frameCount == 48)
        #expect(out.info.rateNumerator == 24 && out.info.rateDenominator == 1)
        for i in [0, 1, 23, 47] {
            let picture = try out.frame(i)
            #expect(IndexClip.read { x, y in Int(picture.pixel(x: x, y: y).g) } == i, "frame \(i)")
            let red = picture.pixel(x: 128, y: 56)
            #expect(red.r > 200 && red.g < 40, "the caption is over the clip")
        }
        // The sound is the clip's, its packets copied unchanged.
        let copied = try ffmpeg(["-i", "out.mp4", "-map", "0:a", "-c", "copy", "-f", "data", "-"], in: dir)
        let original = try ffmpeg(["-i", "clip.mp4", "-map", "0:a", "-c", "copy", "-f", "data", "-"], in: dir)
        #expect(!copied.isEmpty && copied == original)
    }

    @Test func aClipThatIsNoVideoIsRefusedBeforeAnythingIsWritten() throws {
        let dir = makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data(#"{"layers": []}"#.utf8).write(to: dir.appendingPathComponent("t.json"))
        try Data((0..<5000).map { UInt8(truncatingIfNeeded: $0 * 31) }).write(to: dir.appendingPathComponent("garbage.mp4"))
        let garbage = try runReel(["render", "t.json", "--video", "garbage.mp4", "-o", "out.mp4"], in: dir)
        #expect(garbage.status == 1 && garbage.stderr.contains("--video garbage.mp4: expected a video libav can decode"))
        let missing = try runReel(["render", "t.json", "--video", "none.mp4", "-o", "out.mp4"], in: dir)
        #expect(missing.status == 1 && missing.stderr.contains("no file at none.mp4"))
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out.mp4").path))
    }

    /// The clip's sound, the timeline's own at half volume and a second layer of the same clip
    /// from 1 s on, mixed into the output's one track: written as 16-bit PCM in MOV
    /// (`--audio-codec pcm`) and read back from the file, every sample within 1 step of the sum
    /// worked out here.
    @Test func soundsOfClipLayersAndTheTimelineAreMixedSampleBySample() throws {
        let dir = makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try IndexClip.make(
            dir.appendingPathComponent("picture.mp4").path, count: 60, arguments: ["-c:v", "libx264", "-pix_fmt", "yuv420p"])
        let voice = try TestSound.wav(dir.appendingPathComponent("voice.wav").path, seconds: 2) {
            Int16(truncatingIfNeeded: ($0 * 37) % 12000 - 6000)
        }
        let music = try TestSound.wav(dir.appendingPathComponent("music.wav").path, seconds: 3) {
            Int16(8000 * sin(Double($0) * 0.01))
        }
        _ = try ffmpeg(
            ["-i", "picture.mp4", "-i", "voice.wav", "-c:v", "copy", "-c:a", "pcm_s16le", "-shortest", "clip.mov"], in: dir)
        try Data(
            ##"""
            {"audio": {"asset": "music", "volume": 0.5}, "assets": {"music": {"path": "music.wav"}, "clip": {"path": "clip.mov"}},
             "layers": [{"id": "second", "class": "AVPlayerLayer", "frame": [0, 0, 64, 16], "player": "clip", "beginTime": 1}]}
            """##.utf8
        ).write(to: dir.appendingPathComponent("mix.json"))
        let render = try runReel(
            ["render", "mix.json", "--video", "clip.mov", "-o", "out.mov", "--audio-codec", "pcm", "--preset", "ultrafast"],
            in: dir)
        #expect(render.status == 0, "\(render.stderr)")
        let probe = try ffmpeg(["-i", "out.mov", "-map", "0:a", "-c", "copy", "-f", "s16le", "-"], in: dir)
        let samples = probe.withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
        let rate = TestSound.rate
        #expect(samples.count == 2 * 2 * rate, "2 s of stereo at 48 kHz: \(samples.count) samples")
        var worst = 0.0
        for i in 0..<min(samples.count / 2, 2 * rate) {
            let later = i - rate
            let left =
                Double(voice[i]) + 0.5 * Double(music[i]) + (later >= 0 ? Double(voice[later]) : 0)
            let right =
                -Double(voice[i]) - 0.5 * Double(music[i]) - (later >= 0 ? Double(voice[later]) : 0)
            worst = max(worst, abs(Double(samples[2 * i]) - left), abs(Double(samples[2 * i + 1]) - right))
        }
        #expect(worst <= 1, "worst difference \(worst) of 16-bit steps")
    }

    @Test func pcmIsWrittenOnlyWhereTheContainerTakesIt() throws {
        let dir = makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data(#"{"canvas": {"width": 16, "height": 16, "duration": 0.1}, "layers": []}"#.utf8).write(
            to: dir.appendingPathComponent("t.json"))
        let refused = try runReel(["render", "t.json", "-o", "out.mp4", "--audio-codec", "pcm"], in: dir)
        #expect(refused.status == 1, "\(refused.stderr)")
        #expect(
            refused.stderr.contains("cannot write out.mp4 with --audio-codec pcm: a .mp4 file takes `aac`; write .mov for PCM"))
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out.mp4").path))
    }
}
