import Foundation
import ReelTestSupport
import Testing

/// Text end to end through `reel`: the same timeline with shipped font files renders the same
/// bytes on every run and thread count; `validate` names the files, `inspect` the lines; an
/// animated `fontSize` lays out at every time.
@Suite struct TextRenderTests {
    /// A scratch folder with a titles timeline whose fonts are asset files (copied from Debian's
    /// packages, as a user ships them beside the timeline).
    func shippedFonts() throws -> URL {
        let dir = makeScratchDirectory()
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("fonts"), withIntermediateDirectories: true)
        for (from, to) in [
            ("/usr/share/fonts/truetype/liberation2/LiberationSans-Bold.ttf", "Brand-Bold.ttf"),
            ("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "Body.ttf"),
            ("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc", "CJK.ttc")
        ] {
            try FileManager.default.copyItem(atPath: from, toPath: dir.appendingPathComponent("fonts/\(to)").path)
        }
        try Data(
            """
            {"canvas": {"width": 320, "height": 180, "fps": 10, "duration": 0.6, "background": "#101020"},
             "assets": {"brand": {"path": "fonts/Brand-Bold.ttf"}, "body": {"path": "fonts/Body.ttf"},
                        "cjk": {"path": "fonts/CJK.ttc", "index": 2}},
             "layers": [
              {"id": "title", "class": "CATextLayer", "frame": [10, 10, 300, 50], "string": "Shipped fonts", "font": "brand",
               "fontSize": 30, "alignmentMode": "center",
               "animations": [{"keyPath": "fontSize", "fromValue": 20, "toValue": 40, "duration": 0.5, "fillMode": "both",
                               "removedOnCompletion": false},
                              {"keyPath": "transform.rotation.z", "fromValue": 0, "toValue": 0.2, "duration": 0.5}]},
              {"id": "body", "class": "CATextLayer", "frame": [10, 70, 300, 60], "isWrapped": true, "fontSize": 14,
               "font": "body", "string": [{"text": "A caption wrapped over lines, with "}, {"text": "视觉效果", "font": "cjk"},
                                          {"text": " and مرحبا in it.", "foregroundColor": "#FFD27A"}]}
             ]}
            """.utf8
        ).write(to: dir.appendingPathComponent("shipped.json"))
        return dir
    }

    @Test func shippedFontsRenderTheSameBytesOnEveryRunAndThreadCount() throws {
        let dir = try shippedFonts()
        defer { try? FileManager.default.removeItem(at: dir) }
        var sequences: [[Data]] = []
        for (run, threads) in [(1, 1), (2, 1), (3, 2), (4, 3)] {
            let out = dir.appendingPathComponent("frames\(run)")
            try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
            let result = try runReel(
                ["render", "shipped.json", "-o", "frames\(run)/%05d.png", "--threads", "\(threads)"], in: dir)
            #expect(result.status == 0, "\(result.stderr)")
            let files = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
            #expect(files.count == 6)
            sequences.append(try files.map { try Data(contentsOf: out.appendingPathComponent($0)) })
        }
        for s in sequences.dropFirst() { #expect(s == sequences[0]) }
        // The frames differ as the size animates.
        #expect(sequences[0][0] != sequences[0][3])
    }

    /// A machine where fontconfig finds no font (here: an empty configuration) refuses text
    /// with the package to install instead of stopping on a signal; a colour bitmap font
    /// (Noto Color Emoji, which has no outlines) draws what it has and leaves the rest to a
    /// fallback, with a warning, not a signal.
    @Test func noFontAtAllOrABitmapFontIsAnAnswerNotASignal() throws {
        let dir = makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try #"<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd"><fontconfig></fontconfig>"#.write(
            to: dir.appendingPathComponent("empty.conf"), atomically: true, encoding: .utf8)
        func timeline(font: String) -> String {
            #"{"canvas": {"width": 64, "height": 32, "duration": 1}, "layers": [{"id": "t", "class": "CATextLayer", "bounds": [0, 0, 64, 32], "string": "Hi", "font": "FONT"}]}"#
                .replacingOccurrences(of: "FONT", with: font)
        }
        try timeline(font: "Helvetica").write(to: dir.appendingPathComponent("t.json"), atomically: true, encoding: .utf8)
        let environment = ["FONTCONFIG_FILE": dir.appendingPathComponent("empty.conf").path, "HOME": dir.path]
        for arguments in [["validate", "t.json"], ["frame", "t.json", "-o", "t.png"]] {
            let result = try runReel(arguments, in: dir, environment: environment)
            #expect(result.status == 1, "\(result.stderr)")
            #expect(
                result.stderr.contains("fontconfig finds no font Reel can open; install one: apt-get install fonts-dejavu-core"),
                "\(result.stderr)")
            #expect(!result.stderr.contains("Fatal error"))
        }
        try timeline(font: "Noto Color Emoji").write(to: dir.appendingPathComponent("e.json"), atomically: true, encoding: .utf8)
        let emoji = try runReel(["frame", "e.json", "-o", "e.png"], in: dir)
        #expect(emoji.status == 0, "\(emoji.stderr)")
        let warned = try runReel(["validate", "e.json"], in: dir)
        #expect(warned.status == 0 && warned.stderr.contains("Noto Color Emoji Regular has no \"Hi\""), "\(warned.stderr)")
    }

    @Test func validateNamesTheFontFilesAndInspectTheLines() throws {
        let dir = try shippedFonts()
        defer { try? FileManager.default.removeItem(at: dir) }
        let validate = try runReel(["validate", "shipped.json"], in: dir)
        #expect(validate.status == 0, "\(validate.stderr)")
        #expect(validate.stdout.contains("text title: \"brand\" is Liberation Sans Bold, \(dir.path)/fonts/Brand-Bold.ttf"))
        #expect(validate.stdout.contains("text body: \"cjk\" is Noto Sans CJK SC Regular, \(dir.path)/fonts/CJK.ttc #2"))
        // DejaVu Sans has Arabic but no Han: nothing falls back but the run set in the CJK font.
        #expect(!validate.stderr.contains("warning: text"), "\(validate.stderr)")
        let inspect = try runReel(["inspect", "shipped.json", "--time", "0.25", "--layer", "title", "--key", "lines"], in: dir)
        #expect(inspect.status == 0, "\(inspect.stderr)")
        #expect(inspect.stdout.contains("\"text\": \"Shipped fonts\""))
    }

    /// Line height follows the animated size: Liberation Sans is 2355/2048 em high, so a line at
    /// size s is s x 2355 / 2048 points high at every time.
    @Test(arguments: [0.0, 0.1, 0.25, 0.4, 0.5])
    func anAnimatedFontSizeLaysOutAtEachTime(_ time: Double) throws {
        let dir = try shippedFonts()
        defer { try? FileManager.default.removeItem(at: dir) }
        let inspect = try runReel(["inspect", "shipped.json", "--time", "\(time)", "--layer", "title"], in: dir)
        #expect(inspect.status == 0, "\(inspect.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(inspect.stdout.utf8)) as? [String: Any])
        let title = try #require((json["layers"] as? [String: Any])?["title"] as? [String: Any])
        let size = try #require(title["fontSize"] as? Double)
        #expect(abs(size - (20 + 20 * min(time, 0.5) / 0.5)) < 1e-9)
        let line = try #require((title["lines"] as? [[String: Any]])?.first)
        let height = try #require(line["height"] as? Double)
        #expect(abs(height - size * (1854.0 + 434 + 67) / 2048) < 1e-9)
    }
}
