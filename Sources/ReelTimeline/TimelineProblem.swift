/// One thing wrong in a timeline file: where (the JSON path), what was expected, what was
/// found, and a suggestion when a likely fix is known.
public struct TimelineProblem: Hashable, Sendable, CustomStringConvertible {
    /// `layers[3].animations[1].keyTimes`; empty for the document itself.
    public let path: String
    public let expected: String
    public let found: String
    public let suggestion: String?

    public init(path: String, expected: String, found: String, suggestion: String? = nil) {
        self.path = path
        self.expected = expected
        self.found = found
        self.suggestion = suggestion
    }

    /// A number as a problem's `found` says it: "the number 3", "the number 1.5".
    public static func describe(_ n: Double) -> String {
        n == n.rounded() && abs(n) < 1e15 ? "the number \(Int(n))" : "the number \(n)"
    }

    public var description: String {
        let at = path.isEmpty ? "the document" : path
        // A warning has no expectation, only what was found.
        guard !expected.isEmpty else { return "\(at): \(found)" }
        return "\(at): expected \(expected), found \(found)" + (suggestion.map { " (\($0))" } ?? "")
    }
}

/// A timeline that could not be loaded: the file, every problem found in it, and the
/// warnings found beside them (a warning often explains a problem).
public struct TimelineError: Error, Hashable, Sendable, CustomStringConvertible {
    public let file: String
    public var problems: [TimelineProblem]
    public let warnings: [TimelineProblem]
    /// Every file the timeline declares, when it could be read that far: checked by the caller
    /// (with its assets root) so a missing file is reported beside the other problems.
    public var assetFiles: AssetFiles?

    public init(file: String, problems: [TimelineProblem], warnings: [TimelineProblem] = []) {
        self.file = file
        self.problems = problems
        self.warnings = warnings
    }

    /// One problem with the file as a whole (it cannot be read, is too large, is no JSON).
    public static func file(_ file: String, expected: String, found: String) -> TimelineError {
        TimelineError(file: file, problems: [TimelineProblem(path: "", expected: expected, found: found)])
    }

    public var description: String {
        let head = problems.count == 1 ? "\(file): 1 problem" : "\(file): \(problems.count) problems"
        return ([head] + problems.map { "  \($0)" } + warnings.map { "  warning: \($0)" }).joined(separator: "\n")
    }
}
