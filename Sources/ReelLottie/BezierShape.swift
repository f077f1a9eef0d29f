import ReelJSON

#if canImport(Glibc)
    import Glibc
#endif

/// Lottie's bezier shapes as numbers, so shapes animate like any other value: each shape is
/// `closed (0 or 1), n`, then per vertex its point, in tangent and out tangent (relative),
/// and several shapes follow one another.
enum BezierShape {
    /// A shape object `{"c", "v", "i", "o"}` (or a one-element array of one, as keyframes write it).
    static func decode(_ node: LottieNode) -> [Double]? {
        if node.isArray, let first = node.items.first, first["v"] != nil { return decode(first) }
        guard let v = node["v"]?.items else { return nil }
        let ins = node["i"]?.items ?? []
        let outs = node["o"]?.items ?? []
        var out: [Double] = [node.number("c") == 1 ? 1 : 0, Double(v.count)]
        out.reserveCapacity(2 + v.count * 6)
        for (j, p) in v.enumerated() {
            guard let xy = p.numbers, xy.count >= 2 else { return nil }
            let i = j < ins.count ? ins[j].numbers ?? [0, 0] : [0, 0]
            let o = j < outs.count ? outs[j].numbers ?? [0, 0] : [0, 0]
            out += [xy[0], xy[1], i.element(0), i.element(1), o.element(0), o.element(1)]
        }
        return out
    }

    /// Each shape in `numbers`: whether it is closed, where its first vertex starts and its
    /// vertex count (a shape whose count runs past the numbers ends the walk).
    static func shapes(_ numbers: [Double]) -> [(closed: Bool, base: Int, count: Int)] {
        var out: [(closed: Bool, base: Int, count: Int)] = []
        var at = 0
        while at + 2 <= numbers.count {
            let n = Int(numbers[at + 1])
            let base = at + 2
            at = base + n * 6
            guard n >= 0, at <= numbers.count else { break }
            out.append((numbers[base - 2] == 1, base, n))
        }
        return out
    }

    /// The shapes in `numbers` as path elements (`move`, `cubic`, `close`).
    static func elements(_ numbers: [Double]) -> [JSONValue] {
        var out: [JSONValue] = []
        func point(_ x: Double, _ y: Double) -> [JSONValue] { [.number(x), .number(y)] }
        for (closed, base, n) in shapes(numbers) where n > 0 {
            func v(_ j: Int) -> (x: Double, y: Double, ix: Double, iy: Double, ox: Double, oy: Double) {
                let k = base + j * 6
                return (numbers[k], numbers[k + 1], numbers[k + 2], numbers[k + 3], numbers[k + 4], numbers[k + 5])
            }
            let first = v(0)
            out.append(.array([.string("move")] + point(first.x, first.y)))
            let segments = closed ? n : n - 1
            for j in 0..<segments {
                let a = v(j)
                let b = v((j + 1) % n)
                out.append(
                    .array(
                        [.string("cubic")] + point(a.x + a.ox, a.y + a.oy) + point(b.x + b.ix, b.y + b.iy) + point(b.x, b.y)))
            }
            if closed { out.append(.array([.string("close")])) }
        }
        return out
    }

    /// The path value of `numbers` (null for no shape).
    static func path(_ numbers: [Double]) -> JSONValue {
        let e = elements(numbers)
        return e.isEmpty ? .null : .obj([("elements", .array(e))])
    }

    /// One closed shape from vertices with relative tangents, reversed when `reversed` (`d` 3).
    static func closed(_ vertices: [(x: Double, y: Double, ix: Double, iy: Double, ox: Double, oy: Double)], reversed: Bool)
        -> [Double]
    {
        var list = vertices
        if reversed {
            // The same outline the other way: each vertex's tangents swap; the first stays first.
            list = [list[0]] + list.dropFirst().reversed()
            list = list.map { ($0.x, $0.y, $0.ox, $0.oy, $0.ix, $0.iy) }
        }
        return [1, Double(list.count)] + list.flatMap { [$0.x, $0.y, $0.ix, $0.iy, $0.ox, $0.oy] }
    }

    /// The tangent length of a quarter ellipse's cubic, per unit radius.
    static let kappa = 0.5519150244935105

    /// A rectangle (`rc`): centre, size, corner roundness; from the top right corner, clockwise.
    static func rectangle(_ p: [Double], _ s: [Double], _ r: Double, reversed: Bool) -> [Double] {
        let (cx, cy, w, h) = (p.element(0), p.element(1), s.element(0), s.element(1))
        let (x0, x1, y0, y1) = (cx - w / 2, cx + w / 2, cy - h / 2, cy + h / 2)
        let round = min(max(r, 0), min(abs(w), abs(h)) / 2)
        // Eight corners whenever a roundness is asked for (even while the size clamps it to 0),
        // so a rectangle growing from nothing keeps one shape to interpolate.
        if r <= 0 {
            return closed(
                [(x1, y0, 0, 0, 0, 0), (x1, y1, 0, 0, 0, 0), (x0, y1, 0, 0, 0, 0), (x0, y0, 0, 0, 0, 0)], reversed: reversed)
        }
        let c = round * (1 - kappa)
        let k = round - c
        return closed(
            [
                (x1, y0 + round, 0, -k, 0, 0), (x1, y1 - round, 0, 0, 0, k),
                (x1 - round, y1, k, 0, 0, 0), (x0 + round, y1, 0, 0, -k, 0),
                (x0, y1 - round, 0, k, 0, 0), (x0, y0 + round, 0, 0, 0, -k),
                (x0 + round, y0, -k, 0, 0, 0), (x1 - round, y0, 0, 0, k, 0)
            ], reversed: reversed)
    }

    /// An ellipse (`el`): centre and size; from the top, clockwise.
    static func ellipse(_ p: [Double], _ s: [Double], reversed: Bool) -> [Double] {
        let (cx, cy) = (p.element(0), p.element(1))
        let (rx, ry) = (s.element(0) / 2, s.element(1) / 2)
        let (kx, ky) = (rx * kappa, ry * kappa)
        return closed(
            [
                (cx, cy - ry, -kx, 0, kx, 0), (cx + rx, cy, 0, -ky, 0, ky),
                (cx, cy + ry, kx, 0, -kx, 0), (cx - rx, cy, 0, ky, 0, -ky)
            ], reversed: reversed)
    }

    /// A star or polygon (`sr`): points, centre, rotation (degrees), outer and inner radius
    /// and roundness (percent); from the top, clockwise.
    static func star(
        isStar: Bool, points: Double, center p: [Double], rotation: Double, outer: Double, inner: Double,
        outerRound: Double, innerRound: Double, reversed: Bool
    ) -> [Double] {
        // Past 1000 points a star is a circle to any eye; more would only cost.
        let count = Int(min(max(points.rounded(.down), 0), 1000)) * (isStar ? 2 : 1)
        guard count > 0 else { return [] }
        let step = 2 * Double.pi / Double(count)
        let dir = reversed ? -1.0 : 1.0
        var angle = -Double.pi / 2 + rotation * Double.pi / 180
        var list: [(x: Double, y: Double, ix: Double, iy: Double, ox: Double, oy: Double)] = []
        for i in 0..<count {
            let long = !isStar || i % 2 == 0
            let radius = long ? outer : inner
            let round = (long ? outerRound : innerRound) / 100
            let segment = 2 * Double.pi * radius / Double(count * (isStar ? 2 : 4))
            let x = radius * cos(angle)
            let y = radius * sin(angle)
            let len = (x * x + y * y).squareRoot()
            let (ux, uy) = len == 0 ? (0, 0) : (y / len, -x / len)
            let t = segment * round * dir
            list.append((p.element(0) + x, p.element(1) + y, ux * t, uy * t, -ux * t, -uy * t))
            angle += step * dir
        }
        return [1, Double(list.count)] + list.flatMap { [$0.x, $0.y, $0.ix, $0.iy, $0.ox, $0.oy] }
    }
}

extension BezierShape {
    /// The shapes in `numbers` moved by the affine `m` (`[a, b, c, d, tx, ty]`): points whole,
    /// tangents by its linear part.
    static func transformed(_ numbers: [Double], by m: [Double]) -> [Double] {
        var out = numbers
        for (_, base, n) in shapes(numbers) {
            for j in 0..<n {
                let k = base + j * 6
                for (o, whole) in [(0, true), (2, false), (4, false)] {
                    let (x, y) = (out[k + o], out[k + o + 1])
                    out[k + o] = m[0] * x + m[2] * y + (whole ? m[4] : 0)
                    out[k + o + 1] = m[1] * x + m[3] * y + (whole ? m[5] : 0)
                }
            }
        }
        return out
    }
}
