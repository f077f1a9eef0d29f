import ReelCore

/// A path as animations mix it: its points in element order, replaced in place, and whether
/// two paths have the same elements (only then are they mixed point by point).
extension Path {
    /// Every point of the path in element order (a curve's control points before its end).
    var points: [Point] {
        elements.flatMap { e -> [Point] in
            switch e {
            case .move(let p), .line(let p): return [p]
            case .quad(let c, let p): return [c, p]
            case .cubic(let a, let b, let p): return [a, b, p]
            case .close: return []
            }
        }
    }

    /// The same elements through the points `p` (as many as `points` has), in order, under the same fill rule.
    func replacingPoints(_ p: [Point]) -> Path {
        var i = 0
        func next() -> Point {
            defer { i += 1 }
            return p[i]
        }
        let elements = elements.map { e -> Path.Element in
            switch e {
            case .move: return .move(next())
            case .line: return .line(next())
            case .quad: return .quad(next(), next())
            case .cubic: return .cubic(next(), next(), next())
            case .close: return .close
            }
        }
        return Path(elements: elements, fillRule: fillRule)
    }

    /// Whether `other` is made of the same kinds of element in the same order.
    func hasSameElements(as other: Path) -> Bool {
        guard elements.count == other.elements.count else { return false }
        return zip(elements, other.elements).allSatisfy { a, b in
            switch (a, b) {
            case (.move, .move), (.line, .line), (.quad, .quad), (.cubic, .cubic), (.close, .close): return true
            default: return false
            }
        }
    }
}
