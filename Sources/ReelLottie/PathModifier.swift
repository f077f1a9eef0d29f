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
}
