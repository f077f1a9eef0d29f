/// SubRip (`.srt`): blocks of an optional cue number, a timing line
/// (`00:00:01,000 --> 00:00:02,500`, anything after the end time ignored) and the text lines.
enum SubRipReader {
    static func cues(_ text: String) throws(CaptionError) -> [CaptionCue] {
        var lines = CaptionLines(text)
        var cues: [CaptionCue] = []
        while let (first, block) = lines.block() {
            var k = 0
            if !block[0].contains("-->"), block[0].allSatisfy(\.isNumber), block.count > 1 { k = 1 }
            guard block[k].contains("-->") else {
                throw CaptionError(
                    line: first + k, expected: "a cue number or a timing line like `00:00:01,000 --> 00:00:02,500`",
                    found: CaptionLines.quoted(block[k]))
            }
            let (start, end) = try CaptionTiming.parse(block[k], line: first + k, example: "00:00:01,000 --> 00:00:02,500")
            let markup = CaptionMarkup(block[(k + 1)...].joined(separator: "\n"), timestamps: false)
            cues.append(CaptionCue(start: start, end: end, markup: markup, line: first + k))
            try CaptionTrack.checkCount(cues.count, line: first + k)
        }
        return cues
    }
}
