/// Why a caption file cannot be read: the line of the file (or, in word JSON, the JSON path)
/// where it went wrong, what was expected there and what was found.
public struct CaptionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The line, 1-based; 0 for the file as a whole.
    public let line: Int
    /// A JSON path in a word JSON file; empty elsewhere.
    public let path: String
    public let expected: String
    public let found: String

    public init(line: Int, path: String = "", expected: String, found: String) {
        (self.line, self.path, self.expected, self.found) = (line, path, expected, found)
    }

    /// Where, in words: "line 12", "segments[3].words[0].start", or "the file".
    public var location: String {
        if !path.isEmpty { return line > 0 ? "line \(line), \(path)" : path }
        return line > 0 ? "line \(line)" : "the file"
    }

    public var description: String { "\(location): expected \(expected), found \(found)" }
}
