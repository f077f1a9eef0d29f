import ReelCore

/// Scan-converts filled shapes into anti-aliased coverage and blends a solid colour through
/// it. Coverage is exact area coverage (pixel centres at +0.5), accumulated as signed area
/// per pixel and summed along each row, so overlapping edges and corners need no sampling.
/// One rasterizer per thread: it keeps its scratch memory between draws.
public final class Rasterizer {
    private let shape = ShapeScan()
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
        scan(polygons, clip: clip.intersection(PixelRect(x: 0, y: 0, width: buffer.width, height: buffer.height))) {
            x, y, count, cov in
            Rasterizer.blendRow(buffer.row(y) + x, coverage: cov, count: count, color: color)
        }
    }

    /// Draws `source` whose space maps to the buffer by `transform` (perspective-correct: each
    /// pixel centre is mapped back through the inverse), faded by `opacity` (0...255), its
    /// outline anti-aliased by coverage and, when `cut` is given, multiplied by its coverage (a
    /// rounded `masksToBounds` drawn straight onto the target, with no picture of its own).
    /// Fetch, mix (trilinear), then composite, run by run.
    public func draw(
        _ source: ImageSource, transform: Transform3D, opacity: UInt32, into buffer: PixelBuffer, clip: PixelRect,
        cut: CoverageMask? = nil
    ) {
        guard opacity > 0, let inverse = Homography(transform).inverted else { return }
        let mapping = source.mapping
        let outline = Path(rect: mapping.destination).polygons(transform: transform)
        let levels: [Int]
        let t: UInt32
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
        // Nearest filtering maps every pixel exactly (below): a walk's accumulated step would
        // pick the neighbouring texel where a pixel centre lands on a texel's edge.
        if levels.count == 1, source.filter != .nearest, inverse.isAffine, mapping.columns.count == 1,
            mapping.rows.count == 1,
            drawAffine(
                bounds[0], mapping: mapping, inverse: inverse, outline: outline, opacity: opacity, into: buffer,
                clip: drawClip, cut: cut)
        {
            return
        }
        let nearest = source.filter == .nearest
        scan(outline, clip: drawClip) { x, y, width, outlineCoverage in
            guard let (x0, count, cov) = cutRow(x, y, width, outlineCoverage, cut) else { return }
            if samples.x0.count < count { samples = SampleSpan(capacity: count) }
            if fetched.count < 2 * count { fetched = [UInt32](repeating: 0, count: 2 * count) }
            if mapped.count < count {
                mapped = [MappedPoint](repeating: MappedPoint(u: 0, v: 0, column: -1, row: 0), count: count)
            }
            fetched.withUnsafeMutableBufferPointer { f in
                mapped.withUnsafeMutableBufferPointer { points in
                    // Each pixel centre back into the image, once for all levels.
                    for i in 0..<count {
                        guard let p = inverse.apply(Point(x: Double(x0 + i) + 0.5, y: Double(y) + 0.5)) else {
                            points[i].column = -1
                            continue
                        }
                        let c = AxisMapping.index(mapping.columns, p.x)
                        let r = AxisMapping.index(mapping.rows, p.y)
                        let column = mapping.columns[c]
                        let row = mapping.rows[r]
                        points[i] = MappedPoint(
                            u: min(max(column.map(p.x), column.to.lowerBound), column.to.upperBound),
                            v: min(max(row.map(p.y), row.to.lowerBound), row.to.upperBound), column: c, row: r)
                    }
                    let first = f.baseAddress!
                    let second = first + count
                    for (k, b) in bounds.enumerated() {
                        b.columns.withUnsafeBufferPointer { columns in
                            b.rows.withUnsafeBufferPointer { rows in
                                for i in 0..<count {
                                    let m = points[i]
                                    guard m.column >= 0 else {
                                        samples.set(i, u: 0, v: 0, nearest: true, minX: 0, maxX: 0, minY: 0, maxY: 0)
                                        continue
                                    }
                                    let (minX, maxX) = columns[m.column]
                                    let (minY, maxY) = rows[m.row]
                                    samples.set(
                                        i, u: m.u * b.kx, v: m.v * b.ky, nearest: nearest, minX: minX, maxX: maxX, minY: minY,
                                        maxY: maxY)
                                }
                            }
                        }
                        SamplingKernels.bilinear(b.pixels, samples, count: count, into: k == 0 ? first : second)
                    }
                    if levels.count > 1 { SamplingKernels.mix(first, second, count: count, t: t) }
                    SpanKernels.composite(buffer.row(y) + x0, source: first, coverage: cov, count: count, opacity: opacity)
                }
            }
        }
    }

    /// Draws `shader` through the coverage of `outline` (closed polygons in the buffer's
    /// pixels), faded by `opacity` (0...255): a gradient's colours, made a row at a time.
    public func draw(_ shader: GradientShader, outline: [[Point]], opacity: UInt32, into buffer: PixelBuffer, clip: PixelRect) {
        guard opacity > 0, !shader.stops.isEmpty else { return }
        scan(outline, clip: clip.intersection(PixelRect(x: 0, y: 0, width: buffer.width, height: buffer.height))) {
            x, y, count, cov in
            if fetched.count < count { fetched = [UInt32](repeating: 0, count: count) }
            fetched.withUnsafeMutableBufferPointer { f in
                shader.row(x0: x, y: y, count: count, into: f.baseAddress!)
                SpanKernels.composite(buffer.row(y) + x, source: f.baseAddress!, coverage: cov, count: count, opacity: opacity)
            }
        }
    }

    /// The fast path for a bilinear image under an affine map with one segment per axis: each
    /// row of the outline is a straight walk through the image's pixels in 16.16 fixed point,
    /// fetched and blended eight lanes at a time. False (nothing drawn) when a walk does not fit 16.16.
    private func drawAffine(
        _ level: SegmentPixels, mapping: AxisMapping, inverse: Homography, outline: [[Point]],
        opacity: UInt32, into buffer: PixelBuffer, clip: PixelRect, cut: CoverageMask?
    ) -> Bool {
        let column = mapping.columns[0]
        let row = mapping.rows[0]
        let (minX, maxX) = level.columns[0]
        let (minY, maxY) = level.rows[0]
        func walk(_ x: Int, _ y: Int) -> SamplingKernels.Walk? {
            guard let p0 = inverse.apply(Point(x: Double(x) + 0.5, y: Double(y) + 0.5)),
                let p1 = inverse.apply(Point(x: Double(x) + 1.5, y: Double(y) + 0.5))
            else { return nil }
            let u0 = column.map(p0.x) * level.kx
            let v0 = row.map(p0.y) * level.ky
            let u1 = column.map(p1.x) * level.kx
            let v1 = row.map(p1.y) * level.ky
            return SamplingKernels.Walk(
                u: u0, v: v0, du: u1 - u0, dv: v1 - v0, minX: minX, maxX: maxX, minY: minY, maxY: maxY)
        }
        // Every row's walk must fit: check the outline's corners of the clip.
        let box = PixelRect(
            covering: Rect(x: Double(clip.x), y: Double(clip.y), width: Double(clip.width), height: Double(clip.height)))
        for (x, y) in [(box.x, box.y), (box.maxX, box.y), (box.x, box.maxY), (box.maxX, box.maxY)] where walk(x, y) == nil {
            return false
        }
        if fetched.count < buffer.width { fetched = [UInt32](repeating: 0, count: buffer.width) }
        fetched.withUnsafeMutableBufferPointer { f in
            let out = f.baseAddress!
            scan(outline, clip: clip) { x, y, width, outlineCoverage in
                guard let (x0, count, cov) = cutRow(x, y, width, outlineCoverage, cut), let w = walk(x0, y) else { return }
                // A row that lands pixel for pixel on image pixels (a clip shown at its own size)
                // samples each exactly: its pixels are composited as they are.
                if w.du == 1 << 16, w.dv == 0, w.u & 0xFFFF == 0, w.v & 0xFFFF == 0 {
                    let (ix, iy) = (Int(w.u >> 16), Int(w.v >> 16))
                    if ix >= Int(w.minX), ix + count - 1 <= Int(w.maxX), iy >= Int(w.minY), iy <= Int(w.maxY) {
                        SpanKernels.composite(
                            buffer.row(y) + x0, source: UnsafePointer(level.pixels.row(iy) + ix), coverage: cov, count: count,
                            opacity: opacity)
                        return
                    }
                }
                SamplingKernels.bilinear(level.pixels, walk: w, count: count, into: out)
                SpanKernels.composite(buffer.row(y) + x0, source: out, coverage: cov, count: count, opacity: opacity)
            }
        }
        return true
    }

    /// A scanned row's coverage multiplied by `cut`'s (in the rasterizer's own row), trimmed to
    /// the pixels both cover; the row as it is without a cut, nil when nothing is left.
    private func cutRow(_ x: Int, _ y: Int, _ count: Int, _ coverage: UnsafePointer<UInt8>, _ cut: CoverageMask?)
        -> (x: Int, count: Int, coverage: UnsafePointer<UInt8>)?
    {
        guard let cut else { return (x, count, coverage) }
        if cutCapacity < count {
            cutCoverage.deallocate()
            cutCoverage = .allocate(capacity: count)
            cutCapacity = count
        }
        let out = cutCoverage
        out.update(from: coverage, count: count)
        SpanKernels.multiply(out, by: cut.row(y) + (x - cut.region.x), count: count)
        let kept = ShapeScan.covered(out, count: count)
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
            columns = mapping.columns.map {
                (SegmentPixels.first($0.to.lowerBound * kx), SegmentPixels.last($0.to.upperBound * kx, w))
            }
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

    /// Hands each row's covered span of `polygons` inside `clip` (x, y, count, coverage) to
    /// `row`, top to bottom, rows with none skipped, so kernels never walk the empty corners of
    /// a bounding box.
    private func scan(_ polygons: [[Point]], clip: PixelRect, row: (Int, Int, Int, UnsafePointer<UInt8>) -> Void) {
        guard shape.start(polygons, clip: clip) else { return }
        for y in shape.region.y..<shape.region.maxY {
            if let r = shape.row(y) { row(r.x, y, r.count, r.coverage) }
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
        if coverage.count < 2 * region.width { coverage = [UInt8](repeating: 0, count: 2 * region.width) }
        func overlap(_ i: Int, _ lo: Double, _ hi: Double) -> Double {
            max(0, min(Double(i + 1), hi) - max(Double(i), lo))
        }
        coverage.withUnsafeMutableBufferPointer { cov in
            // Rows wholly inside share one coverage row: the columns' own.
            let inside = cov.baseAddress!
            let edge = inside + region.width
            for i in 0..<region.width { inside[i] = UInt8(min(overlap(region.x + i, r.minX, r.maxX), 1) * 255 + 0.5) }
            for row in 0..<region.height {
                let cy = overlap(region.y + row, r.minY, r.maxY)
                var source = UnsafePointer(inside)
                if cy < 1 {
                    for i in 0..<region.width { edge[i] = UInt8(min(overlap(region.x + i, r.minX, r.maxX) * cy, 1) * 255 + 0.5) }
                    source = UnsafePointer(edge)
                }
                Rasterizer.blendRow(buffer.row(region.y + row) + region.x, coverage: source, count: region.width, color: color)
            }
        }
    }

    /// Blends one row through its coverage, choosing per run: skip where it is 0, store or
    /// blend uniformly where it is full, blend through the mask elsewhere.
    public static func blendRow(_ dst: UnsafeMutablePointer<UInt32>, coverage: UnsafePointer<UInt8>, count: Int, color: UInt32) {
        let opaque = color >> 24 == 255
        var i = 0
        while i < count {
            let c = coverage[i]
            var j = i + 1
            if c == 0 || c == 255 {
                j = i + ShapeScan.run(of: c, at: coverage + i, limit: count - i)
                if c == 255 {
                    if opaque {
                        SpanKernels.fill(dst + i, count: j - i, color: color)
                    } else {
                        SpanKernels.blend(dst + i, count: j - i, color: color)
                    }
                }
            } else {
                while j < count, coverage[j] != 0, coverage[j] != 255 { j += 1 }
                SpanKernels.blend(dst + i, coverage: coverage + i, count: j - i, color: color)
            }
            i = j
        }
    }

}
