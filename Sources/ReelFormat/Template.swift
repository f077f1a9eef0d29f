import Foundation
import ReelJSON
import ReelLayers
import ReelTimeline

/// A timeline file read and parsed once, to be decoded with many sets of variable values: a
/// batch render's rows (`--data`) each decode their own timeline from the same document.
public struct Template: Sendable {
    public let file: String
    /// The variables the file declares, by name.
    public let variables: [String: TemplateVariables.Kind]
    /// Each variable's default, resolved (a default naming another variable takes its value).
    private let defaults: [String: JSONValue]
    /// Text variables used only as `{{NAME}}` inside a `string` or a run's `text` (or not at
    /// all), with their number of uses: any text without control characters that is not too
    /// long decodes there.
    private let freeTexts: [String: Int]
    private let document: JSONValue
    private let name: String
    private let baseDirectory: String

    /// Reads and parses the timeline at `path`, and checks its variables' declarations and
    /// defaults; the rest of its problems come when a row decodes it.
    public static func open(_ path: String) throws(TimelineError) -> Template {
        let url = URL(fileURLWithPath: path)
        let document = try Timeline.parse(Timeline.readText(path), file: path)
        let kinds = TemplateVariables.declarations(in: document)
        return Template(
            file: path, variables: kinds, defaults: try TemplateVariables.values(in: document, set: [:], file: path),
            freeTexts: Self.freeTexts(in: document, kinds: kinds), document: document,
            name: url.deletingPathExtension().lastPathComponent, baseDirectory: url.deletingLastPathComponent().path)
    }

    /// Each variable's value with `values` given (the rest take their defaults), by name.
    public func values(_ values: [String: TemplateValue]) throws(TimelineError) -> [String: JSONValue] {
        var out = defaults
        var problems: [TimelineProblem] = []
        TemplateVariables.apply(values, kinds: variables, to: &out, problems: &problems)
        guard problems.isEmpty else { throw TimelineError(file: file, problems: problems) }
        return out
    }

    /// What of `values` can change whether the timeline decodes: two sets of values with the
    /// same key decode alike (with the same problems). A colour or boolean decodes wherever its
    /// default did; an asset by its kind of file; a free text by its control characters and,
    /// when long, its length; numbers and other texts by their value.
    public func decodingKey(_ values: [String: JSONValue]) -> [String: JSONValue] {
        var key: [String: JSONValue] = [:]
        for (name, value) in values {
            switch variables[name] {
            case .color?, .boolean?: continue
            case .asset?:
                if case .string(let path) = value {
                    key[name] = .string(
                        Timeline.isFontFile(path)
                            ? "font" : Timeline.isVideoFile(path) ? "video" : Timeline.isCaptionFile(path) ? "captions" : "image")
                }
            case .text?:
                guard let uses = freeTexts[name], case .string(let text) = value else {
                    key[name] = value
                    continue
                }
                let controls = text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || $0.value == 0x7F }
                let count = text.count
                let safe = TextProperties.maximumCharacters / (4 * max(1, uses))
                key[name] = .array([.bool(controls), .number(count <= safe ? 0 : Double(count))])
            default: key[name] = value
            }
        }
        return key
    }

    /// The folder relative asset paths start from.
    public var folder: String { baseDirectory }

    /// The timeline with `values` for its variables (the rest take their defaults).
    public func timeline(_ values: [String: TemplateValue]) throws(TimelineError) -> Timeline {
        try Timeline.decode(
            json: TemplateVariables.resolve(document, set: values, file: file), file: file, name: name,
            baseDirectory: baseDirectory)
    }

    /// The text variables nothing but `{{NAME}}` in `string` or `text` values uses, with their uses.
    private static func freeTexts(in document: JSONValue, kinds: [String: TemplateVariables.Kind]) -> [String: Int] {
        var uses: [String: Int] = [:]
        var bound: Set<String> = []
        func walk(_ v: JSONValue, key: String?) {
            switch v {
            case .object(let members):
                if members.count == 1, members[0].key == "var", case .string(let name) = members[0].value {
                    bound.insert(name)
                }
                for (k, child) in members where k != "variables" || key != nil { walk(child, key: k) }
            case .array(let items):
                for item in items { walk(item, key: key) }
            case .string(let s) where s.contains("{{"):
                for name in kinds.keys where s.contains("{{\(name)}}") {
                    if key == "string" || key == "text" {
                        uses[name, default: 0] += s.components(separatedBy: "{{\(name)}}").count - 1
                    } else {
                        bound.insert(name)
                    }
                }
            default: break
            }
        }
        walk(document, key: nil)
        return Dictionary(
            uniqueKeysWithValues: kinds.filter { $0.value == .text && !bound.contains($0.key) }.map {
                ($0.key, uses[$0.key] ?? 0)
            })
    }
}
