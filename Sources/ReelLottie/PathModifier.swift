/// Lottie's path modifiers, applied to the outlines listed before them in their group (and in
/// the groups before them), in list order, each outline in its own coordinates, as lottie-web
/// and Skottie apply them. Each works on `BezierShape` numbers, so an animated outline or an
/// animated amount is modified at every frame it is sampled at.
enum PathModifier {
    /// Round corners (`rd`), lottie-web's rule: every sharp vertex (both tangents zero) of a
    /// closed outline, or an inner vertex of an open one, becomes two vertices on its edges,
    /// `min(radius, half the edge)` from it, joined by a cubic whose handles reach
    /// `1 - kappa` of the way back to the corner (a quarter circle on a right angle).
    /// A radius of 0 gives the same outline with each corner doubled, so an outline whose
    /// radius animates from 0 keeps one vertex count to interpolate.
    static func roundCorners(_ numbers: [Double], radius: Double) -> [Double] {
        let radius = max(radius, 0)
        var out: [Double] = []
        out.reserveCapacity(numbers.count * 2)
        let handle = BezierShape.kappa
        for (closed, base, n) in BezierShape.shapes(numbers) {
            func point(_ j: Int) -> (x: Double, y: Double) { (numbers[base + j * 6], numbers[base + j * 6 + 1]) }
            var vertices: [Double] = []
            var count = 0
            for j in 0..<n {
                let k = base + j * 6
                let (x, y) = point(j)
                let sharp = numbers[k + 2] == 0 && numbers[k + 3] == 0 && numbers[k + 4] == 0 && numbers[k + 5] == 0
                guard sharp, closed || (j > 0 && j < n - 1) else {
                    vertices += numbers[k..<(k + 6)]
                    count += 1
                    continue
                }
                // Toward the vertex before (the corner's incoming edge), then the one after.
                for (neighbour, incoming) in [((j + n - 1) % n, true), ((j + 1) % n, false)] {
                    let (nx, ny) = point(neighbour)
                    let distance = ((nx - x) * (nx - x) + (ny - y) * (ny - y)).squareRoot()
                    let share = distance > 0 ? min(distance / 2, radius) / distance : 0
                    let (vx, vy) = (x + (nx - x) * share, y + (ny - y) * share)
                    // The handle toward the corner, relative to the new vertex.
                    let (hx, hy) = ((x - vx) * handle, (y - vy) * handle)
                    vertices += incoming ? [vx, vy, 0, 0, hx, hy] : [vx, vy, hx, hy, 0, 0]
                    count += 1
                }
            }
            out += [closed ? 1 : 0, Double(count)] + vertices
        }
        return out
    }

    /// Pucker & bloat (`pb`), lottie-web's rule: with p = amount / 100 and C the mean of an
    /// outline's vertices, each vertex moves toward C by p of the way and each tangent point
    /// (vertex + tangent) away from it by p: a positive amount bloats the edges outward, a
    /// negative one puckers them in.
    static func puckerBloat(_ numbers: [Double], amount: Double) -> [Double] {
        let p = amount / 100
        guard p != 0 else { return numbers }
        var out = numbers
        for (_, base, n) in BezierShape.shapes(numbers) where n > 0 {
            var (cx, cy) = (0.0, 0.0)
            for j in 0..<n { (cx, cy) = (cx + numbers[base + j * 6], cy + numbers[base + j * 6 + 1]) }
            (cx, cy) = (cx / Double(n), cy / Double(n))
            for j in 0..<n {
                let k = base + j * 6
                let (x, y) = (numbers[k], numbers[k + 1])
                let (vx, vy) = (x + (cx - x) * p, y + (cy - y) * p)
                out[k] = vx
                out[k + 1] = vy
                // Tangent points in absolute terms, pushed away from C, then relative again.
                for t in [2, 4] {
                    let (ax, ay) = (x + numbers[k + t], y + numbers[k + t + 1])
                    out[k + t] = ax - (cx - ax) * p - vx
                    out[k + t + 1] = ay - (cy - ay) * p - vy
                }
            }
        }
        return out
    }

    /// Zig zag (`zz`), lottie-web's rule: `ridges` points (rounded, at least 0) at even steps
    /// of each segment's parameter between its vertices, and every vertex, each moved `size`
    /// along the path's left-hand normal on screen with the side alternating from point to
    /// point (the first to the right of a clockwise outline's travel, i.e. inward); corner
    /// points (`smooth` false) join by straight lines, smooth ones by tangents along the path a
    /// quarter of the step long each way. A straight segment is read as the cubic with its
    /// handles a third of the way along.
    static func zigZag(_ numbers: [Double], ridges: Double, size: Double, smooth: Bool) -> [Double] {
        let r = max(0, Int(ridges.rounded()))
        guard size != 0 else { return numbers }
        var out: [Double] = []
        for (closed, base, n) in BezierShape.shapes(numbers) {
            let segments = closed ? n : n - 1
            guard segments > 0 else { continue }
            func vertex(_ j: Int) -> (x: Double, y: Double) {
                let k = base + ((j % n) + n) % n * 6
                return (numbers[k], numbers[k + 1])
            }
            var points: [Double] = []
            var count = 0
            var side = -1.0
            func emit(_ px: Double, _ py: Double, _ dx: Double, _ dy: Double, handleIn: Double, handleOut: Double) {
                let length = (dx * dx + dy * dy).squareRoot()
                let (ux, uy) = length > 0 ? (dx / length, dy / length) : (0, 0)
                let (vx, vy) = (px + side * size * uy, py - side * size * ux)
                points += smooth ? [vx, vy, -ux * handleIn, -uy * handleIn, ux * handleOut, uy * handleOut] : [vx, vy, 0, 0, 0, 0]
                count += 1
                side = -side
            }
            func distance(_ a: (x: Double, y: Double), _ b: (x: Double, y: Double)) -> Double {
                ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
            }
            func corner(_ j: Int) {
                let (before, here, after) = (vertex(j - 1), vertex(j), vertex(j + 1))
                emit(
                    here.x, here.y, after.x - before.x, after.y - before.y,
                    handleIn: distance(before, here) / Double(2 * (r + 1)), handleOut: distance(after, here) / Double(2 * (r + 1))
                )
            }
            corner(0)
            for k in 0..<segments {
                let (a, b) = (vertex(k), vertex(k + 1))
                let ka = base + k * 6
                let kb = base + ((k + 1) % n) * 6
                // The segment's cubic; a zero handle is taken a third of the way along.
                var (c1x, c1y) = (a.x + numbers[ka + 4], a.y + numbers[ka + 5])
                var (c2x, c2y) = (b.x + numbers[kb + 2], b.y + numbers[kb + 3])
                if numbers[ka + 4] == 0 && numbers[ka + 5] == 0 { (c1x, c1y) = (a.x + (b.x - a.x) / 3, a.y + (b.y - a.y) / 3) }
                if numbers[kb + 2] == 0 && numbers[kb + 3] == 0 {
                    (c2x, c2y) = (a.x + (b.x - a.x) * 2 / 3, a.y + (b.y - a.y) * 2 / 3)
                }
                let handle = distance(a, b) / Double(2 * (r + 1))
                for j in stride(from: 1, through: r, by: 1) {
                    let t = Double(j) / Double(r + 1)
                    let u = 1 - t
                    let px = u * u * u * a.x + 3 * u * u * t * c1x + 3 * u * t * t * c2x + t * t * t * b.x
                    let py = u * u * u * a.y + 3 * u * u * t * c1y + 3 * u * t * t * c2y + t * t * t * b.y
                    let dx = 3 * u * u * (c1x - a.x) + 6 * u * t * (c2x - c1x) + 3 * t * t * (b.x - c2x)
                    let dy = 3 * u * u * (c1y - a.y) + 6 * u * t * (c2y - c1y) + 3 * t * t * (b.y - c2y)
                    emit(px, py, dx, dy, handleIn: handle, handleOut: handle)
                }
                corner(k + 1)
            }
            out += [closed ? 1 : 0, Double(count)] + points
        }
        return out
    }

    /// A cubic piece of an outline, absolute: start, two controls, end.
    private typealias Piece = (p0: Point2, c1: Point2, c2: Point2, p3: Point2)
    private typealias Point2 = (x: Double, y: Double)

    /// How an offset outline's pieces meet where the offset opens a gap (`lj`).
    enum Join: Int {
        case miter = 1
        case round = 2
        case bevel = 3
    }

    /// Offset path (`op`), as ThorVG and lottie-web draw a closed outline: each segment moved
    /// `amount` along its normal (a positive amount grows the outline whichever way it runs,
    /// a negative one shrinks it), straight segments as lines and curved ones in four pieces
    /// each offset by shifting their control polygon's legs; where the offsets open a gap at a
    /// vertex the join closes it (miter while 1 / cos(half the turn) is at most `miterLimit`,
    /// else bevel; round: a cubic through the corner's miter point's halves); where they
    /// overlap they meet at the crossing of their tangents. An open outline is moved to one
    /// side. Every vertex gives the same number of pieces whatever the amount, so an
    /// animated amount interpolates.
    static func offset(_ numbers: [Double], amount: Double, join: Join, miterLimit: Double) -> [Double] {
        guard amount != 0 else { return numbers }
        var out: [Double] = []
        for (closed, base, n) in BezierShape.shapes(numbers) where n > 1 {
            func vertex(_ j: Int) -> (p: Point2, i: Point2, o: Point2) {
                let k = base + (j % n) * 6
                let p = (x: numbers[k], y: numbers[k + 1])
                return (p, (p.x + numbers[k + 2], p.y + numbers[k + 3]), (p.x + numbers[k + 4], p.y + numbers[k + 5]))
            }
            let segments = (0..<(closed ? n : n - 1)).map { j -> Piece in
                let (a, b) = (vertex(j), vertex(j + 1))
                return (a.p, a.o, b.i, b.p)
            }
            // Screen winding (y down): positive area runs clockwise; its outward normal is (dy, -dx).
            var area = 0.0
            for s in segments {
                for (u, v) in [(s.p0, s.c1), (s.c1, s.c2), (s.c2, s.p3)] { area += u.x * v.y - v.x * u.y }
            }
            let d = area >= 0 ? amount : -amount
            // Each segment's offset pieces.
            let moved = segments.map { s -> [Piece] in
                let straight = same(s.c1, s.p0) && same(s.c2, s.p3)
                return (straight ? [s] : split(s, into: 4)).map { offsetPiece($0, by: d) }
            }
            var pieces: [Piece] = []
            for (j, segment) in moved.enumerated() {
                pieces += segment
                guard closed || j + 1 < moved.count else { break }
                let next = moved[(j + 1) % moved.count][0]
                pieces += joinPieces(from: segment.last!, to: next, join: join, miterLimit: miterLimit)
            }
            // Pieces to vertices: each piece's start, its out handle, the previous piece's in handle.
            var vertices: [Double] = []
            for (j, piece) in pieces.enumerated() {
                let before = j > 0 ? pieces[j - 1] : (closed ? pieces[pieces.count - 1] : piece)
                let handleIn = j > 0 || closed ? (before.c2.x - piece.p0.x, before.c2.y - piece.p0.y) : (0, 0)
                vertices += [piece.p0.x, piece.p0.y, handleIn.0, handleIn.1, piece.c1.x - piece.p0.x, piece.c1.y - piece.p0.y]
            }
            if !closed, let last = pieces.last {
                vertices += [last.p3.x, last.p3.y, last.c2.x - last.p3.x, last.c2.y - last.p3.y, 0, 0]
            }
            out += [closed ? 1 : 0, Double(vertices.count / 6)] + vertices
        }
        return out
    }

    private static func same(_ a: Point2, _ b: Point2) -> Bool { abs(a.x - b.x) < 1e-9 && abs(a.y - b.y) < 1e-9 }

    /// A cubic cut at even steps of its parameter (de Casteljau).
    private static func split(_ s: Piece, into count: Int) -> [Piece] {
        func lerp(_ a: Point2, _ b: Point2, _ t: Double) -> Point2 { (a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t) }
        var pieces: [Piece] = []
        var rest = s
        for i in 0..<(count - 1) {
            let t = 1 / Double(count - i)
            let (ab, bc, cd) = (lerp(rest.p0, rest.c1, t), lerp(rest.c1, rest.c2, t), lerp(rest.c2, rest.p3, t))
            let (abc, bcd) = (lerp(ab, bc, t), lerp(bc, cd, t))
            let mid = lerp(abc, bcd, t)
            pieces.append((rest.p0, ab, abc, mid))
            rest = (mid, bcd, cd, rest.p3)
        }
        return pieces + [rest]
    }

    /// The unit normal (dy, -dx) of the way from `a` to `b`; nil when they coincide.
    private static func normal(_ a: Point2, _ b: Point2) -> Point2? {
        let (dx, dy) = (b.x - a.x, b.y - a.y)
        let length = (dx * dx + dy * dy).squareRoot()
        return length < 1e-12 ? nil : (dy / length, -dx / length)
    }

    /// Where the line through `a` along `u` crosses the line through `b` along `v`: the
    /// parameter along `u`; nil when they are parallel.
    private static func crossing(_ a: Point2, _ u: Point2, _ b: Point2, _ v: Point2) -> Double? {
        let det = u.x * v.y - u.y * v.x
        guard abs(det) > 1e-12 else { return nil }
        return ((b.x - a.x) * v.y - (b.y - a.y) * v.x) / det
    }

    /// A cubic piece moved `d` along its normals: each leg of the control polygon shifted, the
    /// inner controls where neighbouring shifted legs cross.
    private static func offsetPiece(_ s: Piece, by d: Double) -> Piece {
        let points = [s.p0, s.c1, s.c2, s.p3]
        // Each leg's normal; a leg of no length borrows its neighbour's.
        var normals = (0..<3).map { normal(points[$0], points[$0 + 1]) }
        guard let any = normals.compactMap({ $0 }).first else { return s }
        for i in 0..<3 where normals[i] == nil {
            normals[i] = (i > 0 ? normals[i - 1] : nil) ?? normals[(i + 1)...].compactMap { $0 }.first ?? any
        }
        let n = normals.map { $0! }
        func shifted(_ p: Point2, _ m: Point2) -> Point2 { (p.x + m.x * d, p.y + m.y * d) }
        func inner(_ i: Int) -> Point2 {
            // Control i lies on legs i-1 and i; their shifted lines cross there, or it moves with leg i-1.
            let a = shifted(points[i], n[i - 1])
            let u = (points[i].x - points[i - 1].x, points[i].y - points[i - 1].y)
            let v = (points[i + 1].x - points[i].x, points[i + 1].y - points[i].y)
            let b = shifted(points[i], n[i])
            guard let t = crossing(a, u, b, v), abs(t) < 1e6 else { return a }
            return (a.x + u.0 * t, a.y + u.1 * t)
        }
        return (shifted(s.p0, n[0]), inner(1), inner(2), shifted(s.p3, n[2]))
    }

    /// Two pieces from the end of one offset segment to the start of the next: where they
    /// open a gap, the join; where they overlap, to the crossing of their tangents and on.
    private static func joinPieces(from a: Piece, to b: Piece, join: Join, miterLimit: Double) -> [Piece] {
        func line(_ p: Point2, _ q: Point2) -> Piece { (p, p, q, q) }
        let (e, s) = (a.p3, b.p0)
        // Straight from the end to `corner`, then on to the start: every join is two pieces
        // (a bevel goes by the middle), so an animated amount keeps the count.
        func through(_ corner: Point2) -> [Piece] { [line(e, corner), line(corner, s)] }
        let bevel = through(((e.x + s.x) / 2, (e.y + s.y) / 2))
        guard !same(e, s) else { return [line(e, e), line(e, e)] }
        // Tangents: the end of the first piece, the start of the second.
        let u = same(a.c2, a.p3) ? (a.p3.x - a.p0.x, a.p3.y - a.p0.y) : (a.p3.x - a.c2.x, a.p3.y - a.c2.y)
        let v = same(b.c1, b.p0) ? (b.p3.x - b.p0.x, b.p3.y - b.p0.y) : (b.c1.x - b.p0.x, b.c1.y - b.p0.y)
        guard let t = crossing(e, u, s, v) else { return bevel }
        let miter = (e.x + u.0 * t, e.y + u.1 * t)
        // The tangents meet behind the first piece's end: the pieces overlap there.
        guard t > 0 else { return through(miter) }
        switch join {
        case .miter:
            // 1 / cos(half the angle between the normals), the usual miter ratio.
            let (lu, lv) = ((u.0 * u.0 + u.1 * u.1).squareRoot(), (v.0 * v.0 + v.1 * v.1).squareRoot())
            let cosine = (u.0 * v.0 + u.1 * v.1) / (lu * lv)
            let halfCos = ((1 + cosine) / 2).squareRoot()
            return miterLimit * halfCos >= 1 ? through(miter) : bevel
        case .round:
            let c1 = ((e.x + miter.0) / 2, (e.y + miter.1) / 2)
            let c2 = ((s.x + miter.0) / 2, (s.y + miter.1) / 2)
            return [(e, c1, c2, s), line(s, s)]
        case .bevel:
            return bevel
        }
    }
}
