import ReelTimeline

/// One row of a template's data (`--data`): its number (from 1, the first data row), where it
/// is in the file, and its values by column (variable) name; or the problem that makes it a
/// failed row (a ragged CSV row, a JSONL line that is not an object).
public struct DataRow: Sendable {
    public let number: Int
    /// Where the row is, as messages name it: `row 3 (line 4)`, `row 3 ([2])` in a JSON array.
    public let place: String
    public var values: [String: TemplateValue.Form]
    public var problem: TimelineProblem?

    public init(number: Int, place: String, values: [String: TemplateValue.Form] = [:], problem: TimelineProblem? = nil) {
        (self.number, self.place, self.values, self.problem) = (number, place, values, problem)
    }

    /// A row of a file read by lines: `row N (line L)`.
    static func at(_ number: Int, line: Int) -> String { "row \(number) (line \(line))" }

    /// The row's values of the variables `names` as template values, each named by its row
    /// and column, over `base` (the values `--set` gives every row).
    public func values(over base: [String: TemplateValue] = [:], keeping names: Set<String>) -> [String: TemplateValue] {
        var out = base
        for (name, form) in values where names.contains(name) {
            out[name] = TemplateValue(form, source: "\(place), column \(name)")
        }
        return out
    }
}

/// A data file that cannot be read on (cut short inside a quote, a cell too large, not UTF-8
/// where a header must be): the file, where, what was expected and found.
public struct DataError: Error, CustomStringConvertible, Sendable {
    public let file: String
    public let place: String
    public let expected: String
    public let found: String

    public var description: String { "\(file): \(place): expected \(expected), found \(found)" }
}
