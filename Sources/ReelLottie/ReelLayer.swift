import ReelCore
import ReelJSON

/// A layer of the Reel timeline an import writes, spelt as the timeline file spells it:
/// its keys in order, its animations, sublayers and mask.
final class ReelLayer {
    let id: String
    private(set) var keys: [(key: String, value: JSONValue)] = []
    var animations: [JSONValue] = []
    var sublayers: [ReelLayer] = []
    var mask: ReelLayer?
    /// The Lottie JSON path this layer is made from (`layers[3]`, `layers[3].shapes[1]`); a
    /// layer without one is part of the nearest layer above it that has one.
    var source: String?

    init(id: String, _ keys: [(String, JSONValue)] = []) {
        self.id = ReelLayer.legal(id)
        for (k, v) in keys { set(k, v) }
    }

    /// Sets `key`, replacing an earlier value.
    func set(_ key: String, _ value: JSONValue) {
        if let i = keys.firstIndex(where: { $0.key == key }) { keys[i].value = value } else { keys.append((key, value)) }
    }

    func value(_ key: String) -> JSONValue? { keys.first { $0.key == key }?.value }

    /// The layer as timeline JSON, its sublayers' ids made unique among siblings.
    var json: JSONValue {
        var members: [(key: String, value: JSONValue)] = [("id", .string(id))]
        members += keys
        if let mask { members.append(("mask", mask.json)) }
        if !sublayers.isEmpty {
            let ids = ReelLayer.unique(sublayers.map(\.id))
            members.append(
                (
                    "sublayers",
                    .array(
                        zip(sublayers, ids).map { layer, id in
                            guard id != layer.id, case .object(var m) = layer.json else { return layer.json }
                            m[0].value = .string(id)
                            return .object(m)
                        })
                ))
        }
        if !animations.isEmpty { members.append(("animations", .array(animations))) }
        return .object(members)
    }

    /// Every layer's path in the timeline JSON (`layers[0].sublayers[2].mask`) and the Lottie
    /// path it is made from, for `path` and below: how a problem the timeline's decoder finds
    /// is told in the Lottie file's own terms.
    func sources(at path: String, within inherited: String, into map: inout [String: String]) {
        let own = source ?? inherited
        map[path] = own
        mask?.sources(at: path + ".mask", within: own, into: &map)
        for (i, layer) in sublayers.enumerated() { layer.sources(at: "\(path).sublayers[\(i)]", within: own, into: &map) }
    }

    /// `ids` (of siblings, in order) made unique as Lottie's names are: the first of each
    /// keeps it, a later one becomes `ID 2`, `ID 3` … skipping any id a sibling already has.
    static func unique(_ ids: [String]) -> [String] {
        var taken = Set(ids)
        var seen: Set<String> = []
        return ids.map { id in
            guard !seen.insert(id).inserted else { return id }
            var n = 2
            while taken.contains("\(id) \(n)") { n += 1 }
            taken.insert("\(id) \(n)")
            return "\(id) \(n)"
        }
    }

    /// An id the timeline format accepts: no `/`, `.` or control characters.
    static func legal(_ s: String) -> String {
        let cleaned = String(
            String.UnicodeScalarView(
                s.unicodeScalars.map { $0 == "/" || $0 == "." || $0.value < 0x20 || (0x7F...0x9F).contains($0.value) ? "_" : $0 })
        )
        return cleaned.isEmpty ? "layer" : cleaned
    }
}

extension JSONValue {
    static func num(_ v: Double) -> JSONValue { .number(v) }
    static func nums(_ v: [Double]) -> JSONValue { .array(v.map { .number($0) }) }
    static func obj(_ members: [(String, JSONValue)]) -> JSONValue { .object(members.map { (key: $0.0, value: $0.1) }) }
    /// A transform as the timeline's 16 numbers.
    static func transform(_ m: Transform3D) -> JSONValue { nums(m.rows) }
}
