import ReelCore
import ReelLayers
import ReelTimeline

/// Reads a `CAEmitterLayer`'s `emitterCells` from the file: each an object with a unique
/// `name` and the keys of `EmitterCellProperty`, every problem reported at its own path. A
/// cell's own `emitterCells`, `speed` and `timeOffset` are refused with why.
enum EmitterCellCoding {
    static func decode(_ node: JSONNode) -> [EmitterCell]? {
        guard let items = node.array() else { return nil }
        var cells: [EmitterCell] = []
        var names: Set<String> = []
        let allowed = Set(EmitterCellProperty.all.keys).union(["name"]).union(EmitterCellProperty.refused.keys)
        for item in items {
            guard let m = item.object(allowed: allowed, suggesting: ["name"] + EmitterCellProperty.ordered.map(\.keyPath)) else {
                continue
            }
            var ok = true
            for (key, why) in EmitterCellProperty.refused.sorted(by: { $0.key < $1.key }) {
                guard let n = m[key] else { continue }
                n.problem(expected: why, found: "`\(key)`")
                ok = false
            }
            guard let name = m.uniqueName(of: item, in: &names, list: "the layer's emitterCells") else { continue }
            var cell = EmitterCell(name: name)
            for (key, n) in m.members.sorted(by: { $0.key < $1.key }) {
                guard let property = EmitterCellProperty.all[key] else { continue }
                guard let v = property.kind.decode(n) else {
                    ok = false
                    continue
                }
                property.setValue(v, on: &cell)
            }
            // Legal, but its particles are counted and never seen.
            if ok, cell.contents == nil {
                item.warn("the cell `\(name)` has no `contents`: its particles draw nothing; name an image asset")
            }
            if ok { cells.append(cell) }
        }
        return cells.count == items.count ? cells : nil
    }
}
