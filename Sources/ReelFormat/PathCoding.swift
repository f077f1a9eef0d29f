import ReelCore
import ReelTimeline

/// Paths as the timeline file writes them: a rect, a rounded rect, an ellipse, or elements
/// (`arc` among them), and a `fillRule` (`nonZero` unless given) except on a shape layer's
/// path, whose layer has its own.
enum PathCoding {
    /// The most elements a path may have: far more than any drawing needs, few enough that
    /// flattening and stroking one stays within a frame's time.
    static let maximumElements = 100_000

    static func decode(_ node: JSONNode, isShape: Bool = false) -> Path? {
        guard let m = node.object(allowed: ["rect", "roundedRect", "cornerRadius", "ellipse", "elements", "fillRule"]) else {
            return nil
        }
        if isShape, let f = m["fillRule"] {
            f.problem(expected: "no `fillRule` in a CAShapeLayer's path (the layer's own `fillRule` key sets it)", found: "one")
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
    private static func shape(_ node: JSONNode, _ m: JSONMembers) -> Path? {
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
        guard items.count <= maximumElements else {
            m["elements"]!.problem(expected: "at most \(maximumElements) path elements", found: "\(items.count)")
            return nil
        }
        var path = Path()
        var valid = 0
        for item in items {
            guard case .array(let parts) = item.value, case .string(let verb)? = parts.first else {
                item.problem(expected: "an element like [\"move\", x, y]")
                continue
            }
            let numbers = parts.dropFirst().compactMap { if case .number(let n) = $0 { return n } else { return nil } }
            let counts = ["move": 2, "line": 2, "quad": 4, "cubic": 6, "arc": 6, "close": 0]
            guard let count = counts[verb], numbers.count == count, parts.count == count + 1 else {
                item.problem(
                    expected:
                        "move x y, line x y, quad cx cy x y, cubic c1x c1y c2x c2y x y, arc cx cy radius startAngle endAngle clockwise(1 or 0), or close",
                    suggestion: Suggestion.didYouMean(verb, in: Array(counts.keys)))
                continue
            }
            guard numbers.allSatisfy({ abs($0) <= ValueKind.limit }) else {
                item.problem(expected: "numbers within ±\(Int(ValueKind.limit))")
                continue
            }
            let p = stride(from: 0, to: count - 1, by: 2).map { Point(x: numbers[$0], y: numbers[$0 + 1]) }
            switch verb {
            case "move": path.move(to: p[0])
            case "line": path.line(to: p[0])
            case "quad": path.quad(to: p[1], control: p[0])
            case "cubic": path.cubic(to: p[2], control1: p[0], control2: p[1])
            case "arc":
                guard numbers[2] >= 0, numbers[5] == 0 || numbers[5] == 1 else {
                    item.problem(expected: "an arc with a radius of 0 or more and clockwise 1 or 0")
                    continue
                }
                path.arc(
                    center: p[0], radius: numbers[2], startAngle: numbers[3], endAngle: numbers[4], clockwise: numbers[5] == 1)
            default: path.close()
            }
            valid += 1
        }
        return valid == items.count ? path : nil
    }
}
