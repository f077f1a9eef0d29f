import Foundation
import ReelCore
import ReelMedia
import ReelTestSupport
import Testing

/// Every opaque format, written by the `reel` binary and decoded back with libav
/// (`MediaReader`): frame count, size, pixel format, colour tags, and the colours of the two
/// flat halves of the picture (±2 per channel). The formats with alpha: `AlphaOutputTests`.
@Suite struct OutputFileTests {
    /// 64x48, 4 frames at 10 fps: red at opacity 0.5 over the left half of #2080C0, which
    /// composites to (144, 64, 96); the right half is the background (32, 128, 192).
    static let timeline =
        ##"{"canvas": {"width": 64, "height": 48, "fps": 10, "duration": 0.4, "background": "#2080C0"}, "layers": [{"id": "red", "frame": [0, 0, 32, 48], "backgroundColor": "#FF0000", "opacity": 0.5}]}"##

    struct Case: Sendable, CustomTestStringConvertible {
        let output: String
        let options: [String]
        let codec: String
        let pixelFormat: String
        /// Primaries, transfer, matrix, range as libav names them.
        let tags: [String]
        var testDescription: String { "\(output) \(options.joined(separator: " "))" }
    }

    static let video = ["bt709", "bt709", "bt709", "tv"]
    static let cases = [
        Case(output: "h264.mp4", options: [], codec: "h264", pixelFormat: "yuv420p", tags: video),
        Case(
            output: "h264-10.mp4", options: ["--pix-fmt", "yuv420p10le"], codec: "h264", pixelFormat: "yuv420p10le",
            tags: video),
        Case(output: "hevc.mp4", options: ["--codec", "hevc"], codec: "hevc", pixelFormat: "yuv420p", tags: video),
        Case(
            output: "hevc-10.mp4", options: ["--codec", "hevc", "--pix-fmt", "yuv420p10le"], codec: "hevc",
            pixelFormat: "yuv420p10le", tags: video),
        Case(output: "h264.mov", options: ["--codec", "h264"], codec: "h264", pixelFormat: "yuv420p", tags: video),
        // GIF has no colour tags; its frames are sRGB, mapped to a palette.
        Case(
            output: "anim.gif", options: [], codec: "gif", pixelFormat: "bgra",
            tags: ["unknown", "unknown", "unknown", "unknown"]),
        // PNG carries sRGB in its own chunk (checked below), not in libav's stream tags.
        Case(
            output: "frames/%03d.png", options: [], codec: "png", pixelFormat: "rgba",
            tags: ["unknown", "unknown", "unknown", "pc"])
    ]

    @Test(arguments: cases)
    func decodesBackWithItsFormatAndColours(_ c: Case) throws {
        let dir = makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.timeline.write(to: dir.appendingPathComponent("t.json"), atomically: true, encoding: .utf8)
        let result = try runReel(["render", "t.json", "-o", c.output, "--quiet"] + c.options, in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        let reader = try MediaReader(path: dir.appendingPathComponent(c.output).path)
        let i = reader.info
        #expect([i.codec, i.pixelFormat] == [c.codec, c.pixelFormat])
        #expect(i.width == 64 && i.height == 48)
        #expect([i.colorPrimaries, i.colorTransfer, i.colorSpace, i.colorRange] == c.tags)
        let frames = try reader.readFrames()
        #expect(frames.count == 4)
        for (n, frame) in frames.enumerated() {
            for (x, expected) in [(16, [144, 64, 96, 255]), (48, [32, 128, 192, 255])] {
                let p = frame.pixel(x: x, y: 24)
                let got = [Int(p.r), Int(p.g), Int(p.b), Int(p.a)]
                #expect(zip(got, expected).allSatisfy { abs($0 - $1) <= 2 }, "frame \(n) at \(x), 24: \(got)")
            }
        }
        if c.codec == "png" {
            let names = try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("frames").path)
            #expect(names.sorted() == ["000.png", "001.png", "002.png", "003.png"])
            let bytes = try Data(contentsOf: dir.appendingPathComponent("frames/000.png"))
            #expect(bytes.range(of: Data("sRGB".utf8)) != nil)
        }
    }

    /// A PNG sequence is numbered by frame index, replaces files of the same names, and makes
    /// its folders when missing; refused sequences (no pattern, an input among its files)
    /// leave nothing behind.
    @Test func aPNGSequenceIsNumberedByFrameAndWrittenWhole() throws {
        let dir = makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.timeline.write(to: dir.appendingPathComponent("t.json"), atomically: true, encoding: .utf8)
        let partial = try runReel(["render", "t.json", "-o", "out/f%02d.png", "--frames", "2..<4", "--quiet"], in: dir)
        #expect(partial.status == 0, "\(partial.stderr)")
        let out = dir.appendingPathComponent("out")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).sorted() == ["f02.png", "f03.png"])
        for (args, message) in [
            (["-o", "out/f.png"], "a PNG sequence needs one number pattern in its file name"),
            (["-o", "out/%d-%d.png"], "a PNG sequence needs one number pattern in its file name"),
            (["-o", "t.json/deeper/%03d.png"], "t.json is not a folder")
        ] {
            let result = try runReel(["render", "t.json", "--quiet"] + args, in: dir)
            #expect(result.status == 1 && result.stderr.contains(message), "\(args): \(result.stderr)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).sorted() == ["f02.png", "f03.png"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["out", "t.json"])
    }

    /// A PNG sequence never writes over an image the timeline shows.
    @Test func aPNGSequenceDoesNotReplaceTheTimelinesImages() throws {
        let dir = makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.timeline.write(to: dir.appendingPathComponent("t.json"), atomically: true, encoding: .utf8)
        let made = try runReel(["frame", "t.json", "--time", "0", "-o", "1.png"], in: dir)
        #expect(made.status == 0, "\(made.stderr)")
        let before = try Data(contentsOf: dir.appendingPathComponent("1.png"))
        try
            ##"{"canvas": {"width": 64, "height": 48, "fps": 10, "duration": 0.4}, "assets": {"pic": {"path": "1.png"}}, "layers": [{"id": "p", "frame": [0, 0, 64, 48], "contents": "pic"}]}"##
            .write(to: dir.appendingPathComponent("uses.json"), atomically: true, encoding: .utf8)
        let result = try runReel(["render", "uses.json", "-o", "%d.png", "--quiet"], in: dir)
        #expect(result.status == 1 && result.stderr.contains("is one of the inputs"), "\(result.stderr)")
        #expect(try Data(contentsOf: dir.appendingPathComponent("1.png")) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["1.png", "t.json", "uses.json"])
    }
}
