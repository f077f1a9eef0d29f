import Foundation
import ReelCore
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

    /// Adds an image asset (`path` relative to the folder the timeline is built against).
    public func asset(_ name: String, path: String) -> TimelineDocument {
        var copy = self
        guard case .object(var members) = document else { return self }
        var assets: [(key: String, value: JSONValue)] = []
        if let i = members.firstIndex(where: { $0.key == "assets" }), case .object(let existing) = members[i].value {
            assets = existing
            members.remove(at: i)
        }
        assets.append((name, .object([("path", .string(path))])))
        members.insert(("assets", .object(assets)), at: min(3, members.count))
        copy.document = .object(members)
        return copy
    }

    /// The timeline's JSON text, indented.
    public var jsonText: String { document.pretty() }

    public func encode(to encoder: Encoder) throws { try document.encode(to: encoder) }

    /// The timeline as Reel plays it; problems are reported as for a file.
    public func build(baseDirectory: String = FileManager.default.currentDirectoryPath) throws(TimelineError)
        -> Timeline
    {
        try Timeline.decode(
            document.serialized, file: "<builder>", name: nameInDocument, baseDirectory: baseDirectory)
    }

    private var nameInDocument: String {
        if case .string(let s)? = document["name"] { return s }
        return "timeline"
    }
}
