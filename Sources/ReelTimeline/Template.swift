import Foundation
import ReelJSON

/// A timeline file read and parsed once, to be decoded with many sets of variable values: a
/// batch render's rows (`--data`) each decode their own timeline from the same document.
public struct Template: Sendable {
    public let file: String
    /// The variables the file declares, by name.
    public let variables: [String: TemplateVariables.Kind]
    private let document: JSONValue
    private let name: String
    private let baseDirectory: String

    /// Reads and parses the timeline at `path`; its problems come when a row decodes it.
    public static func open(_ path: String) throws(TimelineError) -> Template {
        let url = URL(fileURLWithPath: path)
        let document = try Timeline.parse(Timeline.readText(path), file: path)
        return Template(
            file: path, variables: TemplateVariables.declarations(in: document), document: document,
            name: url.deletingPathExtension().lastPathComponent, baseDirectory: url.deletingLastPathComponent().path)
    }

    /// Each variable's value with `values` given (the rest take their defaults), by name.
    public func values(_ values: [String: TemplateValue]) throws(TimelineError) -> [String: JSONValue] {
        try TemplateVariables.values(in: document, set: values, file: file)
    }

    /// The folder relative asset paths start from.
    public var folder: String { baseDirectory }

    /// The timeline with `values` for its variables (the rest take their defaults).
    public func timeline(_ values: [String: TemplateValue]) throws(TimelineError) -> Timeline {
        try Timeline.decode(
            json: TemplateVariables.resolve(document, set: values, file: file), file: file, name: name,
            baseDirectory: baseDirectory)
    }
}
