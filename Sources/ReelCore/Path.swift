#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A vector outline of move/line/quad/cubic/close elements (CGPath), and the rule that says
/// what it encloses where its parts overlap (non-zero unless it says otherwise).
public struct Path: Hashable, Sendable {
    public enum Element: Hashable, Sendable {
        case move(Point)
        case line(Point)
        case quad(Point, Point)
        case cubic(Point, Point, Point)
        case close
    }

    public private(set) var elements: [Element] = []
    /// What the outline encloses where its parts overlap or cross. Default `nonZero`.
    public var fillRule: FillRule = .nonZero

    public init() {}

    public init(elements: [Element], fillRule: FillRule = .nonZero) {
        self.elements = elements
        self.fillRule = fillRule
    }

    public mutating func move(to p: Point) { elements.append(.move(p)) }
    public mutating func line(to p: Point) { elements.append(.line(p)) }
    public mutating func quad(to p: Point, control c: Point) { elements.append(.quad(c, p)) }
    public mutating func cubic(to p: Point, control1 c1: Point, control2 c2: Point) { elements.append(.cubic(c1, c2, p)) }
    public mutating func close() { elements.append(.close) }

    /// A circular arc (UIKit's `addArc(withCenter:radius:startAngle:endAngle:clockwise:)`, angles
    /// in radians from +x, clockwise meaning clockwise on a y-down screen) as cubic pieces of at
    /// most 90 degrees. The sweep is endAngle - startAngle raised by whole turns until it is
    /// not negative and at most one turn (the mirror counter-clockwise). A line joins the
    /// current point to the arc's start; with none (at the start or after `close`) the arc
    /// starts its own subpath.
    public mutating func arc(center c: Point, radius r: Double, startAngle a0: Double, endAngle a1: Double, clockwise: Bool) {
        let turn = 2 * Double.pi
        var sweep = clockwise ? a1 - a0 : a0 - a1
        if sweep < 0 { sweep += (-sweep / turn).rounded(.up) * turn }
        sweep = min(sweep, turn)
        let direction = clockwise ? 1.0 : -1.0
        func point(_ a: Double) -> Point { Point(x: c.x + r * cos(a), y: c.y + r * sin(a)) }
        let start = point(a0)
        if let last = elements.last, last != .close { line(to: start) } else { move(to: start) }
        let pieces = max(1, Int((sweep / (Double.pi / 2) - 1e-9).rounded(.up)))
        let step = direction * sweep / Double(pieces)
        // Control points along the tangents at 4/3 tan(step / 4) of the radius.
        let k = 4 / 3 * tan(step / 4) * r
        var a = a0
        for _ in 0..<pieces {
            let b = a + step
            let (p0, p1) = (point(a), point(b))
            cubic(
                to: p1, control1: Point(x: p0.x - k * sin(a), y: p0.y + k * cos(a)),
                control2: Point(x: p1.x + k * sin(b), y: p1.y - k * cos(b)))
            a = b
        }
    }

    /// A rectangle, clockwise on a y-down screen.
    public init(rect r: Rect) {
        self.init(roundedRect: r, cornerRadius: 0)
    }

    /// A rectangle with circular corners; the radius is clamped by `Rect.clampedCornerRadius`.
    public init(roundedRect r: Rect, cornerRadius: Double) {
        let (x0, y0, x1, y1) = (r.minX, r.minY, r.maxX, r.maxY)
        let rad = r.clampedCornerRadius(cornerRadius)
        if rad == 0 {
            elements = [
                .move(Point(x: x0, y: y0)), .line(Point(x: x1, y: y0)), .line(Point(x: x1, y: y1)),
                .line(Point(x: x0, y: y1)), .close
            ]
            return
        }
        // A quarter circle as one cubic: control points at kappa * radius along the tangents.
        let k = rad * Path.kappa
        move(to: Point(x: x0 + rad, y: y0))
        line(to: Point(x: x1 - rad, y: y0))
        cubic(to: Point(x: x1, y: y0 + rad), control1: Point(x: x1 - rad + k, y: y0), control2: Point(x: x1, y: y0 + rad - k))
        line(to: Point(x: x1, y: y1 - rad))
        cubic(to: Point(x: x1 - rad, y: y1), control1: Point(x: x1, y: y1 - rad + k), control2: Point(x: x1 - rad + k, y: y1))
        line(to: Point(x: x0 + rad, y: y1))
        cubic(to: Point(x: x0, y: y1 - rad), control1: Point(x: x0 + rad - k, y: y1), control2: Point(x: x0, y: y1 - rad + k))
        line(to: Point(x: x0, y: y0 + rad))
        cubic(to: Point(x: x0 + rad, y: y0), control1: Point(x: x0, y: y0 + rad - k), control2: Point(x: x0 + rad - k, y: y0))
        close()
    }

    /// The ellipse inscribed in `r`.
    public init(ellipseIn r: Rect) {
        let (cx, cy) = ((r.minX + r.maxX) / 2, (r.minY + r.maxY) / 2)
        let (rx, ry) = (r.width / 2, r.height / 2)
        let (kx, ky) = (rx * Path.kappa, ry * Path.kappa)
        move(to: Point(x: cx + rx, y: cy))
        cubic(to: Point(x: cx, y: cy + ry), control1: Point(x: cx + rx, y: cy + ky), control2: Point(x: cx + kx, y: cy + ry))
        cubic(to: Point(x: cx - rx, y: cy), control1: Point(x: cx - kx, y: cy + ry), control2: Point(x: cx - rx, y: cy + ky))
        cubic(to: Point(x: cx, y: cy - ry), control1: Point(x: cx - rx, y: cy - ky), control2: Point(x: cx - kx, y: cy - ry))
        cubic(to: Point(x: cx + rx, y: cy), control1: Point(x: cx + kx, y: cy - ry), control2: Point(x: cx + rx, y: cy - ky))
        close()
    }

    /// Control-point distance that makes a cubic the closest fit to a quarter circle.
    public static let kappa = 0.5522847498307936

    /// The outline as closed polygons in the space `transform` maps to, curves flattened so that
    /// no point strays more than `tolerance` (in that space) from the curve. With perspective,
    /// the parts behind the eye (w <= 0) are clipped away before the divide.
    public func polygons(transform: Transform3D, tolerance: Double = 0.02) -> [[Point]] {
        let h = Homography(transform)
        return localPolygons { points in
            // Segment count from Wang's formula on the mapped control points (local ones behind the eye).
            Path.segments(points.map { h.apply($0) ?? $0 }, tolerance: tolerance)
        }.compactMap { Path.project($0, through: h) }
    }

    /// A polygon mapped through `h`, with the part behind the eye cut away; nil when fewer
    /// than three corners remain.
    public static func project(_ polygon: [Point], through h: Homography) -> [Point]? {
        let projected = h.isAffine ? polygon.compactMap(h.apply) : Path.clipBehindEye(polygon, h)
        return projected.count > 2 ? projected : nil
    }

    /// The area the path encloses under its fill rule, in the space `transform` maps to, as
    /// trapezoids whose summed signed area is exact (see `FillRule.trapezoids(of:)`): for
    /// outlines a user wrote, whose parts may overlap. Reel's own shapes (rounded rects,
    /// rings) never overlap and fill from `polygons(transform:)` directly.
    public func area(transform: Transform3D) -> [[Point]] {
        // Parts more than a pixel apart cannot overlap: each cluster of parts is swept on its
        // own (the sweep costs more than its size: a line of glyphs is many small sweeps), and
        // a part alone that never crosses itself fills as it is (an ellipse, a rounded rect, a
        // blob: most of a Lottie file's shapes).
        let polygons = polygons(transform: transform)
        return Path.clusters(polygons).flatMap { cluster in
            cluster.count == 1 && (Path.isConvex(cluster[0]) || fillRule == .nonZero && FillRule.isSimple(cluster[0]))
                ? cluster : fillRule.trapezoids(of: cluster)
        }
    }

    /// The polygons in clusters whose bounding boxes, grown by a pixel, overlap one another
    /// (parts wound opposite ways must not share a pixel's coverage unless swept together).
    static func clusters(_ polygons: [[Point]]) -> [[[Point]]] {
        guard polygons.count > 1 else { return polygons.isEmpty ? [] : [polygons] }
        let boxes = polygons.map { Rect(bounding: $0) }
        guard !boxes.contains(where: { $0 == nil }) else { return [polygons] }
        let box = boxes.map { $0! }
        var parent = Array(polygons.indices)
        func root(_ i: Int) -> Int {
            var i = i
            while parent[i] != i {
                parent[i] = parent[parent[i]]
                i = parent[i]
            }
            return i
        }
        let order = polygons.indices.sorted { box[$0].minX < box[$1].minX }
        for (k, i) in order.enumerated() {
            for j in order[(k + 1)...] {
                guard box[j].minX < box[i].maxX + 1 else { break }
                if box[i].minY < box[j].maxY + 1, box[j].minY < box[i].maxY + 1 { parent[root(j)] = root(i) }
            }
        }
        var groups: [Int: [[Point]]] = [:]
        var firsts: [Int] = []
        for i in polygons.indices {
            let r = root(i)
            if groups[r] == nil { firsts.append(r) }
            groups[r, default: []].append(polygons[i])
        }
        return firsts.map { groups[$0]! }
    }

    /// Whether a closed polygon is convex and goes round once: every turn the same way, and
    /// its x and y each rise and fall once.
    static func isConvex(_ polygon: [Point]) -> Bool {
        let n = polygon.count
        guard n >= 3 else { return false }
        var turn = 0.0
        var xChanges = 0
        var yChanges = 0
        var lastDX = 0.0
        var lastDY = 0.0
        for i in 0..<(n + 1) {
            let a = polygon[i % n]
            let b = polygon[(i + 1) % n]
            let c = polygon[(i + 2) % n]
            let (dx, dy) = (b.x - a.x, b.y - a.y)
            let cross = dx * (c.y - b.y) - dy * (c.x - b.x)
            if cross != 0 {
                if turn != 0, (cross > 0) != (turn > 0) { return false }
                turn = cross
            }
            if dx != 0 {
                if lastDX != 0, (dx > 0) != (lastDX > 0) { xChanges += 1 }
                lastDX = dx
            }
            if dy != 0 {
                if lastDY != 0, (dy > 0) != (lastDY > 0) { yChanges += 1 }
                lastDY = dy
            }
        }
        return turn != 0 && xChanges <= 2 && yChanges <= 2
    }

    /// One piece of a flattened outline: its points in order, whether it was closed, and
    /// which of its points lie inside a curve (where a stroke bends smoothly, with no corner).
    public struct Polyline: Hashable, Sendable {
        public var points: [Point]
        public var isClosed: Bool
        /// For each point, whether it was made by flattening a curve (not a curve's end).
        public var isSmooth: [Bool]
    }

    /// The outline flattened in its own space, each curve cut into `segments(controlPoints)`
    /// lines: every subpath, closed or open, however short.
    public func polylines(segments: ([Point]) -> Int) -> [Polyline] {
        var result: [Polyline] = []
        var current = Polyline(points: [], isClosed: false, isSmooth: [])
        var start = Point.zero
        var last = Point.zero
        func finish(closed: Bool) {
            if !current.points.isEmpty {
                current.isClosed = closed
                result.append(current)
            }
            current = Polyline(points: [], isClosed: false, isSmooth: [])
        }
        func add(_ p: Point, smooth: Bool) {
            if current.points.isEmpty {
                current.points = [last]
                current.isSmooth = [false]
            }
            current.points.append(p)
            current.isSmooth.append(smooth)
        }
        for element in elements {
            switch element {
            case .move(let p):
                finish(closed: false)
                start = p
                last = p
                current.points = [p]
                current.isSmooth = [false]
            case .line(let p):
                add(p, smooth: false)
                last = p
            case .quad(let c, let p):
                let (p0, p1, p2) = (last, c, p)
                let n = segments([p0, p1, p2])
                for i in 1...n {
                    let t = Double(i) / Double(n)
                    let u = 1 - t
                    add(p0 * (u * u) + p1 * (2 * u * t) + p2 * (t * t), smooth: i < n)
                }
                last = p
            case .cubic(let c1, let c2, let p):
                let (p0, p1, p2, p3) = (last, c1, c2, p)
                let n = segments([p0, p1, p2, p3])
                for i in 1...n {
                    let t = Double(i) / Double(n)
                    let u = 1 - t
                    add(p0 * (u * u * u) + p1 * (3 * u * u * t) + p2 * (3 * u * t * t) + p3 * (t * t * t), smooth: i < n)
                }
                last = p
            case .close:
                finish(closed: true)
                last = start
            }
        }
        finish(closed: false)
        return result
    }

    /// The outline flattened in its own space as closed polygons (subpaths of three points or more).
    private func localPolygons(segments: ([Point]) -> Int) -> [[Point]] {
        polylines(segments: segments).map(\.points).filter { $0.count > 2 }
    }

    /// Segments for a curve through `controlPoints` so that, flattened in its own space, no
    /// point strays more than `tolerance` from it (Wang's formula).
    public static func segments(_ controlPoints: [Point], tolerance: Double) -> Int {
        var dd = 0.0
        for i in 0..<(controlPoints.count - 2) {
            dd = max(dd, (controlPoints[i] - controlPoints[i + 1] * 2 + controlPoints[i + 2]).length)
        }
        return segmentCount(secondDifference: dd, degreeFactor: controlPoints.count == 4 ? 0.75 : 0.25, tolerance: tolerance)
    }

    /// The part of `polygon` inside the convex polygon `convex` (Sutherland-Hodgman, edge by
    /// edge). A polygon's winding is kept inside the cut, so glyphs and holes cut one by one
    /// still fill as the whole did there.
    public static func clip(_ polygon: [Point], toConvex convex: [Point]) -> [Point] {
        guard convex.count > 2 else { return [] }
        // Orientation of the clip polygon: which side of its edges is inside.
        var twiceArea = 0.0
        for i in convex.indices {
            let (a, b) = (convex[i], convex[(i + 1) % convex.count])
            twiceArea += a.x * b.y - b.x * a.y
        }
        let sign = twiceArea < 0 ? -1.0 : 1.0
        var out = polygon
        for i in convex.indices where !out.isEmpty {
            let (a, b) = (convex[i], convex[(i + 1) % convex.count])
            func side(_ p: Point) -> Double { sign * ((b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)) }
            let input = out
            out = []
            for k in input.indices {
                let (p, q) = (input[k], input[(k + 1) % input.count])
                let (sp, sq) = (side(p), side(q))
                if sp >= 0 { out.append(p) }
                if (sp >= 0) != (sq >= 0) {
                    let t = sp / (sp - sq)
                    out.append(Point(x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t))
                }
            }
        }
        return out.count > 2 ? out : []
    }

    /// Maps a polygon through `h`, keeping only the part in front of the eye (w >= a small
    /// epsilon): Sutherland-Hodgman against that plane in homogeneous coordinates, then the divide.
    static func clipBehindEye(_ polygon: [Point], _ h: Homography) -> [Point] {
        let near = 1e-6
        let mapped = polygon.map(h.homogeneous)
        var out: [Point] = []
        for i in 0..<mapped.count {
            let a = mapped[i]
            let b = mapped[(i + 1) % mapped.count]
            if a.w >= near { out.append(Point(x: a.x / a.w, y: a.y / a.w)) }
            if (a.w >= near) != (b.w >= near) {
                let t = (near - a.w) / (b.w - a.w)
                let x = a.x + (b.x - a.x) * t
                let y = a.y + (b.y - a.y) * t
                out.append(Point(x: x / near, y: y / near))
            }
        }
        return out
    }

    /// Wang's formula: segments needed so a flattened Bezier stays within `tolerance`.
    private static func segmentCount(secondDifference dd: Double, degreeFactor: Double, tolerance: Double) -> Int {
        guard dd.isFinite else { return 1 }
        return max(1, min(256, Int((degreeFactor * dd / tolerance).squareRoot().rounded(.up))))
    }
}
