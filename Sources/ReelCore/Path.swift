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
            let mapped = points.map { h.apply($0) ?? $0 }
            var dd = 0.0
            for i in 0..<(mapped.count - 2) {
                dd = max(dd, (mapped[i] - mapped[i + 1] * 2 + mapped[i + 2]).length)
            }
            return Path.segmentCount(secondDifference: dd, degreeFactor: points.count == 4 ? 0.75 : 0.25, tolerance: tolerance)
        }.compactMap { polygon in
            let projected = h.isAffine ? polygon.compactMap(h.apply) : Path.clipBehindEye(polygon, h)
            return projected.count > 2 ? projected : nil
        }
    }

    /// The area the path encloses under its fill rule, in the space `transform` maps to, as
    /// trapezoids whose summed signed area is exact (see `FillRule.trapezoids(of:)`): for
    /// outlines a user wrote, whose parts may overlap. Reel's own shapes (rounded rects,
    /// rings) never overlap and fill from `polygons(transform:)` directly.
    public func area(transform: Transform3D) -> [[Point]] {
        fillRule.trapezoids(of: polygons(transform: transform))
    }

    /// The outline flattened in its own space, each curve cut into `segments(controlPoints)` lines.
    private func localPolygons(segments: ([Point]) -> Int) -> [[Point]] {
        var result: [[Point]] = []
        var current: [Point] = []
        var start = Point.zero
        var last = Point.zero
        func finish() {
            if current.count > 2 { result.append(current) }
            current = []
        }
        for element in elements {
            switch element {
            case .move(let p):
                finish()
                start = p
                last = p
                current = [p]
            case .line(let p):
                if current.isEmpty { current = [last] }
                current.append(p)
                last = p
            case .quad(let c, let p):
                if current.isEmpty { current = [last] }
                let (p0, p1, p2) = (last, c, p)
                let n = segments([p0, p1, p2])
                for i in 1...n {
                    let t = Double(i) / Double(n)
                    let u = 1 - t
                    current.append(p0 * (u * u) + p1 * (2 * u * t) + p2 * (t * t))
                }
                last = p
            case .cubic(let c1, let c2, let p):
                if current.isEmpty { current = [last] }
                let (p0, p1, p2, p3) = (last, c1, c2, p)
                let n = segments([p0, p1, p2, p3])
                for i in 1...n {
                    let t = Double(i) / Double(n)
                    let u = 1 - t
                    current.append(p0 * (u * u * u) + p1 * (3 * u * u * t) + p2 * (3 * u * t * t) + p3 * (t * t * t))
                }
                last = p
            case .close:
                finish()
                last = start
            }
        }
        finish()
        return result
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
