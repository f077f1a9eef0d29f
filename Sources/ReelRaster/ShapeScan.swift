import ReelCore

/// One filled shape's exact area coverage (pixel centres at +0.5), handed out a row at a time
/// from top to bottom. `start` leaves each edge's signed area in the cells it crosses and
/// marks the runs of eight cells it touched; `row` sums one row into 8-bit coverage and clears
/// its cells for the next shape. `Rasterizer` fills through one scan; a group drawn row by row
/// keeps one per shape in flight. Memory is kept and grown from shape to shape, never shrunk.
public final class ShapeScan {
    /// Pixels `range` (in the row's own x) that all hold coverage `value`.
    public struct Run: Sendable {
        public var range: Range<Int>
        public var value: UInt8
    }

    /// One row's coverage from its first covered pixel to its last, and the longest run of one
    /// value the sum found in it (a shape's solid inside, or the hole of a ring), so a caller
    /// can treat that run as a whole. Pointers stay valid until the next `row` or `start`.
    public struct Row {
        /// The first covered pixel.
        public var x: Int
        public var count: Int
        /// `count` coverages, for pixels `x..<x + count`.
        public var coverage: UnsafePointer<UInt8>
        /// A run of one coverage value, in pixels (it may lie outside `x..<x + count` when it is 0).
        public var solid: Run
    }

    // Fields read for every row go unchecked for exclusive access: a scan belongs to one
    // thread and none of its accesses to them overlap.

    /// The pixels the shape may cover: its bounding box met with the clip.
    @exclusivity(unchecked) public private(set) var region = PixelRect(x: 0, y: 0, width: 0, height: 0)
    /// Rows of `region` summed (and cleared) so far.
    @exclusivity(unchecked) private var summed = 0
    @exclusivity(unchecked) private var area = UnsafeMutablePointer<Float>.allocate(capacity: 0)
    @exclusivity(unchecked) private var flags = UnsafeMutablePointer<UInt64>.allocate(capacity: 0)
    @exclusivity(unchecked) private var line = UnsafeMutablePointer<UInt8>.allocate(capacity: 0)
    private var areaCapacity = 0, flagCapacity = 0, lineCapacity = 0

    public init() {}

    deinit {
        area.deallocate()
        flags.deallocate()
        line.deallocate()
    }

    /// Accumulates the edges of `polygons` (closed, pixel coordinates, non-zero winding for
    /// shapes whose sub-paths do not overlap with opposite orientation) inside `clip`. False
    /// when nothing there can be covered. Rows of the previous shape not yet read are cleared.
    public func start(_ polygons: [[Point]], clip: PixelRect) -> Bool {
        finish()
        region = PixelRect(x: 0, y: 0, width: 0, height: 0)
        summed = 0
        var (minX, minY, maxX, maxY) = (Double.infinity, Double.infinity, -Double.infinity, -Double.infinity)
        for poly in polygons {
            for p in poly {
                (minX, minY, maxX, maxY) = (min(minX, p.x), min(minY, p.y), max(maxX, p.x), max(maxY, p.y))
            }
        }
        guard minX <= maxX else { return false }
        let box = PixelRect(covering: Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)).intersection(clip)
        guard !box.isEmpty else { return false }
        let stride = box.width + 2
        let words = Cells.words(stride: stride)
        ShapeScan.reserve(&area, &areaCapacity, stride * box.height, empty: 0)
        ShapeScan.reserve(&flags, &flagCapacity, words * box.height, empty: 0)
        ShapeScan.reserve(&line, &lineCapacity, box.width, empty: 0)
        region = box
        let cells = self.cells
        let ox = Double(box.x)
        let oy = Double(box.y)
        let w = Double(box.width)
        for poly in polygons where poly.count > 1 {
            var prev = poly[poly.count - 1]
            for p in poly {
                ShapeScan.addLine(
                    from: Point(x: prev.x - ox, y: prev.y - oy), to: Point(x: p.x - ox, y: p.y - oy), width: w, cells: cells)
                prev = p
            }
        }
        return true
    }

    /// Row `y` (absolute pixels), or nil when the shape covers none of it. Rows are read from
    /// top to bottom: the rows between the last one read and `y` are cleared unread, and a
    /// row above the last one read gives nil.
    public func row(_ y: Int) -> Row? {
        let r = y - region.y
        guard r >= summed, r < region.height else { return nil }
        while summed < r { _ = sum(summed) }
        let run = sum(r)
        let covered = ShapeScan.covered(line, count: region.width)
        guard !covered.isEmpty else { return nil }
        return Row(
            x: region.x + covered.lowerBound, count: covered.count, coverage: UnsafePointer(line + covered.lowerBound),
            solid: Run(range: (region.x + run.range.lowerBound)..<(region.x + run.range.upperBound), value: run.value))
    }

    /// Clears the rows not read, leaving every cell zero for the next shape.
    public func finish() {
        while summed < region.height { _ = sum(summed) }
    }

    private var cells: Cells {
        let stride = region.width + 2
        return Cells(area: area, flags: flags, stride: stride, words: Cells.words(stride: stride), rows: region.height)
    }

    /// Sums row `r` of the region into `line`, clears it, and returns its longest run.
    private func sum(_ r: Int) -> Run {
        let c = cells
        let cellRow = c.area + r * c.stride
        let run = ShapeScan.accumulateRow(cellRow, width: region.width, flags: c.flags + r * c.words, words: c.words, into: line)
        cellRow[region.width] = 0
        cellRow[region.width + 1] = 0
        summed = r + 1
        return run
    }

    /// Grows `pointer` to hold `count` elements, all `empty` when it grows (the cells' rule:
    /// every one is zero between shapes).
    private static func reserve<T>(_ pointer: inout UnsafeMutablePointer<T>, _ capacity: inout Int, _ count: Int, empty: T) {
        guard capacity < count else { return }
        pointer.deallocate()
        pointer = .allocate(capacity: count)
        pointer.initialize(repeating: empty, count: count)
        capacity = count
    }

    /// Where edges leave signed area: one float per cell (rows of `stride`), and a bit per
    /// run of eight cells that an edge touched, so summing a row visits only those runs.
    struct Cells {
        let area: UnsafeMutablePointer<Float>
        let flags: UnsafeMutablePointer<UInt64>
        let stride: Int, words: Int, rows: Int

        /// Flag words per row for rows of `stride` cells.
        static func words(stride: Int) -> Int { ((stride + 7) >> 3 + 63) >> 6 }

        /// Marks cells `first...last` of row `y` as touched.
        @inline(__always)
        func mark(_ y: Int, _ first: Int, _ last: Int) {
            let row = flags + y * words
            for b in (first >> 3)...(last >> 3) { row[b >> 6] |= 1 << UInt64(b & 63) }
        }
    }

    /// Sums one row of signed area into coverage (and clears the row, and its flags, for the
    /// next shape). Only the runs of eight cells an edge touched are read, summed eight lanes
    /// at a time (a prefix sum plus the carry); between them the coverage holds, and is
    /// stored as a run, so the interior of a shape costs about a memset. Returns the longest of
    /// those runs.
    @inline(__always)
    static func accumulateRow(
        _ line: UnsafeMutablePointer<Float>, width: Int, flags: UnsafeMutablePointer<UInt64>, words: Int,
        into cov: UnsafeMutablePointer<UInt8>
    ) -> Run {
        var sum: Float = 0
        var current: UInt8 = 0
        var x = 0
        var longest = Run(range: 0..<0, value: 0)
        for w in 0..<words where flags[w] != 0 {
            var bits = flags[w]
            flags[w] = 0
            while bits != 0 {
                let start = (w << 6 + bits.trailingZeroBitCount) << 3
                bits &= bits &- 1
                // Cells past the width are the row's two spare cells: the caller clears them.
                guard start < width else { continue }
                (cov + x).update(repeating: current, count: start - x)
                if start - x > longest.range.count { longest = Run(range: x..<start, value: current) }
                if start + 8 <= width {
                    current = accumulate8(line + start, sum: &sum, into: cov + start)
                    x = start + 8
                } else {
                    for i in start..<width {
                        sum += line[i]
                        line[i] = 0
                        cov[i] = coverage(sum)
                    }
                    x = width
                }
            }
        }
        (cov + x).update(repeating: current, count: width - x)
        if width - x > longest.range.count { longest = Run(range: x..<width, value: current) }
        return longest
    }

    /// Coverage of a running sum of signed area: |sum| capped at 1, in 0...255 rounded half up.
    @inline(__always)
    static func coverage(_ sum: Float) -> UInt8 { UInt8(min(abs(sum), 1) * 255 + 0.5) }

    /// `accumulateRow` for eight touched cells: their running sums from `sum` on (which it
    /// advances), as coverage by `coverage(_:)`'s rule, the cells cleared; returns the last.
    @inline(__always)
    static func accumulate8(_ cells: UnsafeMutablePointer<Float>, sum: inout Float, into cov: UnsafeMutablePointer<UInt8>)
        -> UInt8
    {
        typealias Lanes = SIMD8<Float>
        let v = UnsafeRawPointer(cells).loadUnaligned(as: Lanes.self)
        UnsafeMutableRawPointer(cells).storeBytes(of: Lanes(), as: Lanes.self)
        // Inclusive prefix sum in three shifted adds, then the carry.
        var p = v + Lanes(0, v[0], v[1], v[2], v[3], v[4], v[5], v[6])
        p += Lanes(0, 0, p[0], p[1], p[2], p[3], p[4], p[5])
        p += Lanes(lowHalf: SIMD4<Float>(), highHalf: p.lowHalf)
        p += Lanes(repeating: sum)
        sum = p[7]
        var a = p.replacing(with: -p, where: p .< 0)
        a.replace(with: 1, where: a .> 1)
        let c = a * 255 + 0.5
        // floor(c) for 0.5 <= c <= 255.5: round to nearest by adding 2^23, step down where that
        // went up; the integer is then the float's low mantissa bits.
        let magic = Lanes(repeating: 8_388_608)
        var r = (c + magic) - magic
        r.replace(with: r - 1, where: r .> c)
        let bits = unsafeBitCast(r + magic, to: SIMD8<UInt32>.self)
        let bytes = SIMD8<UInt8>(truncatingIfNeeded: bits)
        UnsafeMutableRawPointer(cov).storeBytes(of: bytes, as: SIMD8<UInt8>.self)
        return bytes[7]
    }

    /// The part of a coverage run from its first non-zero byte to its last (empty when all are 0).
    @inline(__always)
    public static func covered(_ cov: UnsafePointer<UInt8>, count: Int) -> Range<Int> {
        let lo = run(of: 0, at: cov, limit: count)
        var hi = count
        while hi - 8 >= lo, UnsafeRawPointer(cov + hi - 8).loadUnaligned(as: UInt64.self) == 0 { hi -= 8 }
        while hi > lo, cov[hi - 1] == 0 { hi -= 1 }
        return lo..<hi
    }

    /// How many bytes from `p` on (at most `limit`) equal `value`, eight at a time.
    @inline(__always)
    public static func run(of value: UInt8, at p: UnsafePointer<UInt8>, limit: Int) -> Int {
        let pattern = UInt64(value) &* 0x0101_0101_0101_0101
        var n = 0
        while n + 8 <= limit, UnsafeRawPointer(p + n).loadUnaligned(as: UInt64.self) == pattern { n += 8 }
        while n < limit, p[n] == value { n += 1 }
        return n
    }

    /// Adds the signed area one edge contributes to each pixel it crosses (and, through the
    /// row sum, to every pixel right of it). Parts left of the region count at x = 0, parts
    /// right of it fall outside.
    private static func addLine(from a: Point, to b: Point, width: Double, cells: Cells) {
        // An edge wholly above or below the region leaves nothing (a band of a frame skips most).
        guard max(a.y, b.y) > 0, min(a.y, b.y) < Double(cells.rows), a.y != b.y else { return }
        // Split at the region's left and right edges so clamping x keeps each part's area
        // (at most three parts; no allocation, this runs for every edge of every shape).
        func crossing(_ edge: Double) -> (t: Double, point: Point)? {
            guard (a.x < edge && b.x > edge) || (a.x > edge && b.x < edge) else { return nil }
            let t = (edge - a.x) / (b.x - a.x)
            return (t, Point(x: edge, y: a.y + (b.y - a.y) * t))
        }
        func clamped(_ p: Point) -> Point { Point(x: min(max(p.x, 0), width), y: p.y) }
        var first = crossing(0)
        var second = crossing(width)
        if let f = first, let s = second, s.t < f.t { (first, second) = (second, first) }
        if first == nil { (first, second) = (second, nil) }
        var start = a
        if let first {
            accumulate(clamped(start), clamped(first.point), cells: cells)
            start = first.point
        }
        if let second {
            accumulate(clamped(start), clamped(second.point), cells: cells)
            start = second.point
        }
        accumulate(clamped(start), clamped(b), cells: cells)
    }

    private static func accumulate(_ p0: Point, _ p1: Point, cells: Cells) {
        let (rows, stride, acc) = (cells.rows, cells.stride, cells.area)
        guard p0.y != p1.y else { return }
        let (dir, top, bottom): (Double, Point, Point) = p0.y < p1.y ? (1, p0, p1) : (-1, p1, p0)
        guard bottom.y > 0, top.y < Double(rows) else { return }
        let dxdy = (bottom.x - top.x) / (bottom.y - top.y)
        let width = Double(stride - 2)
        var x = top.x
        let yStart = max(0, Int(max(top.y, -1).rounded(.down)))
        if top.y < 0 { x = min(max(x - top.y * dxdy, 0), width) }
        let yEnd = min(rows, Int(min(bottom.y, Double(rows)).rounded(.up)))
        for y in yStart..<yEnd {
            let line = acc + y * stride
            let dy = min(Double(y + 1), bottom.y) - max(Double(y), top.y)
            // Stepping row by row drifts by rounding; the edge was clamped to the region, so keep it there.
            let xNext = min(max(x + dxdy * dy, 0), width)
            let d = dy * dir
            let (x0, x1) = x < xNext ? (x, xNext) : (xNext, x)
            let x0Floor = x0.rounded(.down)
            let x0i = Int(x0Floor)
            let x1Ceil = x1.rounded(.up)
            let x1i = Int(x1Ceil)
            cells.mark(y, x0i, max(x1i, x0i + 1))
            if x1i <= x0i + 1 {
                let xmf = 0.5 * (x + xNext) - x0Floor
                line[x0i] += Float(d - d * xmf)
                line[x0i + 1] += Float(d * xmf)
            } else {
                let s = 1 / (x1 - x0)
                let x0f = x0 - x0Floor
                let a0 = 0.5 * s * (1 - x0f) * (1 - x0f)
                let x1f = x1 - x1Ceil + 1
                let am = 0.5 * s * x1f * x1f
                line[x0i] += Float(d * a0)
                if x1i == x0i + 2 {
                    line[x0i + 1] += Float(d * (1 - a0 - am))
                } else {
                    let a1 = s * (1.5 - x0f)
                    line[x0i + 1] += Float(d * (a1 - a0))
                    for xi in (x0i + 2)..<(x1i - 1) { line[xi] += Float(d * s) }
                    let a2 = a1 + Double(x1i - x0i - 3) * s
                    line[x1i - 1] += Float(d * (1 - a2 - am))
                }
                line[x1i] += Float(d * am)
            }
            x = xNext
        }
    }
}
