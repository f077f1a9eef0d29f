/// A text caption file cut into lines (LF or CRLF, a leading BOM dropped), each with its
/// 1-based number, read one block (lines up to a blank one) at a time.
struct CaptionLines {
    private let lines: [Substring]
    private(set) var next = 0

    init(_ text: String) {
        var body = Substring(text)
        if body.unicodeScalars.first == "\u{FEFF}" { body = Substring(body.unicodeScalars.dropFirst()) }
        lines = body.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
    }

    /// The next block's lines with the number of its first line; nil at the end of the file.
    mutating func block() -> (first: Int, lines: [Substring])? {
        while next < lines.count, lines[next].allSatisfy(\.isWhitespace) { next += 1 }
        guard next < lines.count else { return nil }
        let first = next
        while next < lines.count, !lines[next].allSatisfy(\.isWhitespace) { next += 1 }
        return (first + 1, Array(lines[first..<next]))
    }

    /// A line as a message quotes it: at most 40 characters.
    static func quoted(_ line: Substring) -> String {
        line.count > 40 ? "\"\(line.prefix(40))...\"" : "\"\(line)\""
    }
}
