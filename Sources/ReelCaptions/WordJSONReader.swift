import ReelCore
import ReelJSON

/// Word-timed JSON as Whisper writes it: `{"segments": [{"start", "end", "text", "words":
/// [{"word", "start", "end"}]}]}`, times in seconds. Each segment is a cue showing its text
/// (the words joined by spaces when it has none); each word, its text trimmed, is timed by
/// its own `start` and `end`.
enum WordJSONReader {
    static func cues(_ text: String) throws(CaptionError) -> [CaptionCue] {
        let json: JSONValue
        do {
            json = try JSONParser.parse(text)
        } catch {
            throw CaptionError(line: error.line, expected: "valid JSON", found: "a syntax error: \(error.message)")
        }
        guard case .object(let top) = json, let segments = top.first(where: { $0.key == "segments" })?.value else {
            throw CaptionError(
                line: 0, path: "segments", expected: "an object with `segments` (Whisper's word-timed JSON)", found: "none")
        }
        guard case .array(let items) = segments else {
            throw CaptionError(line: 0, path: "segments", expected: "an array of segments", found: segments.kindDescription)
        }
        var cues: [CaptionCue] = []
        for (i, item) in items.enumerated() {
            let path = "segments[\(i)]"
            guard case .object(let m) = item else {
                throw CaptionError(line: 0, path: path, expected: "a segment object", found: item.kindDescription)
            }
            let start = try time(m, "start", path)
            let end = try time(m, "end", path)
            guard end >= start else {
                throw CaptionError(
                    line: 0, path: path + ".end", expected: "an end at or after the start",
                    found: "\(Double(end) / 1000) s, before \(Double(start) / 1000) s")
            }
            var timed: [(text: String, start: Int, end: Int)] = []
            if let w = m.first(where: { $0.key == "words" })?.value {
                guard case .array(let words) = w else {
                    throw CaptionError(line: 0, path: path + ".words", expected: "an array of words", found: w.kindDescription)
                }
                for (k, word) in words.enumerated() {
                    let wp = "\(path).words[\(k)]"
                    guard case .object(let wm) = word else {
                        throw CaptionError(line: 0, path: wp, expected: "a word object", found: word.kindDescription)
                    }
                    let s = try time(wm, "start", wp)
                    let e = try time(wm, "end", wp)
                    guard e >= s else {
                        throw CaptionError(
                            line: 0, path: wp + ".end", expected: "an end at or after the start",
                            found: "\(Double(e) / 1000) s, before \(Double(s) / 1000) s")
                    }
                    timed.append((try string(wm, "word", wp).trimmingWhiteSpace, s, e))
                }
            }
            let given = m.first(where: { $0.key == "text" }) != nil ? try string(m, "text", path).trimmingWhiteSpace : nil
            cues.append(cue(start: start, end: end, text: given, words: timed.filter { !$0.text.isEmpty }))
            try CaptionTrack.checkCount(cues.count, line: 0)
        }
        return cues
    }

    /// The segment's cue: its text, each word found in it in order (the words joined by
    /// spaces when there is no text or a word is not in it).
    static func cue(start: Int, end: Int, text given: String?, words: [(text: String, start: Int, end: Int)]) -> CaptionCue {
        func place(in text: String) -> [CaptionCue.Word]? {
            let scalars = Array(text.unicodeScalars)
            var from = 0
            var placed: [CaptionCue.Word] = []
            for w in words {
                let needle = Array(w.text.unicodeScalars)
                guard
                    let at = (from...max(from, scalars.count - needle.count)).first(where: {
                        $0 + needle.count <= scalars.count && Array(scalars[$0..<($0 + needle.count)]) == needle
                    })
                else { return nil }
                placed.append(CaptionCue.Word(range: at..<(at + needle.count), start: w.start, end: w.end))
                from = at + needle.count
            }
            return placed
        }
        var text = given ?? ""
        var placed = given.flatMap(place) ?? []
        if placed.count != words.count || (given == nil && !words.isEmpty) {
            text = words.map(\.text).joined(separator: " ")
            placed = place(in: text) ?? []
        }
        let n = text.unicodeScalars.count
        return CaptionCue(
            start: start, end: end, text: text, styles: n > 0 ? [(0..<n, CaptionStyle())] : [], words: placed, line: 0)
    }

    private static func time(_ m: [(key: String, value: JSONValue)], _ key: String, _ path: String) throws(CaptionError) -> Int {
        guard let v = m.first(where: { $0.key == key })?.value else {
            throw CaptionError(line: 0, path: "\(path).\(key)", expected: "a time in seconds", found: "none")
        }
        guard case .number(let s) = v, s >= 0, s <= Double(CaptionClock.maximumHours) * 3600 else {
            throw CaptionError(
                line: 0, path: "\(path).\(key)", expected: "a time in seconds, 0 or more", found: v.kindDescription)
        }
        return Int((s * 1000).rounded())
    }

    private static func string(_ m: [(key: String, value: JSONValue)], _ key: String, _ path: String) throws(CaptionError)
        -> String
    {
        guard case .string(let s)? = m.first(where: { $0.key == key })?.value else {
            throw CaptionError(
                line: 0, path: "\(path).\(key)", expected: "a string",
                found: m.first(where: { $0.key == key })?.value.kindDescription ?? "none")
        }
        return s
    }
}

extension String {
    /// The string without white space (new lines included) at its ends.
    var trimmingWhiteSpace: String {
        let s = unicodeScalars
        guard let a = s.firstIndex(where: { !$0.properties.isWhitespace }),
            let b = s.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(s[a...b])
    }
}
