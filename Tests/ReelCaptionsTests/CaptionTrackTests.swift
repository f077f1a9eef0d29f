import Foundation
import ReelCore
import Testing

@testable import ReelCaptions

/// Caption files read as the page says: cue times exact, markup to styles, word timing, and
/// every refusal at its line.
@Suite struct CaptionTrackTests {
    /// Frame f of a 30 fps canvas.
    func frame(_ f: Int) -> Double { Double(f) / 30 }

    @Test func cueTimesAreExactAtFrames() throws {
        let track = try CaptionTrack("1\n00:00:01,000 --> 00:00:02,500\nHello\n", format: .subRip)
        let shown = (0..<100).filter { track.cue(at: frame($0)) != nil }
        #expect(shown == Array(30...74))
        // A cue starting mid-frame shows from the first frame at or after its start.
        let mid = try CaptionTrack("00:00:01.010 --> 00:00:01.100\nx\n".withVTTHeader, format: .webVTT)
        #expect((0..<60).filter { mid.cue(at: frame($0)) != nil } == [31, 32])
        // 29.97 fps: frame 30 at 1.001 s.
        let ntsc = try CaptionTrack("00:00:01.001 --> 00:00:02.002\nx\n".withVTTHeader, format: .webVTT)
        let shownNTSC = (0..<90).filter { ntsc.cue(at: Double($0) * 1001 / 30000) != nil }
        #expect(shownNTSC == Array(30...59))
    }

    @Test func laterCueShowsWhereCuesOverlapAndTheFileWarns() throws {
        let srt = """
            1
            00:00:00,000 --> 00:00:04,000
            long

            2
            00:00:01,000 --> 00:00:02,000
            short

            """
        let track = try CaptionTrack(srt, format: .subRip)
        #expect(track.cue(at: 0.5)?.text == "long")
        #expect(track.cue(at: 1.5)?.text == "short")
        #expect(track.cue(at: 3)?.text == "long")
        #expect(track.cue(at: 4) == nil)
        #expect(track.warnings.count == 1)
        #expect(track.warnings[0].line == 6)
    }

    @Test func srtMarkupBecomesStyles() throws {
        let srt =
            "1\r\n00:00:00,000 --> 00:00:01,000\r\n<b>Bold</b> and <i>it&amp;al</i>\r\n<font color=\"red\">kept</font> {\\an8}<u>u</u>&#233;\r\n"
        let cue = try #require(try CaptionTrack("\u{FEFF}" + srt, format: .subRip).cues.first)
        #expect(cue.text == "Bold and it&al\nkept ué")
        #expect(cue.styles.map(\.range) == [0..<4, 4..<9, 9..<14, 14..<22])
        #expect(
            cue.styles.map(\.style) == [CaptionStyle(isBold: true), CaptionStyle(), CaptionStyle(isItalic: true), CaptionStyle()])
        #expect(cue.words.isEmpty)
    }

    @Test func vttColourClassesVoicesAndNotes() throws {
        let vtt = """
            WEBVTT - a header

            NOTE a note
            that spans lines

            intro
            00:01.000 --> 00:02.000 align:start line:0
            <v Anna>Hi <c.yellow.bg_black>there</c> &lt;3&nbsp;</v>

            """
        let track = try CaptionTrack(vtt, format: .webVTT)
        #expect(track.cues.count == 1)
        let cue = track.cues[0]
        #expect(cue.text == "Hi there <3\u{A0}")
        #expect(cue.styles.map(\.range) == [0..<3, 3..<8, 8..<12])
        #expect(cue.styles[1].style.color == Color(red: 1, green: 1, blue: 0))
        #expect(cue.start == 1000 && cue.end == 2000)
    }

    @Test func vttInlineTimestampsTimeWords() throws {
        let vtt = "00:00:01.000 --> 00:00:03.000\nThe <00:00:01.500>quick <00:00:02.250>fox\n".withVTTHeader
        let cue = try CaptionTrack(vtt, format: .webVTT).cues[0]
        #expect(cue.words.map(\.range) == [0..<3, 4..<9, 10..<13])
        #expect(cue.words.map(\.start) == [1000, 1500, 2250])
        #expect(cue.words.map(\.end) == [1500, 2250, 3000])
    }

    @Test func wordJSONTimesEachWord() throws {
        let json = """
            {"text": " Hello world.", "segments": [{"id": 0, "start": 0.5, "end": 2.0, "text": " Hello world.",
              "words": [{"word": " Hello", "start": 0.5, "end": 0.9}, {"word": " world.", "start": 1.1, "end": 2.0}]}]}
            """
        let cue = try CaptionTrack(json, format: .wordJSON).cues[0]
        #expect(cue.text == "Hello world.")
        #expect(cue.words.map(\.range) == [0..<5, 6..<12])
        #expect(cue.words.map(\.start) == [500, 1100])
        #expect(cue.words.map(\.end) == [900, 2000])
        #expect(cue.start == 500 && cue.end == 2000)
    }

    @Test(arguments: [
        ("1\n00:00:02,000 --> 00:00:01,000\nx\n", CaptionFormat.subRip, 2, "runs backwards"),
        ("garbage\nmore garbage\n", .subRip, 1, "\"garbage\""),
        ("1\n00:00:01,000 -> 00:00:02,000\nx\n", .subRip, 2, "cue number or a timing line"),
        ("1\n00:00:01 --> 00:00:02,000\nx\n", .subRip, 2, "timing line"),
        ("WEBVTT\n\n00:01.000 --> 00:02.000\nA <00:03.000>B\n", .webVTT, 3, "<00:00:03.000>"),
        ("WEBVTT\n\n00:01.000 --> 00:02.000\nA <00:01.500>B <00:01.200>C\n", .webVTT, 3, "in order"),
        ("NOT VTT\n", .webVTT, 1, "WEBVTT"),
        (
            "{\"segments\": [{\"start\": 1, \"end\": 2, \"words\": [{\"word\": \"x\", \"start\": 1}]}]}", .wordJSON, 0,
            "segments[0].words[0].end"
        ),
        ("{\"segments\": [", .wordJSON, 1, "valid JSON"),
        ("[1]", .wordJSON, 0, "segments")
    ])
    func refusesWithItsLine(text: String, format: CaptionFormat, line: Int, says: String) {
        #expect {
            try CaptionTrack(text, format: format)
        } throws: { error in
            guard let e = error as? CaptionError else { return false }
            return e.line == line && e.description.contains(says)
        }
    }

    @Test func refusesInvalidUTF8WithItsLineAndTooManyCues() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reel-captions-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let bad = folder.appendingPathComponent("bad.srt")
        try (Data("1\n00:00:00,000 --> 00:00:01,000\n".utf8) + Data([0x41, 0xFF, 0x0A])).write(to: bad)
        #expect {
            try CaptionTrack.read(path: bad.path)
        } throws: { error in
            (error as? CaptionError)?.line == 3 && "\(error)".contains("not UTF-8")
        }
        var many = "WEBVTT\n\n"
        many.reserveCapacity(40 * (CaptionTrack.maximumCues + 1))
        for _ in 0...CaptionTrack.maximumCues { many += "00:00.000 --> 00:00.001\nx\n\n" }
        #expect {
            try CaptionTrack(many, format: .webVTT)
        } throws: { error in
            "\(error)".contains("at most \(CaptionTrack.maximumCues) cues")
        }
        #expect(CaptionFormat(path: "/a/b.SRT") == .subRip)
        #expect(CaptionFormat(path: "/a.srt/b") == nil)
    }
}

extension String {
    var withVTTHeader: String { "WEBVTT\n\n" + self }
}
