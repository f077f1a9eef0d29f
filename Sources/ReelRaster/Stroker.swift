import ReelCore

#if canImport(Glibc)
    import Glibc
#endif

/// Turns a path and a `StrokeStyle` into the area its stroke covers, as Core Graphics strokes:
/// the path is flattened in its own space (no point further than `tolerance` device pixels
/// from the curve), cut into dashes and trimmed (`PathPieces`), then each piece becomes simple
/// polygons (a quadrilateral per segment, a wedge per corner by `lineJoin`, a cap at each open
/// end) whose union, under the non-zero rule, is the stroke. The union is returned as
/// non-overlapping trapezoids in device pixels, so the stroke is one coverage: where its own
/// parts overlap (a loop, a tight corner, caps meeting) nothing is blended twice.
public enum Stroker {
    /// How closely flattened curves, round joins and round caps follow the true outline, in device pixels.
    public static let tolerance = 0.02

    /// The stroke of `path` under `style`, in the pixels `transform` maps the path's space to.
    public static func outline(of path: Path, style: StrokeStyle, transform: Transform3D) -> [[Point]] {
        let local = localTolerance(transform)
        let pieces = PathPieces(path: path, tolerance: local).cut(style)
        return outline(of: pieces, style: style, transform: transform, tolerance: local)
    }

    /// The union of `pieces` stroked in their own space, in device pixels; with `visible`,
    /// only the pieces whose stroke can reach those pixels (a long dashed path mostly off
    /// screen strokes what shows).
    public static func outline(
        of pieces: [PathPieces.Piece], style: StrokeStyle, transform: Transform3D, tolerance: Double, visible: PixelRect? = nil
    ) -> [[Point]] {
        let halfWidth = style.lineWidth / 2
        guard halfWidth > 0, halfWidth.isFinite else { return [] }
        let h = Homography(transform)
        var pieces = pieces
        if let visible, h.isAffine {
            // How far a piece's stroke reaches past its points, in pixels: a miter at most.
            let reach = halfWidth * max(style.miterLimit, 1.5) * h.largestStretch + 2
            pieces = pieces.filter { piece in
                guard let box = Rect(bounding: piece.points.lazy.compactMap(h.apply)) else { return true }
                return box.maxX + reach >= Double(visible.x) && box.minX - reach <= Double(visible.maxX)
                    && box.maxY + reach >= Double(visible.y) && box.minY - reach <= Double(visible.maxY)
            }
        }
        // One union per run of up to `unionRun` consecutive pieces: a stroke of a few pieces
        // (every ordinary one) is one coverage exactly; thousands of dashes stay fast, each
        // dash still one coverage with its neighbours in its run.
        var result: [[Point]] = []
        for first in stride(from: 0, to: pieces.count, by: unionRun) {
            var polygons: [[Point]] = []
            for piece in pieces[first..<min(first + unionRun, pieces.count)] {
                Outline(halfWidth: halfWidth, style: style, tolerance: tolerance).add(piece, to: &polygons)
            }
            let device = polygons.compactMap { Path.project($0, through: h) }
            result += FillRule.nonZero.trapezoids(of: visible.map { Self.cut(device, to: $0) } ?? device)
        }
        return result
    }

    /// `polygons` cut to `visible` grown by two pixels: a polygon inside is kept as it is, one
    /// outside left out, one across the edge clipped (its winding is kept inside the cut). A
    /// wide stroke far larger than what shows (a round cap thousands of pixels across) then
    /// unites only the corners that show.
    static func cut(_ polygons: [[Point]], to visible: PixelRect) -> [[Point]] {
        let box = Rect(
            x: Double(visible.x) - 2, y: Double(visible.y) - 2, width: Double(visible.width) + 4,
            height: Double(visible.height) + 4)
        let corners = [
            Point(x: box.minX, y: box.minY), Point(x: box.maxX, y: box.minY), Point(x: box.maxX, y: box.maxY),
            Point(x: box.minX, y: box.maxY)
        ]
        return polygons.compactMap { polygon in
            guard let bounds = Rect(bounding: polygon) else { return nil }
            if bounds.minX >= box.minX, bounds.maxX <= box.maxX, bounds.minY >= box.minY, bounds.maxY <= box.maxY {
                return polygon
            }
            guard bounds.maxX > box.minX, bounds.minX < box.maxX, bounds.maxY > box.minY, bounds.minY < box.maxY else {
                return nil
            }
            let cut = Path.clip(polygon, toConvex: corners)
            return cut.isEmpty ? nil : cut
        }
    }

    /// Pieces (dashes, subpaths) united into one coverage at a time.
    static let unionRun = 64

    /// The flattening tolerance in the path's own units that keeps `tolerance` device pixels
    /// under `transform` (its largest stretch, taken from its plane part).
    public static func localTolerance(_ transform: Transform3D) -> Double {
        let stretch = Homography(transform).largestStretch
        guard stretch.isFinite, stretch > 1e-12 else { return tolerance }
        return tolerance / stretch
    }

    /// The polygons one piece's stroke is made of, in the path's space, each wound the same way.
    struct Outline {
        let halfWidth: Double
        let style: StrokeStyle
        let tolerance: Double

        func add(_ piece: PathPieces.Piece, to polygons: inout [[Point]]) {
            var points: [Point] = []
            var smooth: [Bool] = []
            for (p, s) in zip(piece.points, piece.isSmooth) where points.last.map({ ($0 - p).length > 1e-12 }) ?? true {
                points.append(p)
                smooth.append(s)
            }
            if piece.isClosed, points.count > 1, (points[0] - points[points.count - 1]).length > 1e-12 {
                points.append(points[0])
                smooth.append(false)
            }
            guard points.count > 1 else {
                // A piece of no length (a dash of length 0): a dot for round and square caps.
                if !piece.isClosed, let p = points.first {
                    addCap(at: p, direction: piece.direction, end: false, dot: true, &polygons)
                }
                return
            }
            let directions = (0..<(points.count - 1)).map { unit(points[$0 + 1] - points[$0]) }
            // Runs of segments bending smoothly (inside one flattened curve) become one outline
            // each; the segments of the rest become quadrilaterals with a join at every corner.
            var i = 0
            while i < directions.count {
                var end = i
                while end + 1 < directions.count, smooth[end + 1], gentle(points, directions, at: end + 1) { end += 1 }
                if end > i {
                    addRun(points, directions, from: i, through: end, &polygons)
                } else {
                    let n = normal(directions[i])
                    let (a, b) = (points[i], points[i + 1])
                    append([a + n, b + n, b - n, a - n], &polygons)
                }
                if end + 1 < directions.count {
                    join(at: points[end + 1], from: directions[end], to: directions[end + 1], smooth: smooth[end + 1], &polygons)
                }
                i = end + 1
            }
            if piece.isClosed, directions.count > 1 {
                join(at: points[0], from: directions[directions.count - 1], to: directions[0], smooth: smooth[0], &polygons)
            } else if !piece.isClosed {
                addCap(at: points[0], direction: directions[0], end: false, dot: false, &polygons)
                addCap(
                    at: points[points.count - 1], direction: directions[directions.count - 1], end: true, dot: false, &polygons)
            }
        }

        /// Whether the bend at vertex `k` is gentle enough for a run's outline: under 30
        /// degrees, and the neighbouring segments long enough for the bend's radius to exceed
        /// the half width (so the inner side does not fold over itself).
        private func gentle(_ points: [Point], _ directions: [Point], at k: Int) -> Bool {
            let (a, b) = (directions[k - 1], directions[k])
            let cos = a.x * b.x + a.y * b.y
            guard cos > 0.866 else { return false }
            let turn = acos(min(cos, 1))
            let shorter = min((points[k] - points[k - 1]).length, (points[k + 1] - points[k]).length)
            return turn * halfWidth < shorter
        }

        /// One outline for segments `first ... last` bending gently: both sides offset by the
        /// half width, at each inner vertex along the bisector (the miter point, within
        /// halfWidth x turn^2 / 8 of the round join there), so it is one simple polygon.
        private func addRun(
            _ points: [Point], _ directions: [Point], from first: Int, through last: Int, _ polygons: inout [[Point]]
        ) {
            var left: [Point] = [points[first] + normal(directions[first])]
            var right: [Point] = [points[first] - normal(directions[first])]
            for k in (first + 1)...last {
                let bisector = unit(directions[k - 1] + directions[k])
                let half = (directions[k - 1].x * bisector.x + directions[k - 1].y * bisector.y)
                let offset = normal(bisector) * (1 / max(half, 0.5))
                left.append(points[k] + offset)
                right.append(points[k] - offset)
            }
            left.append(points[last + 1] + normal(directions[last]))
            right.append(points[last + 1] - normal(directions[last]))
            append(left + right.reversed(), &polygons)
        }

        /// The wedge that fills the outside of a corner at `p` turning from `dIn` to `dOut`
        /// (inside a flattened curve always round: a smooth bend has no corner to cut).
        private func join(at p: Point, from dIn: Point, to dOut: Point, smooth: Bool, _ polygons: inout [[Point]]) {
            let cross = dIn.x * dOut.y - dIn.y * dOut.x
            let dot = dIn.x * dOut.x + dIn.y * dOut.y
            guard cross != 0 || dot < 0 else { return }
            // The outside of the turn is opposite the side the path turns to.
            let side = cross > 0 ? -1.0 : 1.0
            let oIn = normal(dIn) * side
            let oOut = normal(dOut) * side
            let turn = atan2(abs(cross), dot)
            switch smooth ? LineJoin.round : style.lineJoin {
            case .bevel:
                append([p, p + oIn, p + oOut], &polygons)
            case .miter:
                // Miter length over line width is 1 / sin(half the angle between the segments).
                let half = (Double.pi - turn) / 2
                if sin(half) > 0, 1 / sin(half) <= style.miterLimit {
                    let tip = p + unit(oIn + oOut) * (halfWidth / cos(turn / 2))
                    append([p, p + oIn, tip, p + oOut], &polygons)
                } else {
                    append([p, p + oIn, p + oOut], &polygons)
                }
            case .round:
                let from = atan2(oIn.y, oIn.x)
                // Turning with the path; a U-turn (no cross product) rounds the end ahead of it.
                let sweep = cross > 0 ? turn : -turn
                let n = arcSegments(turn)
                var wedge = [p]
                for k in 0...n { wedge.append(p + polar(from + sweep * Double(k) / Double(n))) }
                append(wedge, &polygons)
            }
        }

        /// The cap at an open end at `p` facing `direction` (forward at the `end`, backward at
        /// the start); `dot` for a piece of no length, where caps make the whole mark.
        private func addCap(at p: Point, direction: Point, end: Bool, dot: Bool, _ polygons: inout [[Point]]) {
            switch style.lineCap {
            case .butt:
                return
            case .round:
                let n = arcSegments(2 * Double.pi)
                append((0..<n).map { p + polar(2 * Double.pi * Double($0) / Double(n)) }, &polygons)
            case .square:
                let d = direction * halfWidth
                let n = normal(direction)
                if dot {
                    append([p - d + n, p + d + n, p + d - n, p - d - n], &polygons)
                } else {
                    let out = end ? d : d * -1
                    append([p + n, p + n + out, p - n + out, p - n], &polygons)
                }
            }
        }

        private func normal(_ d: Point) -> Point { Point(x: -d.y * halfWidth, y: d.x * halfWidth) }

        private func polar(_ angle: Double) -> Point { Point(x: cos(angle) * halfWidth, y: sin(angle) * halfWidth) }

        /// Segments for an arc of `angle` radians at the half width, within the tolerance.
        private func arcSegments(_ angle: Double) -> Int {
            let step = 2 * acos(max(-1, min(1, 1 - tolerance / halfWidth)))
            guard step > 0 else { return 64 }
            return max(2, min(1024, Int((angle / step).rounded(.up))))
        }

        /// Adds `polygon` wound positively (the sign the non-zero union counts).
        private func append(_ polygon: [Point], _ polygons: inout [[Point]]) {
            var area = 0.0
            var previous = polygon[polygon.count - 1]
            for p in polygon {
                area += previous.x * p.y - p.x * previous.y
                previous = p
            }
            guard area != 0 else { return }
            polygons.append(area > 0 ? polygon : polygon.reversed())
        }
    }
}

/// The unit vector along `v` (zero stays zero).
func unit(_ v: Point) -> Point {
    let l = v.length
    return l > 0 ? v * (1 / l) : v
}
