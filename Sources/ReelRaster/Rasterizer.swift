import ReelCore

/// Scan-converts filled shapes into anti-aliased coverage and blends a solid colour through
/// it. Coverage is exact area coverage (pixel centres at +0.5), accumulated as signed area
/// per pixel and summed along each row, so overlapping edges and corners need no sampling.
/// One rasterizer per thread: it keeps its scratch memory between draws.
public final class Rasterizer {
    private var accumulation: [Float] = []
    private var touched: [UInt64] = []
    private var coverage: [UInt8] = []
    private var samples = SampleSpan(capacity: 0)
    private var fetched: [UInt32] = []
    private var mapped: [MappedPoint] = []
    /// One row of coverage cut by a mask (grown as rows get wider; pointers into it are handed on).
    private var cutCoverage = UnsafeMutablePointer<UInt8>.allocate(capacity: 0)
    private var cutCapacity = 0

    public init() {}

    deinit { cutCoverage.deallocate() }

    /// Fills `polygons` (closed, in the buffer's pixel coordinates, non-zero winding for shapes
    /// whose sub-paths do not overlap with opposite orientation) with the premultiplied `color`,
    /// over what `buffer` holds, inside `clip`.
    public func fill(_ polygons: [[Point]], color: UInt32, into buffer: PixelBuffer, clip: PixelRect) {
        guard color != 0 else { return }
        scan(polygons, clip: clip.intersection(PixelRect(x: 0, y: 0, width: buffer.width, height: buffer.height))) { x, y, count, cov in
            Rasterizer.blendRow(buffer.row(y) + x, coverage: cov, count: count, color: color)
        }
    }

    /// Draws `source` whose space maps to the buffer by `transform` (perspective-correct: each
    /// pixel centre is mapped back through the inverse), faded by `opacity` (0...255), its
    /// outline anti-aliased by coverage and, when `cut` is given, multiplied by its coverage (a
    /// rounded `masksToBounds` drawn straight onto the target, with no picture of its own).
    /// Fetch, mix (trilinear), then composite, run by run.
    public func draw(_ source: ImageSource, transform: Transform3D, opacity: UInt32, into buffer: PixelBuffer, clip: PixelRect,
                     cut: CoverageMask? = nil) {
        guard opacity > 0, let inverse = Homography(transform).inverted else { return }
        let mapping = source.mapping
        let outline = Path(rect: mapping.destination).polygons(transform: transform)
        let levels: [Int], t: UInt32
        switch source.filter {
        case .trilinear(let level):
            let top = source.image.levels.count - 1
            let l = min(max(level, 0), Double(top))
            let a = Int(l.rounded(.down))
            t = UInt32(((l - Double(a)) * 256).rounded())
            levels = t > 0 ? [a, min(a + 1, top)] : [a]
        default:
            (levels, t) = ([0], 0)
        }
        // Per level, the pixels each segment may read: worked out once, not per pixel.
        let bounds = levels.map { SegmentPixels(source.image, level: $0, mapping: mapping) }
        var drawClip = clip.intersection(PixelRect(x: 0, y: 0, width: buffer.width, height: buffer.height))
        if let cut { drawClip = drawClip.intersection(cut.region) }
        if levels.count == 1, inverse.isAffine, mapping.columns.count == 1, mapping.rows.count == 1,
           drawAffine(bounds[0], mapping: mapping, inverse: inverse, nearest: source.filter == .nearest, outline: outline, opacity: opacity,
                      into: buffer, clip: drawClip, cut: cut) {
            return
        }
        let nearest = source.filter == .nearest
        scan(outline, clip: drawClip) { x, y, width, outlineCoverage in
            guard let (x0, count, cov) = cutRow(x, y, width, outlineCoverage, cut) else { return }
            if samples.x0.count < count { samples = SampleSpan(capacity: count) }
            if fetched.count < 2 * count { fetched = [UInt32](repeating: 0, count: 2 * count) }
            if mapped.count < count { mapped = [MappedPoint](repeating: MappedPoint(u: 0, v: 0, column: -1, row: 0), count: count) }
            fetched.withUnsafeMutableBufferPointer { f in
            mapped.withUnsafeMutableBufferPointer { points in
                // Each pixel centre back into the image, once for all levels.
                for i in 0..<count {
                    guard let p = inverse.apply(Point(x: Double(x0 + i) + 0.5, y: Double(y) + 0.5)) else {
                        points[i].column = -1
                        continue
                    }
                    let c = AxisMapping.index(mapping.columns, p.x), r = AxisMapping.index(mapping.rows, p.y)
                    let column = mapping.columns[c], row = mapping.rows[r]
                    points[i] = MappedPoint(u: min(max(column.map(p.x), column.to.lowerBound), column.to.upperBound),
                                            v: min(max(row.map(p.y), row.to.lowerBound), row.to.upperBound), column: c, row: r)
                }
                let first = f.baseAddress!, second = first + count
                for (k, b) in bounds.enumerated() {
                    b.columns.withUnsafeBufferPointer { columns in
                    b.rows.withUnsafeBufferPointer { rows in
                        for i in 0..<count {
                            let m = points[i]
                            guard m.column >= 0 else {
                                samples.set(i, u: 0, v: 0, nearest: true, minX: 0, maxX: 0, minY: 0, maxY: 0)
                                continue
                            }
                            let (minX, maxX) = columns[m.column], (minY, maxY) = rows[m.row]
                            samples.set(i, u: m.u * b.kx, v: m.v * b.ky, nearest: nearest, minX: minX, maxX: maxX, minY: minY, maxY: maxY)
                        }
                    }}
                    SamplingKernels.bilinear(b.pixels, samples, count: count, into: k == 0 ? first : second)
                }
                if levels.count > 1 { SamplingKernels.mix(first, second, count: count, t: t) }
                SpanKernels.composite(buffer.row(y) + x0, source: first, coverage: cov, count: count, opacity: opacity)
            }
            }
        }
    }

    /// The fast path for an image under an affine map with one segment per axis: each row of
    /// the outline is a straight walk through the image's pixels in 16.16 fixed point, fetched
    /// and blended eight lanes at a time. False (nothing drawn) when a walk does not fit 16.16.
    private func drawAffine(_ level: SegmentPixels, mapping: AxisMapping, inverse: Homography, nearest: Bool, outline: [[Point]],
                            opacity: UInt32, into buffer: PixelBuffer, clip: PixelRect, cut: CoverageMask?) -> Bool {
        let column = mapping.columns[0], row = mapping.rows[0]
        let (minX, maxX) = level.columns[0], (minY, maxY) = level.rows[0]
        func walk(_ x: Int, _ y: Int) -> SamplingKernels.Walk? {
            guard let p0 = inverse.apply(Point(x: Double(x) + 0.5, y: Double(y) + 0.5)),
                  let p1 = inverse.apply(Point(x: Double(x) + 1.5, y: Double(y) + 0.5)) else { return nil }
            let u0 = column.map(p0.x) * level.kx, v0 = row.map(p0.y) * level.ky
            let u1 = column.map(p1.x) * level.kx, v1 = row.map(p1.y) * level.ky
            return SamplingKernels.Walk(u: u0, v: v0, du: u1 - u0, dv: v1 - v0, nearest: nearest,
                                        minX: minX, maxX: maxX, minY: minY, maxY: maxY)
        }
        // Every row's walk must fit: check the outline's corners of the clip.
        let box = PixelRect(covering: Rect(x: Double(clip.x), y: Double(clip.y), width: Double(clip.width), height: Double(clip.height)))
        for (x, y) in [(box.x, box.y), (box.maxX, box.y), (box.x, box.maxY), (box.maxX, box.maxY)] where walk(x, y) == nil { return false }
        if fetched.count < buffer.width { fetched = [UInt32](repeating: 0, count: buffer.width) }
        fetched.withUnsafeMutableBufferPointer { f in
            let out = f.baseAddress!
            scan(outline, clip: clip) { x, y, width, outlineCoverage in
                guard let (x0, count, cov) = cutRow(x, y, width, outlineCoverage, cut), let w = walk(x0, y) else { return }
                SamplingKernels.bilinear(level.pixels, walk: w, count: count, into: out)
                SpanKernels.composite(buffer.row(y) + x0, source: out, coverage: cov, count: count, opacity: opacity)
            }
        }
        return true
    }

    /// A scanned row's coverage multiplied by `cut`'s (in the rasterizer's own row), trimmed to
    /// the pixels both cover; the row as it is without a cut, nil when nothing is left.
    private func cutRow(_ x: Int, _ y: Int, _ count: Int, _ coverage: UnsafePointer<UInt8>, _ cut: CoverageMask?)
        -> (x: Int, count: Int, coverage: UnsafePointer<UInt8>)? {
        guard let cut else { return (x, count, coverage) }
        if cutCapacity < count {
            cutCoverage.deallocate()
            cutCoverage = .allocate(capacity: count)
            cutCapacity = count
        }
        let out = cutCoverage
        out.update(from: coverage, count: count)
        SpanKernels.multiply(out, by: cut.row(y) + (x - cut.region.x), count: count)
        let kept = Rasterizer.covered(out, count: count)
        return kept.isEmpty ? nil : (x + kept.lowerBound, kept.count, UnsafePointer(out + kept.lowerBound))
    }

    /// A pixel centre mapped into the image: level-0 position and the segments it fell in
    /// (column -1: behind the eye).
    struct MappedPoint {
        var u, v: Double
        var column, row: Int
    }

    /// One mipmap level's pixels, its scale from level 0, and the pixel range each mapping
    /// segment may read along each axis.
    struct SegmentPixels {
        let pixels: PixelBuffer
        let kx, ky: Double
        let columns: [(Int, Int)], rows: [(Int, Int)]

        init(_ image: Image, level: Int, mapping: AxisMapping) {
            pixels = image.levels[level]
            kx = Double(pixels.width) / Double(image.width)
            ky = Double(pixels.height) / Double(image.height)
            let (w, h, kx, ky) = (pixels.width, pixels.height, kx, ky)
            columns = mapping.columns.map { (SegmentPixels.first($0.to.lowerBound * kx), SegmentPixels.last($0.to.upperBound * kx, w)) }
            rows = mapping.rows.map { (SegmentPixels.first($0.to.lowerBound * ky), SegmentPixels.last($0.to.upperBound * ky, h)) }
        }

        /// The first pixel a span starting at `edge` may read.
        static func first(_ edge: Double) -> Int { max(0, Int((edge + 1e-9).rounded(.down))) }

        /// The last pixel a span ending at `edge` may read, within a row of `count`.
        static func last(_ edge: Double, _ count: Int) -> Int { min(count - 1, max(0, Int((edge - 1e-9).rounded(.up)) - 1)) }
    }

    /// The coverage of `polygons` inside `clip` as an 8-bit mask.
    public func mask(_ polygons: [[Point]], clip: PixelRect) -> CoverageMask {
        let mask = CoverageMask(region: clip)
        self.mask(polygons, into: mask)
        return mask
    }

    /// Writes the coverage of `polygons` into `mask` (all outside before), over its region.
    public func mask(_ polygons: [[Point]], into mask: CoverageMask) {
        let clip = mask.region
        scan(polygons, clip: clip) { x, y, count, cov in
            (mask.row(y) + (x - clip.x)).update(from: cov, count: count)
        }
    }

    /// Computes the coverage of `polygons` row by row inside `clip` and hands each row's
    /// covered span (x, y, count, coverage) to `row`: from its first pixel with coverage to its
    /// last, rows with none skipped, so kernels never walk the empty corners of a bounding box.
    private func scan(_ polygons: [[Point]], clip: PixelRect, row: (Int, Int, Int, UnsafePointer<UInt8>) -> Void) {
        var (minX, minY, maxX, maxY) = (Double.infinity, Double.infinity, -Double.infinity, -Double.infinity)
        for poly in polygons {
            for p in poly {
                (minX, minY, maxX, maxY) = (min(minX, p.x), min(minY, p.y), max(maxX, p.x), max(maxY, p.y))
            }
        }
        guard minX <= maxX else { return }
        let region = PixelRect(covering: Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)).intersection(clip)
        guard !region.isEmpty else { return }
        let stride = region.width + 2
        let needed = stride * region.height
        let words = Cells.words(stride: stride)
        if accumulation.count < needed { accumulation = [Float](repeating: 0, count: needed) }
        if touched.count < words * region.height { touched = [UInt64](repeating: 0, count: words * region.height) }
        if coverage.count < region.width { coverage = [UInt8](repeating: 0, count: region.width) }
        accumulation.withUnsafeMutableBufferPointer { acc in
        touched.withUnsafeMutableBufferPointer { flags in
            let cells = Cells(area: acc.baseAddress!, flags: flags.baseAddress!, stride: stride, words: words, rows: region.height)
            let ox = Double(region.x), oy = Double(region.y)
            let w = Double(region.width)
            for poly in polygons where poly.count > 1 {
                var prev = poly[poly.count - 1]
                for p in poly {
                    Rasterizer.addLine(from: Point(x: prev.x - ox, y: prev.y - oy), to: Point(x: p.x - ox, y: p.y - oy), width: w, cells: cells)
                    prev = p
                }
            }
            coverage.withUnsafeMutableBufferPointer { cov in
                let width = region.width, out = cov.baseAddress!
                for y in 0..<region.height {
                    let line = acc.baseAddress! + y * stride
                    Rasterizer.accumulateRow(line, width: width, flags: cells.flags + y * words, words: words, into: out)
                    line[width] = 0
                    line[width + 1] = 0
                    let covered = Rasterizer.covered(out, count: width)
                    if !covered.isEmpty { row(region.x + covered.lowerBound, region.y + y, covered.count, out + covered.lowerBound) }
                }
            }
        }
        }
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

    /// Fills an axis-aligned rectangle (pixel coordinates) with the premultiplied `color`: the
    /// fast path for unrotated layers. Coverage is the product of the row's and the column's
    /// overlap with the rectangle, the same area coverage `fill` computes for it.
    public func fill(rect r: Rect, color: UInt32, into buffer: PixelBuffer, clip: PixelRect) {
        guard color != 0, !r.isEmpty else { return }
        let region = PixelRect(covering: r).intersection(clip)
            .intersection(PixelRect(x: 0, y: 0, width: buffer.width, height: buffer.height))
        guard !region.isEmpty else { return }
        if coverage.count < region.width { coverage = [UInt8](repeating: 0, count: region.width) }
        func overlap(_ i: Int, _ lo: Double, _ hi: Double) -> Double {
            max(0, min(Double(i + 1), hi) - max(Double(i), lo))
        }
        var columns = [Double](repeating: 0, count: region.width)
        for i in 0..<region.width { columns[i] = overlap(region.x + i, r.minX, r.maxX) }
        // Rows wholly inside share one coverage row: the columns' own.
        let inside = columns.map { UInt8(min($0, 1) * 255 + 0.5) }
        coverage.withUnsafeMutableBufferPointer { cov in
            inside.withUnsafeBufferPointer { full in
                for row in 0..<region.height {
                    let cy = overlap(region.y + row, r.minY, r.maxY)
                    var source = full.baseAddress!
                    if cy < 1 {
                        for i in 0..<region.width { cov[i] = UInt8(min(columns[i] * cy, 1) * 255 + 0.5) }
                        source = UnsafePointer(cov.baseAddress!)
                    }
                    Rasterizer.blendRow(buffer.row(region.y + row) + region.x, coverage: source, count: region.width, color: color)
                }
            }
        }
    }

    /// Sums one row of signed area into coverage (and clears the row, and its flags, for the
    /// next shape). Only the runs of eight cells an edge touched are read, summed eight lanes
    /// at a time (a prefix sum plus the carry); between them the coverage holds, and is
    /// stored as a run, so the interior of a shape costs about a memset.
    @inline(__always)
    static func accumulateRow(_ line: UnsafeMutablePointer<Float>, width: Int, flags: UnsafeMutablePointer<UInt64>, words: Int,
                              into cov: UnsafeMutablePointer<UInt8>) {
        var sum: Float = 0
        var current: UInt8 = 0
        var x = 0
        for w in 0..<words where flags[w] != 0 {
            var bits = flags[w]
            flags[w] = 0
            while bits != 0 {
                let start = (w << 6 + bits.trailingZeroBitCount) << 3
                bits &= bits &- 1
                // Cells past the width are the row's two spare cells: the caller clears them.
                guard start < width else { continue }
                (cov + x).update(repeating: current, count: start - x)
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
    }

    /// Coverage of a running sum of signed area: |sum| capped at 1, in 0...255 rounded half up.
    @inline(__always)
    static func coverage(_ sum: Float) -> UInt8 { UInt8(min(abs(sum), 1) * 255 + 0.5) }

    /// `accumulateRow` for eight touched cells: their running sums from `sum` on (which it
    /// advances), as coverage by `coverage(_:)`'s rule, the cells cleared; returns the last.
    @inline(__always)
    static func accumulate8(_ cells: UnsafeMutablePointer<Float>, sum: inout Float, into cov: UnsafeMutablePointer<UInt8>) -> UInt8 {
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
    static func covered(_ cov: UnsafePointer<UInt8>, count: Int) -> Range<Int> {
        let lo = run(of: 0, at: cov, limit: count)
        var hi = count
        while hi - 8 >= lo, UnsafeRawPointer(cov + hi - 8).loadUnaligned(as: UInt64.self) == 0 { hi -= 8 }
        while hi > lo, cov[hi - 1] == 0 { hi -= 1 }
        return lo..<hi
    }

    /// How many bytes from `p` on (at most `limit`) equal `value`, eight at a time.
    @inline(__always)
    static func run(of value: UInt8, at p: UnsafePointer<UInt8>, limit: Int) -> Int {
        let pattern = UInt64(value) &* 0x0101_0101_0101_0101
        var n = 0
        while n + 8 <= limit, UnsafeRawPointer(p + n).loadUnaligned(as: UInt64.self) == pattern { n += 8 }
        while n < limit, p[n] == value { n += 1 }
        return n
    }

    /// Blends one row through its coverage, choosing per run: skip where it is 0, store or
    /// blend uniformly where it is full, blend through the mask elsewhere.
    static func blendRow(_ dst: UnsafeMutablePointer<UInt32>, coverage: UnsafePointer<UInt8>, count: Int, color: UInt32) {
        let opaque = color >> 24 == 255
        var i = 0
        while i < count {
            let c = coverage[i]
            var j = i + 1
            if c == 0 || c == 255 {
                j = i + run(of: c, at: coverage + i, limit: count - i)
                if c == 255 {
                    if opaque { SpanKernels.fill(dst + i, count: j - i, color: color) } else { SpanKernels.blend(dst + i, count: j - i, color: color) }
                }
            } else {
                while j < count, coverage[j] != 0, coverage[j] != 255 { j += 1 }
                SpanKernels.blend(dst + i, coverage: coverage + i, count: j - i, color: color)
            }
            i = j
        }
    }

    /// Adds the signed area one edge contributes to each pixel it crosses (and, through the
    /// row sum, to every pixel right of it). Parts left of the region count at x = 0, parts
    /// right of it fall outside.
    private static func addLine(from a: Point, to b: Point, width: Double, cells: Cells) {
        // Split at the region's left and right edges so clamping x keeps each part's area
        // (at most three parts; no allocation, this runs for every edge of every shape).
        func crossing(_ edge: Double) -> (t: Double, point: Point)? {
            guard (a.x < edge && b.x > edge) || (a.x > edge && b.x < edge) else { return nil }
            let t = (edge - a.x) / (b.x - a.x)
            return (t, Point(x: edge, y: a.y + (b.y - a.y) * t))
        }
        func clamped(_ p: Point) -> Point { Point(x: min(max(p.x, 0), width), y: p.y) }
        var first = crossing(0), second = crossing(width)
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
