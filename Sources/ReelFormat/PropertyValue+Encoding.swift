import ReelCore
import ReelJSON
import ReelLayers
import ReelTimeline

extension PropertyValue {
    /// The value as the timeline file writes it (what `ValueKind.decode` reads back): numbers
    /// (angles in radians), arrays for points, sizes, rects, colours ([r, g, b, a]) and
    /// transforms (16 numbers), a path's elements (and its fill rule unless non-zero), names as strings, null for no path or image.
    public var json: JSONValue {
        switch self {
        case .number(let v): return .number(v)
        case .optionalNumber(let t): return t.map { .number($0) } ?? .null
        case .point, .size, .rect, .color, .transform: return .array(components.map { .number($0) })
        case .bool(let b): return .bool(b)
        case .numberFormat(let f):
            return .object([
                ("decimals", .number(Double(f.decimals))), ("prefix", .string(f.prefix)), ("suffix", .string(f.suffix)),
                ("grouping", .bool(f.grouping))
            ])
        case .image(let name): return name.map { .string($0) } ?? .null
        case .choice(let name), .string(let name): return .string(name)
        case .text(let runs): return TextCoding.json(runs)
        case .count(let n): return .number(Double(n))
        case .numbers(let v), .dashes(let v): return .array(v.map { .number($0) })
        case .colors(let v):
            return .array(v.map { .array([.number($0.red), .number($0.green), .number($0.blue), .number($0.alpha)]) })
        case .filters(let list):
            return .array(
                list.map { f in
                    switch f.kind {
                    case .gaussianBlur(let radius):
                        return .object([("name", .string(f.name)), ("type", .string("gaussianBlur")), ("radius", .number(radius))]
                        )
                    case .colorMatrix(let m):
                        return .object([
                            ("name", .string(f.name)), ("type", .string("colorMatrix")), ("matrix", .array(m.map { .number($0) }))
                        ])
                    }
                })
        case .emitterCells(let cells):
            return .array(
                cells.map { cell in
                    .object(
                        [("name", .string(cell.name))]
                            + EmitterCellProperty.ordered.compactMap { p in
                                let v = p.value(of: cell)
                                return v == p.defaultValue ? nil : (p.keyPath, v.json)
                            })
                })
        case .path(nil): return .null
        case .path(let path?):
            let elements = JSONValue.array(
                path.elements.map { e -> JSONValue in
                    func n(_ p: Point) -> [JSONValue] { [.number(p.x), .number(p.y)] }
                    switch e {
                    case .move(let p): return .array([.string("move")] + n(p))
                    case .line(let p): return .array([.string("line")] + n(p))
                    case .quad(let c, let p): return .array([.string("quad")] + n(c) + n(p))
                    case .cubic(let a, let b, let p): return .array([.string("cubic")] + n(a) + n(b) + n(p))
                    case .close: return .array([.string("close")])
                    }
                })
            return .object(
                [("elements", elements)] + (path.fillRule == .nonZero ? [] : [("fillRule", .string(path.fillRule.rawValue))]))
        }
    }

    /// The numbers in the value that are not finite (a singular transform's), for reports.
    var nonFinite: Double? { components.first { !$0.isFinite } }
}
