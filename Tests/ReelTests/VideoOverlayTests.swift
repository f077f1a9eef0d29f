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

    /// The clip's sound, the timeline's own at half volume and a second clip layer from 1 s on
    /// are mixed into the output's one track (AAC here; the mix itself is checked sample by
    /// sample in AudioMixTests): the sound is louder where the second clip joins.
    @Test func soundsOfClipLayersAndTheTimelineAreMixed() throws {
        let dir = makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try IndexClip.make(
            dir.appendingPathComponent("picture.mp4").path, count: 60, arguments: ["-c:v", "libx264", "-pix_fmt", "yuv420p"])
        _ = try ffmpeg(
            [
                "-i", "picture.mp4", "-f", "lavfi", "-i", "sine=frequency=440:duration=2", "-c:v", "copy", "-c:a", "aac",
                "-shortest", "clip.mp4"
            ],
            in: dir)
        _ = try ffmpeg(["-f", "lavfi", "-i", "sine=frequency=220:duration=2", "music.wav"], in: dir)
        try Data(
            ##"""
            {"audio": {"asset": "music", "volume": 0.5}, "assets": {"music": {"path": "music.wav"}, "clip": {"path": "clip.mp4"}},
             "layers": [{"id": "second", "class": "AVPlayerLayer", "frame": [0, 0, 64, 16], "player": "clip", "beginTime": 1}]}
            """##.utf8
        ).write(to: dir.appendingPathComponent("mix.json"))
        let render = try runReel(["render", "mix.json", "--video", "clip.mp4", "-o", "out.mp4", "--preset", "ultrafast"], in: dir)
        #expect(render.status == 0, "\(render.stderr)")
        let pcm = try ffmpeg(["-i", "out.mp4", "-map", "0:a", "-ac", "1", "-ar", "8000", "-f", "s16le", "-"], in: dir)
        let samples = pcm.withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
        #expect(abs(samples.count - 16000) < 400, "2 s of sound")
        func rms(_ range: Range<Int>) -> Double {
            (samples[range].reduce(0.0) { $0 + Double($1) * Double($1) } / Double(range.count)).squareRoot()
        }
        let alone = rms(2000..<7000)
        let joined = rms(9000..<14000)
        #expect(alone > 1000 && joined > alone * 1.2, "rms \(alone) then \(joined)")
    }
}
