import Foundation
import ReelTestSupport
import Testing

/// What every command-line tool has, and the messages a new user reads first: the version, a
/// missing file, a JSON syntax error with its line shown, negative and late times.
@Suite struct CommandLineTests {
    @Test func versionNamesReelAndTheLibraries() throws {
        let r = try runReel(["--version"])
        #expect(r.status == 0)
        #expect(r.stdout.hasPrefix("reel "), "\(r.stdout)")
        for library in ["FFmpeg ", "libavcodec ", "FreeType ", "HarfBuzz ", "fontconfig "] {
            #expect(r.stdout.contains(library), "\(r.stdout)")
        }
    }

    @Test func aMissingFileAndASyntaxErrorSayWhatTheyAre() throws {
        let dir = makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let missing = try runReel(["validate", "nothere.json"], in: dir)
        #expect(missing.status == 1 && missing.stderr.contains("no file at nothere.json"), "\(missing.stderr)")
        #expect(!missing.stderr.contains("could not be completed"))
        try #"{"canvas": {"width": 10, "height": 10, "duration": 1} "layers": []}"#.write(
            to: dir.appendingPathComponent("bad.json"), atomically: true, encoding: .utf8)
        let bad = try runReel(["validate", "bad.json"], in: dir)
        #expect(bad.status == 1)
        // Said of the document at its line and column, not of the last key read, with the line and a caret.
        #expect(
            bad.stderr.contains("the document: expected valid JSON, found a syntax error at line 1, column 55"), "\(bad.stderr)")
        #expect(!bad.stderr.contains("canvas: expected valid JSON"))
        #expect(bad.stderr.contains("\n    {\"canvas\"") && bad.stderr.contains("\n" + String(repeating: " ", count: 58) + "^"))
    }

    /// `--time` outside 0...duration is refused by frame, inspect and hit, with nothing written;
    /// the duration itself is a time the timeline has; `-1` is read as a number.
    @Test func timesOutsideTheTimelineAreRefused() throws {
        let dir = makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try
            #"{"canvas": {"width": 20, "height": 20, "duration": 2}, "layers": [{"id": "a", "frame": [0, 0, 10, 10], "backgroundColor": "red"}]}"#
            .write(to: dir.appendingPathComponent("t.json"), atomically: true, encoding: .utf8)
        for time in ["99", "2.01", "-1"] {
            let frame = try runReel(["frame", "t.json", "--time", time, "-o", "f.png"], in: dir)
            #expect(
                frame.status == 1 && frame.stderr.contains("time \(time) s is not within the timeline's 0 to 2 s"),
                "\(frame.stderr)")
            #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("f.png").path))
            #expect(try runReel(["inspect", "t.json", "--time", time], in: dir).status == 1)
            #expect(try runReel(["hit", "t.json", "--time", time, "--point", "5,5"], in: dir).status == 1)
        }
        #expect(try runReel(["frame", "t.json", "--time", "2", "-o", "f.png"], in: dir).status == 0)
        #expect(try runReel(["hit", "t.json", "--time", "2", "--point", "5,5"], in: dir).stdout == "a\n")
    }
}
