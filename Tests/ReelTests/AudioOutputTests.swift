import Foundation
import ReelTestSupport
import Testing

/// Sound beside the video, through the `reel` binary, checked with the ffmpeg tools: a track
/// the container takes is copied packet for packet, others are encoded (AAC, Opus for WebM),
/// and every track is trimmed or padded to the video's length and placed by the timeline's
/// `audio` entry.
@Suite struct AudioOutputTests {
    static let ffmpeg = URL(fileURLWithPath: "/usr/bin/ffmpeg")
    static let ffprobe = URL(fileURLWithPath: "/usr/bin/ffprobe")

    /// 1 s at 10 fps, 64x48, with `extra` added to the top level (an `audio` entry, assets).
    func timeline(_ extra: String = "") -> String {
        ##"{"canvas": {"width": 64, "height": 48, "fps": 10, "duration": 1, "background": "#2080C0"}, "layers": []EXTRA}"##
            .replacingOccurrences(of: "EXTRA", with: extra)
    }

    /// A sine of `seconds` made by the ffmpeg tool (`file`'s extension picks the codec).
    func sine(_ file: URL, seconds: Double, channels: Int = 2) throws {
        let made = try runProgram(
            Self.ffmpeg,
            [
                "-v", "error", "-y", "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=\(seconds)", "-ac",
                String(channels), file.path
            ])
        #expect(made.status == 0, "\(made.stderr)")
    }

    /// `codec_name,codec_type,duration` of each stream.
    func streams(_ file: URL) throws -> [String] {
        let r = try runProgram(
            Self.ffprobe, ["-v", "error", "-show_entries", "stream=codec_type,codec_name,duration", "-of", "csv=p=0", file.path])
        return String(decoding: r.stdout, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    func duration(_ line: String) -> Double { Double(line.split(separator: ",").last ?? "") ?? -1 }

    /// The audio decoded to mono 16-bit samples at 48 kHz.
    func samples(_ file: URL) throws -> [Int16] {
        let r = try runProgram(
            Self.ffmpeg, ["-v", "error", "-i", file.path, "-map", "0:a", "-ac", "1", "-ar", "48000", "-f", "s16le", "-"])
        return r.stdout.withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
    }

    func peak(_ s: [Int16], _ seconds: ClosedRange<Double>) -> Int {
        let range = Int(seconds.lowerBound * 48000)..<min(s.count, Int(seconds.upperBound * 48000))
        return range.isEmpty ? -1 : range.map { abs(Int(s[$0])) }.max()!
    }

    /// The MD5 of each packet of the first audio stream, as `-f framemd5` lists them.
    func packetHashes(_ file: URL) throws -> [String] {
        let r = try runProgram(Self.ffmpeg, ["-v", "error", "-i", file.path, "-map", "0:a", "-c", "copy", "-f", "framemd5", "-"])
        return String(decoding: r.stdout, as: UTF8.self).split(separator: "\n").filter { !$0.hasPrefix("#") }.map {
            String($0.split(separator: ",").last!).trimmingCharacters(in: .whitespaces)
        }
    }

    @Test func aTrackTheContainerTakesIsCopiedUnchangedAndTrimmed() throws {
        let dir = makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try timeline().write(to: dir.appendingPathComponent("t.json"), atomically: true, encoding: .utf8)
        try sine(dir.appendingPathComponent("music.m4a"), seconds: 3)
        let result = try runReel(["render", "t.json", "-o", "out.mp4", "--audio", "music.m4a", "--quiet"], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        let out = dir.appendingPathComponent("out.mp4")
        let s = try streams(out)
        #expect(s.count == 2 && s[0].hasPrefix("h264,video") && s[1].hasPrefix("aac,audio"), "\(s)")
        #expect(abs(duration(s[1]) - 1) <= 0.1, "audio \(s[1]) against 1 s of video")
        let copied = try packetHashes(out)
        let source = try packetHashes(dir.appendingPathComponent("music.m4a"))
        #expect(copied.count > 40 && copied.count < source.count)
        #expect(copied == Array(source.prefix(copied.count)), "the copied packets differ from the source's")
    }

    @Test func aShortTrackIsEncodedAndPaddedWithSilence() throws {
        let dir = makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try timeline().write(to: dir.appendingPathComponent("t.json"), atomically: true, encoding: .utf8)
        try sine(dir.appendingPathComponent("beep.wav"), seconds: 0.3, channels: 1)
        for (name, codec) in [("out.mp4", "aac"), ("out.mov", "aac"), ("out.webm", "opus")] {
            let result = try runReel(["render", "t.json", "-o", name, "--audio", "beep.wav", "--quiet"], in: dir)
            #expect(result.status == 0, "\(name): \(result.stderr)")
            let out = dir.appendingPathComponent(name)
            let s = try streams(out)
            #expect(s.count == 2 && s[1].hasPrefix("\(codec),audio"), "\(name): \(s)")
            let pcm = try samples(out)
            #expect(abs(Double(pcm.count) / 48000 - 1) <= 0.1, "\(name): \(pcm.count) samples for 1 s of video")
            // ffmpeg's sine has amplitude 1/8 of full scale (4096).
            #expect(abs(peak(pcm, 0.05...0.25) - 4096) < 300, "\(name): \(peak(pcm, 0.05...0.25))")
            #expect(peak(pcm, 0.4...0.95) < 40, "\(name): silence after the track ends: \(peak(pcm, 0.4...0.95))")
        }
    }

    /// The timeline's `audio` entry starts the track at 0.5 s at half volume; `--frames 2..<10`
    /// starts the video at 0.2 s, so the sound begins 0.3 s into that file.
    @Test func theTimelinesAudioEntryPlacesAndScalesTheTrack() throws {
        let dir = makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try timeline(#", "assets": {"tone": {"path": "tone.wav"}}, "audio": {"asset": "tone", "start": 0.5, "volume": 0.5}"#)
            .write(to: dir.appendingPathComponent("t.json"), atomically: true, encoding: .utf8)
        try sine(dir.appendingPathComponent("tone.wav"), seconds: 2, channels: 1)
        let whole = try runReel(["render", "t.json", "-o", "whole.mp4", "--quiet"], in: dir)
        #expect(whole.status == 0, "\(whole.stderr)")
        let pcm = try samples(dir.appendingPathComponent("whole.mp4"))
        #expect(peak(pcm, 0.05...0.45) < 40, "silence before 0.5 s: \(peak(pcm, 0.05...0.45))")
        #expect(abs(peak(pcm, 0.55...0.95) - 2048) < 200, "half volume: \(peak(pcm, 0.55...0.95))")
        let part = try runReel(["render", "t.json", "-o", "part.mp4", "--frames", "2..<10", "--quiet"], in: dir)
        #expect(part.status == 0, "\(part.stderr)")
        let cut = try samples(dir.appendingPathComponent("part.mp4"))
        #expect(peak(cut, 0.05...0.25) < 40 && abs(peak(cut, 0.35...0.75) - 2048) < 200)
        // Into a GIF the timeline's sound is left out with a note, not refused.
        let gif = try runReel(["render", "t.json", "-o", "t.gif"], in: dir)
        #expect(gif.status == 0 && gif.stderr.contains("the timeline's audio (tone) is left out: a GIF has no sound track"))
    }

    /// `--audio` into a format without sound, and sound files that cannot be read, are refused
    /// before anything renders and leave no file.
    @Test func unsupportedAudioIsRefusedBeforeRendering() throws {
        let dir = makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try timeline().write(to: dir.appendingPathComponent("t.json"), atomically: true, encoding: .utf8)
        try "not sound".write(to: dir.appendingPathComponent("noise.wav"), atomically: true, encoding: .utf8)
        try sine(dir.appendingPathComponent("a.wav"), seconds: 1)
        for (args, message) in [
            (["-o", "t.gif", "--audio", "a.wav"], "cannot write t.gif with the audio --audio a.wav: a GIF has no sound track"),
            (["-o", "f%03d.png", "--audio", "a.wav"], "a PNG sequence has no sound track"),
            (["-o", "t.mp4", "--audio", "missing.wav"], "--audio missing.wav: expected a readable sound file, found no file"),
            (["-o", "t.mp4", "--audio", "."], "found a folder"),
            (["-o", "t.mp4", "--audio", "noise.wav"], "noise.wav is not a sound file libav can read")
        ] {
            let result = try runReel(["render", "t.json", "--quiet"] + args, in: dir)
            #expect(result.status == 1 && result.stderr.contains(message), "\(args): \(result.stderr)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["a.wav", "noise.wav", "t.json"])
    }
}
