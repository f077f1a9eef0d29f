import ReelCore

extension ValueKind {
    /// The value as the timeline file writes it (the inverse of `decode`): numbers for
    /// scalars and angles (radians), arrays for points, sizes, rects, colours ([r, g, b, a]) and
    /// transforms (16 numbers), names and choices as strings.
    public func encode(_ v: [Double]) -> JSONValue {
        switch self {
        case .scalar, .angle: return .number(v[0])
        case .point, .size, .rect, .color, .transform: return .array(v.map { .number($0) })
        case .bool: return .bool(v[0] != 0)
        case .name: return v.isEmpty ? .null : .string(String(decoding: v.map { UInt8($0) }, as: UTF8.self))
        case .choice(let names): return .string(names[Int(v[0])])
        case .path:
            let path = PathCoding.path(v)
            return .object([("elements", .array(path.elements.map { e -> JSONValue in
                func n(_ p: Point) -> [JSONValue] { [.number(p.x), .number(p.y)] }
                switch e {
                case .move(let p): return .array([.string("move")] + n(p))
                case .line(let p): return .array([.string("line")] + n(p))
                case .quad(let c, let p): return .array([.string("quad")] + n(c) + n(p))
                case .cubic(let a, let b, let p): return .array([.string("cubic")] + n(a) + n(b) + n(p))
                case .close: return .array([.string("close")])
                }
            }))])
        }
    }
}
