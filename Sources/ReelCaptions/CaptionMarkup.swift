import ReelCore

/// A cue's text as SRT and WebVTT write it, resolved: `<b>`, `<i>` and `<c.COLOR>` become
/// styles; other tags (`<u>`, `<font>`, voice, class and language tags, ruby) and ASS override
/// blocks (`{\an8}`) are dropped with their text kept; entities (`&amp;`, `&nbsp;`, `&#233;`,
/// ...) are decoded; WebVTT's inline timestamps (`<00:00:01.500>`) are collected.
struct CaptionMarkup {
    var text = String.UnicodeScalarView()
    var styles: [(range: Range<Int>, style: CaptionStyle)] = []
    /// Inline timestamps: where in the text (Unicode scalars) each one stands, and its time in ms.
    var timestamps: [(at: Int, time: Int)] = []

    /// Named entities a cue may use, as the WebVTT and HTML specifications name them.
    static let entities: [String: Unicode.Scalar] = [
        "amp": "&", "lt": "<", "gt": ">", "nbsp": "\u{A0}", "lrm": "\u{200E}", "rlm": "\u{200F}", "quot": "\"", "apos": "'"
    ]

    init(_ source: String, timestamps allowed: Bool) {
        let s = Array(source.unicodeScalars)
        var bold = 0
        var italic = 0
        var colors: [Color?] = []
        // Each opened tag's kind, so a closing tag undoes the right thing.
        var open: [String] = []
        var style: CaptionStyle {
            CaptionStyle(isBold: bold > 0, isItalic: italic > 0, color: colors.last(where: { $0 != nil }) ?? nil)
        }
        func append(_ c: Unicode.Scalar) {
            let at = text.count
            text.append(c)
            let now = style
            if let last = styles.last, last.style == now, last.range.upperBound == at {
                styles[styles.count - 1].range = last.range.lowerBound..<(at + 1)
            } else {
                styles.append((at..<(at + 1), now))
            }
        }
        var i = 0
        while i < s.count {
            let c = s[i]
            if c == "<", let close = s[i...].firstIndex(of: ">"), !s[(i + 1)..<close].contains("\n") {
                let tag = String(String.UnicodeScalarView(s[(i + 1)..<close]))
                i = close + 1
                if tag.hasPrefix("/") {
                    let name = String(tag.dropFirst()).split(separator: ".").first.map(String.init) ?? ""
                    guard let k = open.lastIndex(of: name.lowercased()) else { continue }
                    for closed in open[k...].reversed() {
                        switch closed {
                        case "b": bold -= 1
                        case "i": italic -= 1
                        case "c": colors.removeLast()
                        default: break
                        }
                    }
                    open.removeSubrange(k...)
                    continue
                }
                if allowed, let time = CaptionClock.milliseconds(tag) {
                    timestamps.append((text.count, time))
                    continue
                }
                let head = tag.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init) ?? ""
                let parts = head.split(separator: ".").map(String.init)
                let name = (parts.first ?? "").lowercased()
                switch name {
                case "b": bold += 1
                case "i": italic += 1
                case "c": colors.append(parts.dropFirst().lazy.compactMap { CaptionStyle.colorClasses[$0.lowercased()] }.first)
                case "": continue
                default: break
                }
                open.append(name)
                continue
            }
            if c == "{", i + 1 < s.count, s[i + 1] == "\\", let close = s[i...].firstIndex(of: "}") {
                i = close + 1
                continue
            }
            if c == "&", let semicolon = s[i...].prefix(12).firstIndex(of: ";"), let decoded = Self.entity(s[(i + 1)..<semicolon])
            {
                append(decoded)
                i = semicolon + 1
                continue
            }
            append(c)
            i += 1
        }
    }

    /// A named or numeric entity's character (`amp`, `#233`, `#xE9`); nil when it is none.
    static func entity(_ name: ArraySlice<Unicode.Scalar>) -> Unicode.Scalar? {
        let n = String(String.UnicodeScalarView(name))
        if let named = entities[n] { return named }
        guard n.hasPrefix("#") else { return nil }
        let digits = n.dropFirst()
        let value = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
        return value.flatMap(Unicode.Scalar.init)
    }
}

extension CaptionCue {
    /// A cue of resolved markup; its inline timestamps, if any, time its words: the text
    /// before the first from the cue's start, each later stretch from its timestamp, each
    /// until the next or the cue's end.
    init(start: Int, end: Int, markup: CaptionMarkup, line: Int) {
        let scalars = Array(markup.text)
        var words: [Word] = []
        if !markup.timestamps.isEmpty {
            let marks = [(at: 0, time: start)] + markup.timestamps
            for (k, mark) in marks.enumerated() {
                let upTo = k + 1 < marks.count ? marks[k + 1].at : scalars.count
                let until = k + 1 < marks.count ? marks[k + 1].time : end
                guard let range = Self.trimmed(mark.at..<upTo, in: scalars) else { continue }
                words.append(Word(range: range, start: mark.time, end: until))
            }
        }
        self.init(
            start: start, end: end, text: String(markup.text), styles: markup.styles, words: words, line: line)
    }

    /// `range` of `scalars` without the white space at its ends; nil when nothing else is left.
    public static func trimmed(_ range: Range<Int>, in scalars: [Unicode.Scalar]) -> Range<Int>? {
        var (a, b) = (range.lowerBound, range.upperBound)
        while a < b, scalars[a].properties.isWhitespace { a += 1 }
        while b > a, scalars[b - 1].properties.isWhitespace { b -= 1 }
        return a < b ? a..<b : nil
    }
}
