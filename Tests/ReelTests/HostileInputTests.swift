import Foundation
import ReelTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The catalogue of hostile inputs in `Tests/Fixtures/invalid`: broken and malicious JSON,
/// assets that are not images or fonts (empty, garbage, cut short, lying about their size, a
/// folder, a FIFO, a file outside the timeline's folder, directly or through a link, a font
/// collection's missing face), text that is too long or holds control characters, memory bombs and
/// output paths that would destroy something. Each entry of `catalogue.json` is a command with
/// its expected exit status and a fragment of its message; none may crash, hang or leave an
/// output behind.
@Suite struct HostileInputTests {
    struct Case: Decodable {
        let args: [String]
        let exit: Int32
        let message: String
        /// An output that must not exist afterwards.
        let absent: String?
        /// An output that must exist afterwards.
        let creates: String?
    }

    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../Fixtures/invalid")
        .standardized
    /// Seconds a case may take: 10, times REEL_TEST_TIME_SCALE where a sanitizer slows everything down.
    static let limit = 10 * testTimeScale

    @Test func everyHostileInputGetsItsExitStatusAndMessage() throws {
        let cases = try JSONDecoder().decode(
            [Case].self, from: Data(contentsOf: Self.folder.appendingPathComponent("catalogue.json")))
        #expect(cases.count >= 40)
        let scratch = makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let dir = scratch.appendingPathComponent("invalid")
        try FileManager.default.copyItem(at: Self.folder, to: dir)
        #expect(mkfifo(dir.appendingPathComponent("pipe.png").path, 0o600) == 0)
        #expect(symlink("/etc/passwd", dir.appendingPathComponent("assets/link.png").path) == 0)
        // A path of a million elements (15 MB: made here rather than kept in the repository).
        let lines = (1...1_000_000).map { "[\"line\",\($0 % 100),\($0 % 77)]" }.joined(separator: ",")
        try Data(
            """
            {"version":1,"canvas":{"width":200,"height":100,"duration":1},"layers":[{"id":"s","class":"CAShapeLayer",\
            "frame":[0,0,100,100],"path":{"elements":[["move",0,0],\(lines)]}}]}
            """.utf8
        ).write(to: dir.appendingPathComponent("shape-path-million-elements.json"))
        // A CSV whose one cell is 1 GB of NUL bytes (sparse: nothing is written to disk).
        let gigabyte = dir.appendingPathComponent("rows-gigabyte-cell.csv")
        try Data("name,accent\n".utf8).write(to: gigabyte)
        #expect(truncate(gigabyte.path, 1 << 30) == 0)
        // A list of 10,000 sounds (made here).
        let sounds = (0..<10_000).map { #"{"asset":"tune","start":\#($0)}"# }.joined(separator: ",")
        try Data(
            #"{"canvas":{"width":64,"height":48,"duration":1},"assets":{"tune":{"path":"tune.wav"}},"audio":[\#(sounds)],"layers":[]}"#
                .utf8
        ).write(to: dir.appendingPathComponent("sound-ten-thousand.json"))
        // Layers with a blur each, nested 10,000 deep (800 KB: made here).
        let nested =
            String(
                repeating: #"{"id":"l","filters":[{"name":"b","type":"gaussianBlur","radius":4}],"sublayers":["#, count: 10_000)
            + String(repeating: "]}", count: 10_000)
        try Data((#"{"canvas":{"width":64,"height":64,"duration":1},"layers":["# + nested + "]}").utf8)
            .write(to: dir.appendingPathComponent("filters-nested-ten-thousand.json"))
        // Fonts from Debian's packages, cut short and as a collection, and a string of 10 MB.
        try Data(try Data(contentsOf: URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")).prefix(700_000))
            .write(to: dir.appendingPathComponent("assets/truncated.ttf"))
        try FileManager.default.copyItem(
            atPath: "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
            toPath: dir.appendingPathComponent("assets/collection.ttc").path)
        try Data(
            """
            {"canvas":{"width":64,"height":64,"duration":1},"layers":[{"id":"t","class":"CATextLayer","bounds":[0,0,60,20],\
            "string":"\(String(repeating: "a", count: 10 << 20))"}]}
            """.utf8
        ).write(to: dir.appendingPathComponent("text-ten-megabytes.json"))
        // Clips made here: one cut short before its index, one of sound only, one with no frame;
        // a clip that is a pipe, and a link to a clip outside the assets root.
        let ffmpeg = URL(fileURLWithPath: "/usr/bin/ffmpeg")
        for arguments in [
            [
                "-f", "lavfi", "-i", "testsrc2=size=64x64:rate=30:duration=1", "-c:v", "libx264", "-pix_fmt", "yuv420p",
                "whole.mp4"
            ],
            ["-f", "lavfi", "-i", "sine=duration=1", "-c:a", "aac", "audio-only.mp4"],
            ["-f", "lavfi", "-i", "testsrc2=size=64x64:rate=30", "-frames:v", "0", "-c:v", "libx264", "zero-frames.mp4"]
        ] {
            let made = try runProgram(ffmpeg, ["-v", "error", "-y"] + arguments, in: dir.appendingPathComponent("assets"))
            #expect(made.status == 0, "\(made.stderr)")
        }
        // Lottie bombs (made here): a million layers, a million keyframes, and a .tgs that
        // inflates to 10 GB (a gzip header, one flushed deflate block of 1 MiB of zeros 10,240
        // times, the last block; its trailer is never reached).
        try Data(
            (#"{"v":"5.7.0","fr":30,"ip":0,"op":30,"w":64,"h":64,"layers":["#
                + Array(repeating: #"{"ty":3}"#, count: 1_000_000).joined(separator: ",") + "]}").utf8
        ).write(to: dir.appendingPathComponent("lottie-million-layers.json"))
        try Data(
            (#"{"v":"5.7.0","fr":30,"ip":0,"op":30,"w":64,"h":64,"layers":[{"ty":4,"ks":{"o":{"a":1,"k":["#
                + (0..<1_000_000).map { #"{"t":\#($0),"s":[\#($0 % 100)]}"# }.joined(separator: ",") + #"]}},"shapes":[]}]}"#)
                .utf8
        ).write(to: dir.appendingPathComponent("lottie-million-keyframes.json"))
        let zeros = try #require(Data(base64Encoded: Self.mebibyteOfZerosDeflated))
        var sticker = Data([0x1F, 0x8B, 0x08, 0, 0, 0, 0, 0, 0, 3])
        sticker.reserveCapacity(zeros.count * 10_240 + 32)
        for _ in 0..<10_240 { sticker.append(zeros) }
        sticker.append(contentsOf: [0x01, 0, 0, 0xFF, 0xFF, 0, 0, 0, 0, 0, 0, 0, 0])
        try sticker.write(to: dir.appendingPathComponent("lottie-ten-gigabytes.tgs"))
        // A timeline file of 700 MB (sparse: refused by its size before a byte is read).
        let huge = dir.appendingPathComponent("timeline-700-mb.json")
        _ = FileManager.default.createFile(atPath: huge.path, contents: nil)
        let handle = try FileHandle(forWritingTo: huge)
        try handle.truncate(atOffset: 700 << 20)
        try handle.close()
        // A clip declaring 100000 x 100000 pixels: a YUV4MPEG header and one empty frame.
        try Data("YUV4MPEG2 W100000 H100000 F30:1 Ip A1:1 C420jpeg\nFRAME\n".utf8)
            .write(to: dir.appendingPathComponent("assets/huge-declared.mkv"))
        // Garbage named like a video (made here: .gitignore keeps video files out of the repository).
        try Data((0..<6000).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ 13) }).write(
            to: dir.appendingPathComponent("assets/garbage.mp4"))
        let whole = try Data(contentsOf: dir.appendingPathComponent("assets/whole.mp4"))
        try whole.prefix(whole.count / 2).write(to: dir.appendingPathComponent("assets/truncated.mp4"))
        #expect(mkfifo(dir.appendingPathComponent("pipe.mp4").path, 0o600) == 0)
        #expect(symlink("/usr/share/fonts", dir.appendingPathComponent("assets/link.mp4").path) == 0)
        // The longest string allowed, wrapped into a layer 5 points wide: a line per character.
        let words = (0..<14_000).map { "word\($0)" }.joined(separator: " ").prefix(99_000)
        try Data(
            """
            {"canvas":{"width":64,"height":64,"duration":1},"layers":[{"id":"t","class":"CATextLayer","bounds":[0,0,5,60],\
            "isWrapped":true,"fontSize":12,"string":"\(words)"}]}
            """.utf8
        ).write(to: dir.appendingPathComponent("text-narrow-wrap.json"))
        // Caption files made here: 100 MB (sparse) and a million cues (27 MB).
        let bigCaptions = dir.appendingPathComponent("assets/captions-100-mb.srt")
        _ = FileManager.default.createFile(atPath: bigCaptions.path, contents: nil)
        let captionHandle = try FileHandle(forWritingTo: bigCaptions)
        try captionHandle.truncate(atOffset: 100 << 20)
        try captionHandle.close()
        try Data(("WEBVTT\n\n" + String(repeating: "00:00.000 --> 00:00.001\nx\n\n", count: 1_000_000)).utf8)
            .write(to: dir.appendingPathComponent("assets/captions-million-cues.vtt"))
        for c in cases {
            let start = Date()
            let result = try runReel(c.args, in: dir, timeout: Self.limit)
            let seconds = Date().timeIntervalSince(start)
            let command = c.args.joined(separator: " ")
            #expect(result.status == c.exit, "reel \(command): exit \(result.status), stderr: \(result.stderr)")
            #expect(c.message.isEmpty || result.stderr.contains(c.message), "reel \(command): \(result.stderr)")
            #expect(seconds < Self.limit, "reel \(command) took \(seconds) s")
            #expect(
                !result.stderr.contains("Fatal error") && !result.stderr.contains("Stack dump"),
                "reel \(command) crashed: \(result.stderr)")
            if let absent = c.absent {
                #expect(
                    !FileManager.default.fileExists(atPath: dir.appendingPathComponent(absent).path),
                    "reel \(command) left \(absent)")
            }
            if let created = c.creates {
                #expect(
                    FileManager.default.fileExists(atPath: dir.appendingPathComponent(created).path),
                    "reel \(command) made no \(created)")
            }
        }
        // No temporary file is left beside the outputs, and the inputs are all still there.
        let left = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix(".") }
        #expect(left.isEmpty, "left behind: \(left)")
        let inputs = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path)
        for name in inputs {
            #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent(name).path), "\(name) is gone")
        }
        #expect(
            try Data(contentsOf: dir.appendingPathComponent("valid.json"))
                == Data(contentsOf: Self.folder.appendingPathComponent("valid.json")))
    }

    /// 1 MiB of zeros as raw deflate, ending in a full flush (byte-aligned, no reference
    /// before it), so that copies of it follow one another in one stream.
    static let mebibyteOfZerosDeflated =
        "7MExAQAAAMKg9U9tCF+gAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA+AwAA//8="

    /// The memory bombs are refused from an estimate, before the memory is taken: no child
    /// `reel` of this test run has come near 1 GB.
    @Test func memoryBombsAreRefusedBeforeAllocating() throws {
        let dir = makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let bomb = Self.folder.appendingPathComponent("memory-nested-group-opacity.json")
        let result = try runReel(["render", bomb.path, "-o", dir.appendingPathComponent("bomb.mp4").path], timeout: Self.limit)
        #expect(result.status == 1 && result.stderr.contains("MB"), "\(result.stderr)")
        var usage = rusage()
        getrusage(RUSAGE_CHILDREN.rawValue, &usage)
        #expect(usage.ru_maxrss < 1 << 20, "a child reel reached \(usage.ru_maxrss / 1024) MB")
    }
}
