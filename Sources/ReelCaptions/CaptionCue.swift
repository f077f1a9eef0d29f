/// One cue of a caption file: its text (line breaks kept) with the stretches its markup
/// styles, the words timed within it, and the time it shows, [start, end) in whole milliseconds.
public struct CaptionCue: Hashable, Sendable {
    /// A timed stretch of the text: the Unicode scalars `range` of `text` (surrounding spaces
    /// left out), spoken from `start` to `end` milliseconds.
    public struct Word: Hashable, Sendable {
        public let range: Range<Int>
        public let start: Int
        public let end: Int
    }

    public let start: Int
    public let end: Int
    /// The text with markup and entities resolved; `\n` breaks lines.
    public let text: String
    /// Styled stretches of `text` as ranges of its Unicode scalars, in order, covering it all.
    public let styles: [(range: Range<Int>, style: CaptionStyle)]
    /// Its timed words in order (empty: the cue has no word timing).
    public let words: [Word]
    /// The line of the file its timing is on (1-based; 0 in word JSON).
    public let line: Int

    public init(start: Int, end: Int, text: String, styles: [(range: Range<Int>, style: CaptionStyle)], words: [Word], line: Int)
    {
        (self.start, self.end, self.text, self.styles, self.words, self.line) = (start, end, text, styles, words, line)
    }

    public static func == (a: CaptionCue, b: CaptionCue) -> Bool {
        a.start == b.start && a.end == b.end && a.text == b.text && a.words == b.words
            && a.styles.map(\.range) == b.styles.map(\.range) && a.styles.map(\.style) == b.styles.map(\.style)
    }

    public func hash(into h: inout Hasher) {
        h.combine(start)
        h.combine(end)
        h.combine(text)
        h.combine(words)
    }

    /// The cue's text from `range` (Unicode scalars) as styled stretches, each cut where a word
    /// of `cut` begins or ends, with its scalar range.
    public func stretches(in range: Range<Int>, cutAt cut: Range<Int>? = nil) -> [(range: Range<Int>, style: CaptionStyle)] {
        var bounds: Set<Int> = []
        if let cut { bounds = [cut.lowerBound, cut.upperBound] }
        var out: [(range: Range<Int>, style: CaptionStyle)] = []
        for s in styles {
            let r = s.range.clamped(to: range)
            guard !r.isEmpty else { continue }
            var a = r.lowerBound
            for b in bounds.sorted() where b > a && b < r.upperBound {
                out.append((a..<b, s.style))
                a = b
            }
            out.append((a..<r.upperBound, s.style))
        }
        return out
    }

    /// The characters of `text` in `range` (Unicode scalars), as a string.
    public func substring(_ range: Range<Int>) -> String {
        let scalars = text.unicodeScalars
        let a = scalars.index(scalars.startIndex, offsetBy: range.lowerBound)
        let b = scalars.index(a, offsetBy: range.count)
        return String(scalars[a..<b])
    }
}
