import ReelJSON
import ReelLayers
import ReelTimeline

/// The presentation values of a timeline's layers at a time, as JSON: what `reel inspect`
/// prints, so timing can be checked without looking at pixels.
public enum LayerInspector {
    /// What the inspector was asked for and could not find.
    public struct NotFound: Error, CustomStringConvertible {
        public let description: String
    }

    /// A value JSON cannot carry (infinite or not a number, as a singular transform gives).
    public struct NotFinite: Error, CustomStringConvertible {
        public let description: String
    }

    /// What Core Animation derives from the tree rather than stores (read-only, CALayer's
    /// methods): shown after the properties.
    static let derivedKeys: [String: @Sendable (Layer) -> JSONValue] = ["contentsAreFlipped": { .bool($0.contentsAreFlipped) }]

    /// What an emitter layer holds at the time: how many particles are alive (shown after its
    /// keys), and each one when asked for (`particles`) (its cell's name, its index among the cell's particles, age,
    /// position, rotation, scale and colour), in birth order.
    static let particleKeys: [String: @Sendable (Layer) -> JSONValue] = [
        "particleCount": { .number(Double($0.emitter.particles.count)) },
        "particles": { layer in
            .array(
                layer.emitter.particles.map { p in
                    .object([
                        ("cell", .string(layer.emitter.cells[Int(p.cell)].name)), ("index", .number(Double(p.index))),
                        ("age", .number(p.age)), ("position", .array([.number(p.position.x), .number(p.position.y)])),
                        ("rotation", .number(p.rotation)), ("scale", .number(p.scale)),
                        ("color", PropertyValue.color(p.color).json)
                    ])
                })
        }
    ]

    /// Every layer (by id path, "parent/child") with every property and `contentsAreFlipped`,
    /// or only the layer named by `layer` (an id path, or an id found anywhere), or only the
    /// property `key` (any animatable key path, such as `transform.rotation.z`, or a derived key).
    /// `laidOut` adds what modules above this one work out for a layer (a text layer's lines),
    /// by key; nil where a layer has none.
    public static func inspect(
        _ timeline: Timeline, at time: Double, layer: String? = nil, key: String? = nil,
        laidOut: [String: (Layer) -> JSONValue?] = [:]
    ) throws -> JSONValue {
        let root = timeline.presentation(at: time)
        var layers: [(String, Layer)] = []
        func walk(_ l: Layer, _ prefix: String) {
            let path = prefix.isEmpty ? l.id : prefix + "/" + l.id
            layers.append((path, l))
            if let mask = l.mask { walk(mask, path + "/mask") }
            for s in l.sublayers { walk(s, path) }
        }
        for l in root.sublayers { walk(l, "") }
        if let layer {
            let all = layers.map(\.0)
            layers = layers.filter { $0.0 == layer || $0.0.hasSuffix("/" + layer) }
            guard !layers.isEmpty else {
                throw NotFound(
                    description: "no layer \"\(layer)\"; layers: " + (all.isEmpty ? "none" : all.joined(separator: ", ")))
            }
        }
        var keys: [String]? = nil
        if let key {
            guard LayerProperty.all[key] != nil || derivedKeys[key] != nil || particleKeys[key] != nil || laidOut[key] != nil
            else {
                let known = Array(LayerProperty.all.keys) + derivedKeys.keys + particleKeys.keys + laidOut.keys
                throw NotFound(
                    description: "no property `\(key)`" + (Suggestion.didYouMean(key, in: known).map { "; \($0)" } ?? ""))
            }
            keys = [key]
        }
        let entries = try layers.map { path, l -> (key: String, value: JSONValue) in
            // A layer shows CALayer's keys and its own class's.
            let extra = laidOut.keys.sorted().filter { laidOut[$0]!(l) != nil }
            // The particles themselves (thousands) only when asked for by `key`.
            let own = l.layerClass == .emitterLayer ? ["particleCount"] : []
            let shown = keys ?? LayerProperty.layerKeys(for: l.layerClass) + derivedKeys.keys.sorted() + own + extra
            let values = try shown.map { k -> (key: String, value: JSONValue) in
                if let derived = derivedKeys[k] ?? particleKeys[k] { return (k, derived(l)) }
                if let made = laidOut[k] { return (k, made(l) ?? .null) }
                let p = LayerProperty.all[k]!
                let value = p.value(of: l)
                if let bad = value.nonFinite {
                    throw NotFinite(
                        description:
                            "layer \"\(path)\": `\(k)` is \(bad.isNaN ? "not a number" : "infinite") at \(time) s, which JSON cannot show (a singular transform?)"
                    )
                }
                return (k, value.json)
            }
            return (path, key != nil ? values[0].value : .object(values))
        }
        return .object([("time", .number(time)), ("layers", .object(entries))])
    }
}
