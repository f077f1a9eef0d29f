/// WebVTT (`.vtt`): a `WEBVTT` first line and its header, then cues (an optional identifier,
/// a timing line `00:01.000 --> 00:02.500` with settings ignored, the text lines); `NOTE`,
/// `STYLE` and `REGION` blocks skipped. Inline timestamps time the words.
enum WebVTTReader {
    static func cues(_ text: String) throws(CaptionError) -> [CaptionCue] {
        var lines = CaptionLines(text)
        guard let (_, header) = lines.block(), header[0].hasPrefix("WEBVTT"),
            header[0].count == 6 || header[0].dropFirst(6).first == " " || header[0].dropFirst(6).first == "\t"
        else {
            throw CaptionError(line: 1, expected: "a WebVTT file: its first line `WEBVTT`", found: "another first line")
        }
        var cues: [CaptionCue] = []
        while let (first, block) = lines.block() {
            let head = block[0]
            if ["NOTE", "STYLE", "REGION"].contains(where: { head == $0 || head.hasPrefix($0 + " ") || head.hasPrefix($0 + "\t") }
            ) {
                continue
            }
            let k = head.contains("-->") ? 0 : 1
            guard k < block.count, block[k].contains("-->") else {
                throw CaptionError(
                    line: first + min(k, block.count - 1) + (k < block.count ? 0 : 1),
                    expected: "a timing line like `00:01.000 --> 00:02.500` after the cue's identifier",
                    found: k < block.count ? CaptionLines.quoted(block[k]) : "the end of the cue")
            }
            let (start, end) = try CaptionTiming.parse(block[k], line: first + k, example: "00:01.000 --> 00:02.500")
            let markup = CaptionMarkup(block[(k + 1)...].joined(separator: "\n"), timestamps: true)
            var previous = start
            for stamp in markup.timestamps {
                guard stamp.time >= previous, stamp.time <= end else {
                    throw CaptionError(
                        line: first + k,
                        expected:
                            "inline timestamps in order within the cue (\(CaptionClock.text(start)) --> \(CaptionClock.text(end)))",
                        found: "<\(CaptionClock.text(stamp.time))>")
                }
                previous = stamp.time
            }
            cues.append(CaptionCue(start: start, end: end, markup: markup, line: first + k))
            try CaptionTrack.checkCount(cues.count, line: first + k)
        }
        return cues
    }
}
