import ReelCore

/// Paths as the timeline file writes them: a rect, a rounded rect, an ellipse, or elements,
/// and a `fillRule` (`nonZero` unless given).
enum PathCoding {
    static func decode(_ node: JSONNode) -> Path? {
        guard let m = node.object(allowed: ["rect", "roundedRect", "cornerRadius", "ellipse", "elements", "fillRule"]) else {
            return nil
        }
        var fillRule = FillRule.nonZero
        if let f = m["fillRule"] {
            guard let name = f.choice(FillRule.allCases.map(\.rawValue)) else { return nil }
            fillRule = FillRule(rawValue: name)!
        }
        guard var path = shape(node, m) else { return nil }
        path.fillRule = fillRule
        return path
    }

    /// The outline the path's one shape key describes.
    private static func shape(_ node: JSONNode, _ m: [String: JSONNode]) -> Path? {
        func rect(_ n: JSONNode) -> Rect? {
            guard case .rect(let r)? = ValueKind.rect.decode(n) else { return nil }
            return r
        }
        let shapes = ["rect", "roundedRect", "ellipse", "elements"].filter { m[$0] != nil }
        guard shapes.count == 1 else {
            node.problem(
                expected: "exactly one of `rect`, `roundedRect`, `ellipse`, `elements`",
                found: shapes.isEmpty ? "none" : shapes.joined(separator: ", "))
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
                item.problem(
                    expected: "move x y, line x y, quad cx cy x y, cubic c1x c1y c2x c2y x y, or close",
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
}
