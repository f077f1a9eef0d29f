import ReelCore

/// Paths in the timeline file, and as the flat number lists animations interpolate:
/// each element is its code (0 move, 1 line, 2 quad, 3 cubic, 4 close) followed by its points.
enum PathCoding {
    static func decode(_ node: JSONNode) -> Path? {
        guard let m = node.object(allowed: ["rect", "roundedRect", "cornerRadius", "ellipse", "elements"]) else { return nil }
        func rect(_ n: JSONNode) -> Rect? {
            guard let v = ValueKind.rect.decode(n) else { return nil }
            return Rect(x: v[0], y: v[1], width: v[2], height: v[3])
        }
        let shapes = ["rect", "roundedRect", "ellipse", "elements"].filter { m[$0] != nil }
        guard shapes.count == 1 else {
            node.problem(expected: "exactly one of `rect`, `roundedRect`, `ellipse`, `elements`", found: shapes.isEmpty ? "none" : shapes.joined(separator: ", "))
            return nil
        }
        if let r = m["rect"] { return rect(r).map { Path(rect: $0) } }
        if let e = m["ellipse"] { return rect(e).map { Path(ellipseIn: $0) } }
        if let r = m["roundedRect"] {
            let radius = m["cornerRadius"]?.number() ?? 0
            return rect(r).map { Path(roundedRect: $0, cornerRadius: radius) }
        }
        guard let items = m["elements"]?.array() else { return nil }
        var elements: [Path.Element] = []
        for item in items {
            guard case .array(let parts) = item.value, case .string(let verb)? = parts.first else {
                item.problem(expected: "an element like [\"move\", x, y]")
                continue
            }
            let numbers = parts.dropFirst().compactMap { if case .number(let n) = $0 { return n } else { return nil } }
            let counts = ["move": 2, "line": 2, "quad": 4, "cubic": 6, "close": 0]
            guard let count = counts[verb], numbers.count == count, parts.count == count + 1 else {
                item.problem(expected: "move x y, line x y, quad cx cy x y, cubic c1x c1y c2x c2y x y, or close",
                             suggestion: Suggestion.didYouMean(verb, in: Array(counts.keys)))
                continue
            }
            let p = stride(from: 0, to: count, by: 2).map { Point(x: numbers[$0], y: numbers[$0 + 1]) }
            switch verb {
            case "move": elements.append(.move(p[0]))
            case "line": elements.append(.line(p[0]))
            case "quad": elements.append(.quad(p[0], p[1]))
            case "cubic": elements.append(.cubic(p[0], p[1], p[2]))
            default: elements.append(.close)
            }
        }
        return elements.count == items.count ? Path(elements: elements) : nil
    }

    static func numbers(_ path: Path) -> [Double] {
        path.elements.flatMap { e -> [Double] in
            switch e {
            case .move(let p): return [0, p.x, p.y]
            case .line(let p): return [1, p.x, p.y]
            case .quad(let c, let p): return [2, c.x, c.y, p.x, p.y]
            case .cubic(let a, let b, let p): return [3, a.x, a.y, b.x, b.y, p.x, p.y]
            case .close: return [4]
            }
        }
    }

    static func path(_ v: [Double]) -> Path {
        var elements: [Path.Element] = []
        var i = 0
        func point(_ k: Int) -> Point { Point(x: v[i + 1 + 2 * k], y: v[i + 2 + 2 * k]) }
        while i < v.count {
            switch Int(v[i]) {
            case 0: elements.append(.move(point(0))); i += 3
            case 1: elements.append(.line(point(0))); i += 3
            case 2: elements.append(.quad(point(0), point(1))); i += 5
            case 3: elements.append(.cubic(point(0), point(1), point(2))); i += 7
            default: elements.append(.close); i += 1
            }
        }
        return Path(elements: elements)
    }

    /// Whether two coded paths have the same elements in the same order (so points can be mixed).
    static func sameStructure(_ a: [Double], _ b: [Double]) -> Bool {
        guard a.count == b.count else { return false }
        var i = 0
        while i < a.count {
            guard a[i] == b[i] else { return false }
            i += [3, 3, 5, 7, 1][min(4, max(0, Int(a[i])))]
        }
        return true
    }
}
