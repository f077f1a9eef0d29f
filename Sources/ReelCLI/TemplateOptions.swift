import ArgumentParser
import ReelFormat
import ReelTimeline

/// `--set NAME=VALUE`: a value for one of the timeline's template variables (repeatable, the
/// last of a name wins), written as the timeline writes that type.
struct TemplateOptions: ParsableArguments {
    @Option(
        name: .customLong("set"),
        help: ArgumentHelp(
            "A template variable's value, NAME=VALUE, written as the timeline writes its type (repeatable).",
            valueName: "name=value"))
    var settings: [String] = []

    func validate() throws {
        for s in settings where !s.contains("=") {
            throw ValidationError("--set takes NAME=VALUE, found \(s)")
        }
    }

    /// The values by name, the last of each name winning.
    var variables: [String: TemplateValue] {
        var out: [String: TemplateValue] = [:]
        for s in settings {
            let parts = s.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            out[String(parts[0])] = .set(String(parts[0]), String(parts[1]))
        }
        return out
    }
}
