import ReelCore
import ReelLayers
import ReelTimeline

/// Reads a layer's `filters` from the file: each an object with a unique `name` and a `type`
/// with its own value (`radius` for `gaussianBlur`, `matrix` for `colorMatrix`), every
/// problem reported at its own path.
enum FilterCoding {
    static func decode(_ node: JSONNode) -> [LayerFilter]? {
        guard let items = node.array() else { return nil }
        var filters: [LayerFilter] = []
        var names: Set<String> = []
        for item in items {
            guard let m = item.object(allowed: ["name", "type", "radius", "matrix"]) else { continue }
            guard let name = m.uniqueName(of: item, in: &names, list: "the layer's filters") else { continue }
            guard let typeNode = m["type"] else {
                item.problem(
                    expected: "a `type`: " + LayerFilter.typeNames.map { "`\($0)`" }.joined(separator: " or "), found: "none")
                continue
            }
            guard let type = typeNode.choice(LayerFilter.typeNames) else { continue }
            let (needed, other) = type == "gaussianBlur" ? ("radius", "matrix") : ("matrix", "radius")
            if let extra = m[other] {
                extra.problem(expected: "no `\(other)` for a `\(type)` filter (it takes `\(needed)`)", found: "`\(other)`")
                continue
            }
            guard let valueNode = m[needed] else {
                item.problem(expected: "a `\(needed)` for a `\(type)` filter", found: "none")
                continue
            }
            switch ValueKind.filterValue(type).decode(valueNode) {
            case .number(let radius)?: filters.append(LayerFilter(name: name, kind: .gaussianBlur(radius: radius)))
            case .numbers(let matrix)?: filters.append(LayerFilter(name: name, kind: .colorMatrix(matrix)))
            default: continue
            }
        }
        return filters.count == items.count ? filters : nil
    }
}

extension ValueKind {
    /// The kind of a filter type's value: a blur's radius or a colour matrix.
    static func filterValue(_ type: String) -> ValueKind { type == "gaussianBlur" ? .nonNegative : .colorMatrix }
}
