import Foundation
import Reel
import ReelMedia
import ReelTestSupport
import Testing

/// `reel render --segment K/N` and `reel join`: pieces rendered apart join into the file one
/// render makes, or refuse with a reason and write nothing.
@Suite struct SegmentJoinTests {
    /// The sliding-square timeline (10 fps, 1 s) with a tone as its sound, in a fresh folder.
    func folder() throws -> URL {
        let dir = makeScratchDirectory()
        try Data(slidingSquareTimeline.utf8).write(to: dir.appendingPathComponent("t.json"))
        let tone = try runProgram(
            URL(fileURLWithPath: "/usr/bin/ffmpeg"),
            ["-v", "error", "-y", "-f", "lavfi", "-i", "sine=frequency=330:duration=1", "tone.wav"],
            in: dir)
        #expect(tone.status == 0)
        var json = try String(contentsOf: dir.appendingPathComponent("t.json"), encoding: .utf8)
        json = json.replacingOccurrences(
            of: #""canvas": {"#, with: #""assets": {"tone": {"path": "tone.wav"}}, "audio": {"asset": "tone"}, "canvas": {"#)
        try Data(json.utf8).write(to: dir.appendingPathComponent("t.json"))
        return dir
    }

    func ffmpeg(_ arguments: [String], in dir: URL) throws -> (Data, String) {
        let r = try runProgram(URL(fileURLWithPath: "/usr/bin/ffmpeg"), ["-v", "warning"] + arguments, in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        return (r.stdout, r.stderr)
    }

    func render(_ n: Int, crf: String, in dir: URL) throws {
        for k in 1...n {
            let r = try runReel(
                ["render", "t.json", "--segment", "\(k)/\(n)", "-o", "p\(n)/", "--crf", crf, "--preset", "ultrafast", "--quiet"],
                in: dir)
            #expect(r.status == 0, "\(r.stderr)")
        }
        // `--quiet` as every command that writes a file: nothing but errors.
        let join = try runReel(["join", "p\(n)", "-o", "joined\(n).mp4"] + (n == 2 ? ["--quiet"] : []), in: dir)
        #expect(join.status == 0, "\(join.stderr)")
        #expect(n != 2 || join.stdout.isEmpty && join.stderr.isEmpty, "\(join.stdout)")
    }

    @Test func losslessPiecesJoinIntoTheFramesAndSoundOfOneRender() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let single = try runReel(
            ["render", "t.json", "-o", "single.mp4", "--crf", "0", "--preset", "ultrafast", "--quiet"], in: dir)
        #expect(single.status == 0, "\(single.stderr)")
        func frames(_ file: String) throws -> [String] {
            String(decoding: try ffmpeg(["-i", file, "-map", "0:v", "-f", "framemd5", "-"], in: dir).0, as: UTF8.self)
                .split(separator: "\n").filter { !$0.hasPrefix("#") }.map { String($0.split(separator: ",").last ?? "") }
        }
        func sound(_ file: String) throws -> Data { try ffmpeg(["-i", file, "-map", "0:a", "-f", "s16le", "-"], in: dir).0 }
        let expected = try frames("single.mp4")
        #expect(expected.count == 10)
        for n in [1, 2, 3, 7] {
            try render(n, crf: "0", in: dir)
            #expect(try frames("joined\(n).mp4") == expected, "\(n) pieces")
            #expect(try sound("joined\(n).mp4") == sound("single.mp4"), "\(n) pieces' sound")
        }
    }

    @Test func atTheDefaultQualityEveryFrameIsThereOnceAndFFprobeIsQuiet() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        try render(3, crf: "20", in: dir)
        let probe = try runProgram(
            URL(fileURLWithPath: "/usr/bin/ffprobe"),
            [
                "-v", "warning", "-count_frames", "-select_streams", "v", "-show_entries", "stream=nb_read_frames", "-of",
                "csv=p=0", "joined3.mp4"
            ],
            in: dir)
        #expect(probe.status == 0 && probe.stderr.isEmpty, "\(probe.stderr)")
        #expect(String(decoding: probe.stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) == "10")
    }

    @Test func joinRefusesPiecesThatDoNotMakeOneRender() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        try render(3, crf: "20", in: dir)
        let fm = FileManager.default
        func refuses(_ message: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
            let r = try runReel(["join", "p3", "-o", "bad.mp4"], in: dir)
            #expect(r.status == 1 && r.stderr.contains(message), "\(r.stderr)", sourceLocation: sourceLocation)
            #expect(!fm.fileExists(atPath: dir.appendingPathComponent("bad.mp4").path), sourceLocation: sourceLocation)
        }
        let p = dir.appendingPathComponent("p3")
        // A missing piece.
        try fm.moveItem(at: p.appendingPathComponent("segment-0002-of-0003.json"), to: dir.appendingPathComponent("kept.json"))
        try refuses("missing piece 2/3")
        // The same piece twice.
        try fm.copyItem(
            at: p.appendingPathComponent("segment-0001-of-0003.json"),
            to: p.appendingPathComponent("segment-0001-of-0003-copy.json"))
        try refuses("piece 1/3 is there twice")
        try fm.removeItem(at: p.appendingPathComponent("segment-0001-of-0003-copy.json"))
        try fm.moveItem(at: dir.appendingPathComponent("kept.json"), to: p.appendingPathComponent("segment-0002-of-0003.json"))
        // A piece cut short.
        let piece = p.appendingPathComponent("segment-0003-of-0003.mp4")
        let whole = try Data(contentsOf: piece)
        try whole.prefix(whole.count / 2).write(to: piece)
        try refuses("piece 3/3")
        try whole.write(to: piece)
        // Another timeline's piece (with other settings: --crf 30).
        var other = try String(contentsOf: p.appendingPathComponent("segment-0002-of-0003.json"), encoding: .utf8)
        other = other.replacingOccurrences(of: #""crf" : "20""#, with: #""crf" : "30""#)
        try Data(other.utf8).write(to: p.appendingPathComponent("segment-0002-of-0003.json"))
        try refuses("piece 2/3 was rendered with other settings")
        // The timeline changed since.
        try render(3, crf: "20", in: dir)
        try Data((try String(contentsOf: dir.appendingPathComponent("t.json"), encoding: .utf8) + " ").utf8).write(
            to: dir.appendingPathComponent("t.json"))
        try refuses("changed since the pieces were rendered")
    }

    /// At crf 20, a timeline whose pixels say the time (a clip of index frames, full frame):
    /// the joined file shows every frame once, in order, across every seam.
    @Test func everyFrameShowsItsOwnTimeAcrossTheSeams() throws {
        let dir = makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try IndexClip.make(
            dir.appendingPathComponent("index.mp4").path, count: 45, rate: "30", arguments: ["-c:v", "libx264", "-qp", "0"])
        try Data(
            ##"{"canvas": {"width": 256, "height": 64, "fps": 30, "duration": 1.5}, "assets": {"clip": {"path": "index.mp4"}}, "layers": [{"id": "v", "class": "AVPlayerLayer", "frame": [0, 0, 256, 64], "player": "clip"}]}"##
                .utf8
        ).write(to: dir.appendingPathComponent("t.json"))
        for k in 1...4 {
            let r = try runReel(["render", "t.json", "--segment", "\(k)/4", "-o", "p/", "--quiet"], in: dir)
            #expect(r.status == 0, "\(r.stderr)")
        }
        let join = try runReel(["join", "p", "-o", "joined.mp4"], in: dir)
        #expect(join.status == 0, "\(join.stderr)")
        let joined = try VideoClip(path: dir.appendingPathComponent("joined.mp4").path)
        #expect(joined.info.frameCount == 45)
        for i in 0..<45 {
            let picture = try joined.frame(i)
            #expect(IndexClip.read { x, y in Int(picture.pixel(x: x, y: y).g) } == i, "frame \(i)")
        }
    }

    /// More pieces than frames: the empty pieces write only their manifests, and the join
    /// still makes the whole.
    @Test func morePiecesThanFrames() throws {
        let dir = makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data(
            ##"{"canvas": {"width": 64, "height": 64, "duration": 0.2, "fps": 10}, "layers": [{"id": "a", "bounds": [0, 0, 20, 20], "position": [32, 32], "backgroundColor": "#FF0000"}]}"##
                .utf8
        ).write(to: dir.appendingPathComponent("t.json"))
        for k in 1...3 {
            let r = try runReel(["render", "t.json", "--segment", "\(k)/3", "-o", "p/", "--quiet"], in: dir)
            #expect(r.status == 0, "\(r.stderr)")
        }
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("p").path).filter {
                $0.hasSuffix(".mp4")
            }.count == 2)
        let join = try runReel(["join", "p", "-o", "joined.mp4"], in: dir)
        #expect(join.status == 0, "\(join.stderr)")
        #expect(join.stdout.contains("joined 3 pieces, 2 frames"))
    }

    @Test(arguments: [(7, 3), (10, 4), (1, 1), (3, 7)])
    func theSplitCoversEveryFrameOnce(frames: Int, pieces: Int) {
        let ranges = (1...pieces).map { Segment(index: $0, count: pieces)!.frames(of: frames) }
        #expect(ranges.first?.lowerBound == 0 && ranges.last?.upperBound == frames)
        for (a, b) in zip(ranges, ranges.dropFirst()) { #expect(a.upperBound == b.lowerBound) }
    }

    @Test func enginesNameThePiece() {
        #expect(
            Segment.fromEnvironment(["SLURM_ARRAY_TASK_ID": "3", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_MAX": "3"])
                == Segment(index: 4, count: 4))
        #expect(
            Segment.fromEnvironment(["SLURM_ARRAY_TASK_ID": "2", "SLURM_ARRAY_TASK_COUNT": "5", "SLURM_ARRAY_TASK_MIN": "1"])
                == Segment(index: 2, count: 5))
        #expect(Segment.fromEnvironment(["JOB_COMPLETION_INDEX": "0", "REEL_SEGMENTS": "8"]) == Segment(index: 1, count: 8))
        #expect(Segment.fromEnvironment(["AWS_BATCH_JOB_ARRAY_INDEX": "6", "REEL_SEGMENTS": "7"]) == Segment(index: 7, count: 7))
        #expect(Segment.fromEnvironment(["AWS_BATCH_JOB_ARRAY_INDEX": "6"]) == nil)
        #expect(Segment.fromEnvironment([:]) == nil)
    }
}
