/// Which points a path's outline encloses where its parts overlap or cross (CAShapeLayer's
/// `fillRule`): `nonZero` counts a point inside when the outline winds around it at all,
/// `evenOdd` when it crosses an odd number of times on the way out.
public enum FillRule: String, CaseIterable, Hashable, Sendable {
    case nonZero, evenOdd

    /// Whether a point with this winding number is inside.
    public func encloses(winding: Int) -> Bool {
        switch self {
        case .nonZero: winding != 0
        case .evenOdd: winding & 1 != 0
        }
    }

    /// The area `polygons` enclose under this rule, as trapezoids (four corners each, all
    /// wound the same way) that neither overlap nor cross. Summed signed area is exact for
    /// them, however the original parts overlapped: two parts wound in opposite directions
    /// that meet inside one pixel cover it fully under `nonZero`, not half of it minus half.
    /// A sweep from top to bottom: the polygons' corners and every crossing of two edges cut
    /// the plane into bands in which no edges cross; inside a band the edges are ordered
    /// left to right and the rule decides, from the running winding number, where the
    /// inside starts and stops.
    public func trapezoids(of polygons: [[Point]]) -> [[Point]] {
        var edges: [Edge] = []
        for polygon in polygons where polygon.count > 2 {
            var previous = polygon[polygon.count - 1]
            for p in polygon {
                if let e = Edge(previous, p) { edges.append(e) }
                previous = p
            }
        }
        guard !edges.isEmpty else { return [] }
        edges.sort { $0.top.y < $1.top.y }
        for i in edges.indices { edges[i].id = i }
        var stops: [Double] = []
        stops.reserveCapacity(2 * edges.count)
        for e in edges {
            stops.append(e.top.y)
            stops.append(e.bottom.y)
        }
        for i in edges.indices {
            for j in (i + 1)..<edges.count {
                guard edges[j].top.y < edges[i].bottom.y else { break }
                if let y = edges[i].crossing(edges[j]) { stops.append(y) }
            }
        }
        stops.sort()
        var result: [[Point]] = []
        var next = 0
        // The edges across the band, left to right (by their middle, then their number). Kept
        // from band to band: edges reorder only at stops, so each band's sort is nearly done.
        var band: [Crossing] = []
        // The trapezoids of the band above by their two edges: one that goes on between the
        // same edges is lengthened instead of cut at every stop (fewer, taller trapezoids).
        var above: [(pair: Pair, index: Int)] = []
        var here: [(pair: Pair, index: Int)] = []
        for (y0, y1) in zip(stops, stops.dropFirst()) where y1 > y0 {
            band.removeAll { edges[$0.id].bottom.y <= y0 }
            while next < edges.count, edges[next].top.y <= y0 {
                if edges[next].bottom.y > y0 { band.append(Crossing(id: next, direction: edges[next].direction)) }
                next += 1
            }
            for i in band.indices {
                let e = edges[band[i].id]
                (band[i].top, band[i].bottom) = (e.x(at: y0), e.x(at: y1))
                band[i].x = (band[i].top + band[i].bottom) / 2
            }
            for i in band.indices.dropFirst() {
                let item = band[i]
                var j = i
                while j > 0, (band[j - 1].x, band[j - 1].id) > (item.x, item.id) {
                    band[j] = band[j - 1]
                    j -= 1
                }
                band[j] = item
            }
            var winding = 0
            var start: (top: Double, bottom: Double, id: Int)? = nil
            here.removeAll(keepingCapacity: true)
            for e in band {
                winding += e.direction
                let inside = encloses(winding: winding)
                if inside, start == nil {
                    start = (e.top, e.bottom, e.id)
                } else if !inside, let s = start {
                    let pair = Pair(left: s.id, right: e.id)
                    if let i = above.first(where: { $0.pair == pair })?.index, result[i][1].y == y0 {
                        // The same two edges go on: the trapezoid above reaches down to y1.
                        result[i][1] = Point(x: s.bottom, y: y1)
                        result[i][2] = Point(x: e.bottom, y: y1)
                        here.append((pair, i))
                    } else {
                        here.append((pair, result.count))
                        result.append([
                            Point(x: s.top, y: y0), Point(x: s.bottom, y: y1), Point(x: e.bottom, y: y1), Point(x: e.top, y: y0)
                        ])
                    }
                    start = nil
                }
            }
            swap(&above, &here)
        }
        return result
    }

    /// An edge across a band: where it enters (top), leaves (bottom) and its middle.
    private struct Crossing {
        let id: Int, direction: Int
        var x = 0.0, top = 0.0, bottom = 0.0
    }

    /// The two edges a trapezoid lies between, by their numbers.
    private struct Pair: Hashable {
        let left: Int, right: Int
    }

    /// Whether a closed polygon neither crosses nor touches itself: then it encloses one
    /// region, wound one way throughout, and fills as it is under `nonZero`. Edges are tried
    /// in pairs only within columns across the plane that both reach (each pair once), so a
    /// long outline costs about its length; any contact but two neighbours' shared corner
    /// (a touch, an overlap along a line, a corner passed through) counts as not simple.
    public static func isSimple(_ polygon: [Point]) -> Bool {
        let n = polygon.count
        guard n > 2 else { return false }
        // Edges with the corner each starts from; horizontal ones count through their ends.
        var edges: [(edge: Edge, start: Int)] = []
        edges.reserveCapacity(n)
        for i in 0..<n {
            let (a, b) = (polygon[i], polygon[(i + 1) % n])
            if a == b { return false }
            if a.y == b.y {
                // A horizontal edge: another edge's corner inside it would be a touch the sweep below cannot see.
                continue
            }
            guard let e = Edge(a, b) else { return false }
            edges.append((e, i))
        }
        guard edges.count > 2 else { return edges.count == 2 }
        // Corners met more than once make a touch too.
        if Set(polygon.map { [$0.x, $0.y] }).count != n { return false }
        edges.sort { $0.edge.top.y < $1.edge.top.y }
        let lows = edges.map { min($0.edge.top.x, $0.edge.bottom.x) }
        let highs = edges.map { max($0.edge.top.x, $0.edge.bottom.x) }
        let left = lows.min()!
        let columns = max(1, min(edges.count / 8, 1024))
        let width = (highs.max()! - left) / Double(columns)
        guard width.isFinite else { return false }
        func column(_ x: Double) -> Int { width > 0 ? min(max(Int((x - left) / width), 0), columns - 1) : 0 }
        var members = [[Int]](repeating: [], count: columns)
        for i in edges.indices {
            for c in column(lows[i])...column(highs[i]) { members[c].append(i) }
        }
        func neighbours(_ a: Int, _ b: Int) -> Bool { (a + 1) % n == b || (b + 1) % n == a }
        for (c, list) in members.enumerated() {
            // In edge order, so by top: an edge's pairs end at the first edge that starts below it.
            for (k, i) in list.enumerated() {
                for j in list[(k + 1)...] {
                    let (e, f) = (edges[i].edge, edges[j].edge)
                    guard f.top.y <= e.bottom.y else { break }
                    guard max(column(lows[i]), column(lows[j])) == c, !neighbours(edges[i].start, edges[j].start) else {
                        continue
                    }
                    if e.meets(f) { return false }
                }
            }
        }
        return !polygon.indices.contains { i in
            // A horizontal edge with another part of the outline on its line.
            let (a, b) = (polygon[i], polygon[(i + 1) % n])
            guard a.y == b.y else { return false }
            return polygon.indices.contains { j in
                j != i && j != (i + 1) % n && polygon[j].y == a.y && polygon[j].x >= min(a.x, b.x)
                    && polygon[j].x <= max(a.x, b.x)
            }
        }
    }

    /// One edge of an outline that is not horizontal, from its upper end to its lower end, and
    /// which way it was drawn (+1 downward, -1 upward) for the winding number.
    private struct Edge {
        let top: Point, bottom: Point
        let direction: Int
        /// Its number among the edges, sorted by top.
        var id = 0
        private let slope: Double

        init?(_ a: Point, _ b: Point) {
            guard a.y != b.y, a.x.isFinite, a.y.isFinite, b.x.isFinite, b.y.isFinite else { return nil }
            (top, bottom, direction) = a.y < b.y ? (a, b, 1) : (b, a, -1)
            slope = (bottom.x - top.x) / (bottom.y - top.y)
        }

        /// Where the edge is at height `y` (within its span).
        func x(at y: Double) -> Double { top.x + (y - top.y) * slope }

        /// Whether the two edges cross or touch anywhere their spans share (ends included).
        func meets(_ other: Edge) -> Bool {
            let y0 = max(top.y, other.top.y)
            let y1 = min(bottom.y, other.bottom.y)
            guard y0 <= y1 else { return false }
            let d0 = x(at: y0) - other.x(at: y0)
            let d1 = x(at: y1) - other.x(at: y1)
            return (d0 <= 0 && d1 >= 0) || (d0 >= 0 && d1 <= 0)
        }

        /// The height at which the two edges cross strictly inside both spans, if they do.
        func crossing(_ other: Edge) -> Double? {
            let y0 = max(top.y, other.top.y)
            let y1 = min(bottom.y, other.bottom.y)
            guard y0 < y1 else { return nil }
            let d0 = x(at: y0) - other.x(at: y0)
            let d1 = x(at: y1) - other.x(at: y1)
            guard (d0 < 0 && d1 > 0) || (d0 > 0 && d1 < 0) else { return nil }
            return y0 + (y1 - y0) * d0 / (d0 - d1)
        }
    }
}
