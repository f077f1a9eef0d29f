import Foundation
import ReelFormat
import ReelJSON
import ReelTimeline

/// A batch render's output path (`-o 'out/{name}.mp4'`): each `{NAME}` is replaced by the row's
/// value of that variable (the extensions page, "Templates"). A value that would make the
/// name hold `/`, NUL or a control character, be empty, `.` or `..`, or a file name over 255
/// bytes, fails its row; a value cannot leave the folder the pattern names.
public struct OutputPattern: Sendable {
    public let text: String
    /// The variables it names, in order.
    public let names: [String]

    /// Reads `text`; a `{` without a name of letters, digits and `_` and a `}` is an error.
    public init(_ text: String) throws(TimelineError) {
        self.text = text
        var names: [String] = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{") {
            let after = rest[rest.index(after: open)...]
            guard let close = after.firstIndex(of: "}"), TemplateVariables.isName(String(after[..<close])) else {
                throw TimelineError.file(
                    "-o \(text)", expected: "`{NAME}` naming a template variable", found: "\"\(rest[open...].prefix(30))\"")
            }
            names.append(String(after[..<close]))
            rest = after[after.index(after: close)...]
        }
        self.names = names
    }

    /// The output path with `values` filled in, or the problem with the value of the first
    /// variable that cannot be part of a file name (`place`: the row, for the message).
    public func path(_ values: [String: JSONValue], place: String) -> Result<String, PatternProblem> {
        var out = text
        for name in Set(names) {
            let value = values[name].map(TemplateVariables.Kind.text(of:)) ?? ""
            if value.isEmpty || value == "." || value == ".."
                || value.unicodeScalars.contains(where: { $0 == "/" || $0.value < 0x20 || $0.value == 0x7F })
            {
                return .failure(
                    PatternProblem(
                        problem: TimelineProblem(
                            path: "\(place), column \(name)",
                            expected: "a value that makes a file name (not empty, . or .., without /, NUL or control characters)",
                            found: "\"\(value.prefix(60))\"")))
            }
            out = out.replacingOccurrences(of: "{\(name)}", with: value)
        }
        let file = URL(fileURLWithPath: out).lastPathComponent
        guard file.utf8.count <= 255 else {
            return .failure(
                PatternProblem(
                    problem: TimelineProblem(
                        path: place, expected: "a file name of at most 255 bytes", found: "\(file.utf8.count) bytes")))
        }
        return .success(out)
    }
}

/// A row whose values cannot name its output.
public struct PatternProblem: Error, Sendable {
    public let problem: TimelineProblem
}
