import Foundation
import ReelCore
import ReelMedia
import ReelTestSupport
import Testing

/// A Lottie file as a user brings it: plain, as a dotLottie or a Telegram sticker, imported
/// to a Reel timeline, with what cannot be drawn named by its path.
@Suite struct LottieCommandTests {
    /// 30 x 20 at 10 fps, 1 s: an embedded 2 x 2 image in a precomp and an orange square moving right.
    static func animation(image: String) -> String {
        #"""
        {"v": "5.7.0", "fr": 10, "ip": 0, "op": 10, "w": 31, "h": 21, "nm": "sample",
         "assets": [{"id": "img", "w": 2, "h": 2, "u": "", "p": "\#(image)", "e": 1},
                    {"id": "pre", "layers": [{"ty": 2, "refId": "img", "ind": 1, "ip": 0, "op": 100, "st": 0, "ks": {"s": {"a": 0, "k": [300, 300]}}}]}],
         "layers": [
           {"ty": 4, "ind": 1, "ip": 0, "op": 100, "st": 0,
            "ks": {"p": {"a": 1, "k": [{"t": 0, "s": [8, 10], "o": {"x": 0.4, "y": 0}, "i": {"x": 0.6, "y": 1}}, {"t": 10, "s": [24, 10]}]}},
            "shapes": [{"ty": "rc", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [6, 6]}, "r": {"a": 0, "k": 1}},
                       {"ty": "fl", "c": {"a": 0, "k": [1, 0.5, 0, 1]}, "o": {"a": 0, "k": 100}, "r": 1}]},
           {"ty": 0, "refId": "pre", "ind": 2, "ip": 0, "op": 100, "st": 0, "w": 31, "h": 21, "ks": {}}
         ]}
        """#
    }

    /// A 2 x 2 PNG (red, green, blue, white) as a data: URI.
    static func imageURI() throws -> String {
        let buffer = PixelBuffer(width: 2, height: 2)
        buffer.row(0)[0] = PixelBuffer.pack((255, 0, 0, 255))
        buffer.row(0)[1] = PixelBuffer.pack((0, 255, 0, 255))
        buffer.row(1)[0] = PixelBuffer.pack((0, 0, 255, 255))
        buffer.row(1)[1] = PixelBuffer.pack((255, 255, 255, 255))
        return "data:image/png;base64," + (try ImageWriter.pngData(buffer)).base64EncodedString()
    }

    private func frame(_ dir: URL, _ file: String, _ extra: [String] = []) throws -> PixelBuffer {
        let result = try runReel(["frame", file, "--time", "0.5", "-o", "\(file).png"] + extra, in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        return try #require(try MediaReader(path: dir.appendingPathComponent("\(file).png").path).readFrames().first)
    }

    @Test func plainDotLottieAndStickerDrawTheSameAndImportRoundTrips() throws {
        let dir = makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let text = Self.animation(image: try Self.imageURI())
        try text.write(to: dir.appendingPathComponent("anim.json"), atomically: true, encoding: .utf8)
        let plain = try frame(dir, "anim.json")
        #expect(plain.width == 31 && plain.height == 21)
        // The image (scaled 3x) at the top left; the square halfway (eased: x 16).
        #expect(plain.pixel(x: 1, y: 1) == (255, 0, 0, 255))
        #expect(plain.pixel(x: 4, y: 4) == (255, 255, 255, 255))
        #expect(plain.pixel(x: 16, y: 10) == (255, 128, 0, 255))
        #expect(plain.pixel(x: 16, y: 1).a == 0)
        // gzip: a .tgs.
        _ = try runProgram(URL(fileURLWithPath: "/bin/gzip"), ["-k", "-S", ".tgs", "anim.json"], in: dir)
        try FileManager.default.moveItem(
            at: dir.appendingPathComponent("anim.json.tgs"), to: dir.appendingPathComponent("sticker.tgs"))
        #expect(try frame(dir, "sticker.tgs").packedBytes == plain.packedBytes)
        // dotLottie: the image lives in the archive's images/ folder.
        let packed = dir.appendingPathComponent("pack")
        try FileManager.default.createDirectory(
            at: packed.appendingPathComponent("animations"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: packed.appendingPathComponent("images"), withIntermediateDirectories: true)
        let uri = try Self.imageURI()
        try Data(base64Encoded: String(uri.split(separator: ",")[1]))!.write(
            to: packed.appendingPathComponent("images/img_0.png"))
        try Self.animation(image: "img_0.png").write(
            to: packed.appendingPathComponent("animations/main.json"), atomically: true, encoding: .utf8)
        try #"{"version": "1", "animations": [{"id": "main"}]}"#.write(
            to: packed.appendingPathComponent("manifest.json"), atomically: true, encoding: .utf8)
        _ = try runProgram(URL(fileURLWithPath: "/usr/bin/zip"), ["-q", "-r", "../anim.lottie", "."], in: packed)
        #expect(try frame(dir, "anim.lottie").packedBytes == plain.packedBytes)
        // reel import: a timeline with the image beside it, drawing the same frame.
        let imported = try runReel(["import", "anim.json", "-o", "out/anim.reel.json"], in: dir)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("out/anim-image-1.png").path))
        #expect(try frame(dir.appendingPathComponent("out"), "anim.reel.json").packedBytes == plain.packedBytes)
    }

    @Test func backgroundScaleAndAVideoOfAnOddCanvas() throws {
        let dir = makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.animation(image: try Self.imageURI()).write(
            to: dir.appendingPathComponent("anim.json"), atomically: true, encoding: .utf8)
        let scaled = try frame(dir, "anim.json", ["--scale", "2", "--background", "#102030"])
        #expect(scaled.width == 62 && scaled.height == 42)
        #expect(scaled.pixel(x: 32, y: 20) == (255, 128, 0, 255))
        #expect(scaled.pixel(x: 40, y: 2) == (0x10, 0x20, 0x30, 255))
        // H.264 needs even sizes: 31 x 21 is drawn at 32 x 22.
        let render = try runReel(["render", "anim.json", "-o", "anim.mp4", "--background", "#FFFFFF", "--quiet"], in: dir)
        #expect(render.status == 0, "\(render.stderr)")
        let info = try MediaReader(path: dir.appendingPathComponent("anim.mp4").path).info
        #expect(info.width == 32 && info.height == 22)
    }

    /// A Lottie file with one of its top-level keys missing or wrong is still read as Lottie,
    /// and told so in Lottie's own terms, not as a Reel timeline full of unknown keys.
    @Test func aLottieFileMissingAKeyIsToldSo() throws {
        let dir = makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let complete = Self.animation(image: try Self.imageURI())
        try complete.replacingOccurrences(of: #""w": 31, "#, with: "").write(
            to: dir.appendingPathComponent("no-w.json"), atomically: true, encoding: .utf8)
        let missing = try runReel(["validate", "no-w.json"], in: dir)
        #expect(missing.status == 1)
        #expect(
            missing.stderr.contains("w: expected the composition's width in pixels, 1...16384, found nothing"),
            "\(missing.stderr)")
        #expect(!missing.stderr.contains("unknown key"), "\(missing.stderr)")
        try complete.replacingOccurrences(of: #""fr": 10"#, with: #""fr": "ten""#).write(
            to: dir.appendingPathComponent("fr.json"), atomically: true, encoding: .utf8)
        let wrong = try runReel(["validate", "fr.json"], in: dir)
        #expect(wrong.status == 1 && wrong.stderr.contains("fr: expected the composition's frame rate"), "\(wrong.stderr)")
    }

    /// What the timeline's decoder says of an imported file is said at the Lottie path it came
    /// from, never at a path of the timeline the file becomes.
    @Test func problemsAndWarningsNameTheLottiePath() throws {
        let dir = makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        // A path whose keyframes have 3 and then 4 vertices cannot be mixed: it steps.
        let text = #"""
            {"v": "5.7.0", "fr": 10, "ip": 0, "op": 10, "w": 40, "h": 40, "layers": [
              {"ty": 4, "ind": 1, "nm": "morph", "ip": 0, "op": 10, "st": 0, "ks": {}, "shapes": [
                {"ty": "sh", "ks": {"a": 1, "k": [
                  {"t": 0, "s": [{"c": true, "v": [[0, 0], [20, 0], [0, 20]], "i": [[0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0]]}]},
                  {"t": 9, "s": [{"c": true, "v": [[0, 0], [20, 0], [20, 20], [0, 20]], "i": [[0, 0], [0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0], [0, 0]]}]}]}},
                {"ty": "fl", "nm": "paint", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}}]}]}
            """#
        try text.write(to: dir.appendingPathComponent("morph.json"), atomically: true, encoding: .utf8)
        let r = try runReel(["validate", "morph.json"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("warning: layers[0].shapes[1]: values 0 and 1 differ"), "\(r.stderr)")
        #expect(r.stderr.contains("(at `animations[0].values` of the timeline it becomes)"), "\(r.stderr)")
        #expect(!r.stderr.contains("sublayers"), "\(r.stderr)")
    }

    /// Lottie -> MP4 with no flag: drawn over white with a one-line note; a format with alpha
    /// keeps the transparency and says nothing.
    @Test func lottieIntoMP4IsDrawnOverWhite() throws {
        let dir = makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.animation(image: try Self.imageURI()).write(
            to: dir.appendingPathComponent("anim.json"), atomically: true, encoding: .utf8)
        let render = try runReel(["render", "anim.json", "-o", "anim.mp4", "--crf", "0", "--preset", "ultrafast"], in: dir)
        #expect(render.status == 0, "\(render.stderr)")
        #expect(render.stderr.contains("note: a Lottie file has no background; drawn over white into .mp4"), "\(render.stderr)")
        let first = try #require(try MediaReader(path: dir.appendingPathComponent("anim.mp4").path).readFrames(limit: 1).first)
        // The corner, outside the animation's picture: white (within the YUV round trip).
        let corner = first.pixel(x: 30, y: 1)
        #expect(corner.r >= 250 && corner.g >= 250 && corner.b >= 250, "\(corner)")
        let webm = try runReel(["render", "anim.json", "-o", "anim.webm"], in: dir)
        #expect(webm.status == 0 && !webm.stderr.contains("note:"), "\(webm.stderr)")
    }

    @Test func whatCannotBeDrawnIsNamedByItsPathOnEveryCommand() throws {
        let dir = makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let text = #"""
            {"v": "5.7.0", "fr": 10, "ip": 0, "op": 10, "w": 20, "h": 20, "layers": [
              {"ty": 4, "ind": 1, "ip": 0, "op": 10, "st": 0,
               "ks": {"r": {"a": 0, "k": 0, "x": "noSuchGlobal * 90"}},
               "ef": [{"ty": 23, "nm": "Turbulent Displace", "ef": []}],
               "sy": [{"ty": 3, "nm": "Outer Glow"}],
               "shapes": [{"ty": "rc", "p": {"a": 0, "k": [10, 10]}, "s": {"a": 0, "k": [8, 8]}, "r": {"a": 0, "k": 0}},
                          {"ty": "fl", "c": {"a": 0, "k": [1, 1, 1, 1]}, "o": {"a": 0, "k": 100}}]}]}
            """#
        try text.write(to: dir.appendingPathComponent("odd.json"), atomically: true, encoding: .utf8)
        let validate = try runReel(["validate", "odd.json"], in: dir)
        #expect(validate.status == 0, "\(validate.stderr)")
        for path in [
            "layers[0].ks.r.x: the expression fails at frame 0: ReferenceError", "layers[0].ef[0]: effect \"Turbulent Displace\"",
            "layers[0].sy[0]: layer style \"Outer Glow\" is not supported"
        ] {
            #expect(validate.stderr.contains("warning: \(path)"), "\(validate.stderr)")
        }
        let frame = try runReel(["frame", "odd.json", "-o", "f.png"], in: dir)
        #expect(frame.status == 0 && frame.stderr.contains("layers[0].ef[0]"), "\(frame.stderr)")
    }
}
