import Foundation
import ReelCore
import ReelFormat
import ReelJSON
import ReelTimeline

/// A timeline built in Swift: `TimelineDocument(width: 640, height: 360, duration: 2) { LayerDocument("card") { ... } }`.
/// It is the file format's JSON document, so it encodes to the same JSON a person would write,
/// and `build()` reads it with the same decoder (and the same checks) as a file.
public struct TimelineDocument: Encodable {
    public private(set) var document: JSONValue

    public init(
        name: String = "timeline", width: Double, height: Double, fps: Double = 30, duration: Double,
        background: String = "#000000", scale: Double = 1, @LayerBuilder layers: () -> [LayerDocument]
    ) {
        let canvas: JSONValue = .object([
            ("width", width.json), ("height", height.json), ("fps", fps.json), ("duration", duration.json),
            ("background", background.json), ("scale", scale.json)
        ])
        document = .object([
            ("version", 1.json), ("name", name.json), ("canvas", canvas), ("layers", .array(layers().map(\.document)))
        ])
    }

    /// Adds an image asset (`path` relative to the folder the timeline is built against, or
    /// `Variable.value` of an `asset` variable).
    public func asset(_ name: String, path: JSONConvertible) -> TimelineDocument {
        adding(name, .object([("path", path.json)]), to: "assets", at: 3)
    }

    /// Declares a template variable with its type and default; `Variable.value(name)` and
    /// `Variable.text(name)` use it, `build(set:)` and `reel render --set` give it values.
    public func variable(_ name: String, _ kind: TemplateVariables.Kind, default value: JSONConvertible) -> TimelineDocument {
        adding(name, .object([("type", .string(kind.rawValue)), ("default", value.json)]), to: "variables", at: 2)
    }

    /// The document with `(name, value)` appended to the top-level object `key` (made at
    /// `index` among the top-level keys when absent).
    private func adding(_ name: String, _ value: JSONValue, to key: String, at index: Int) -> TimelineDocument {
        var copy = self
        guard case .object(var members) = document else { return self }
        var entries: [(key: String, value: JSONValue)] = []
        var at = min(index, members.count)
        if let i = members.firstIndex(where: { $0.key == key }), case .object(let existing) = members[i].value {
            entries = existing
            members.remove(at: i)
            at = i
        }
        entries.append((name, value))
        members.insert((key, .object(entries)), at: at)
        copy.document = .object(members)
        return copy
    }

    /// A timeline of scenes (`scenes(_:)`), lasting as long as they do, with root `layers` above them all.
    public init(
        name: String = "timeline", width: Double, height: Double, fps: Double = 30, background: String = "#000000",
        scale: Double = 1, @LayerBuilder layers: () -> [LayerDocument] = { [] }
    ) {
        let canvas: JSONValue = .object([
            ("width", width.json), ("height", height.json), ("fps", fps.json), ("background", background.json),
            ("scale", scale.json)
        ])
        document = .object([
            ("version", 1.json), ("name", name.json), ("canvas", canvas), ("layers", .array(layers().map(\.document)))
        ])
    }

    /// The document with the top-level `key` set to `value` (appended when absent).
    func replacing(_ key: String, _ value: JSONValue) -> TimelineDocument {
        var copy = self
        guard case .object(var members) = document else { return self }
        if let i = members.firstIndex(where: { $0.key == key }) {
            members[i].value = value
        } else {
            members.append((key, value))
        }
        copy.document = .object(members)
        return copy
    }

    /// The document with the canvas's `key` set to `value`.
    func replacingCanvas(_ key: String, _ value: JSONValue) -> TimelineDocument {
        guard case .object(var canvas)? = document["canvas"] else { return self }
        canvas.removeAll { $0.key == key }
        canvas.append((key, value))
        return replacing("canvas", .object(canvas))
    }

    /// The timeline's JSON text, indented.
    public var jsonText: String { document.pretty() }

    public func encode(to encoder: Encoder) throws { try document.encode(to: encoder) }

    /// The timeline as Reel plays it, with `set` giving its variables' values as `--set` writes
    /// them; problems are reported as for a file.
    public func build(baseDirectory: String = FileManager.default.currentDirectoryPath, set: [String: String] = [:])
        throws(TimelineError) -> Timeline
    {
        try Timeline.decode(
            document.serialized, file: "<builder>", name: nameInDocument, baseDirectory: baseDirectory,
            variables: set.reduce(into: [:]) { $0[$1.key] = .set($1.key, $1.value) })
    }

    private var nameInDocument: String {
        if case .string(let s)? = document["name"] { return s }
        return "timeline"
    }
}
