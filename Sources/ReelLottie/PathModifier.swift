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
}
