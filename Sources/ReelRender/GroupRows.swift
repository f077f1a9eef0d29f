import ReelCore
import ReelRaster

/// Draws a group of filled shapes and a kept shadow (a card: background, border, shadow,
/// faded as one) straight onto its target, one row at a time, with no offscreen picture.
/// Each row is worked out as the group's picture would hold it, so the bytes are the same:
/// the shapes' coverage comes from one scan per shape in flight, and where every step leaves
/// one uniform colour (a solid background inside its border, which hides the shadow) the
/// row is landed as that colour without drawing the steps; only the edges go through a
/// one-row picture. One per executor; it keeps its memory from group to group.
final class GroupRows {
    /// The most shapes one group may hold to be drawn this way.
    static let maximumShapes = 4

    private enum Element {
        case fill(scan: Int, color: UInt32)
        case shadow(KeptShadow)
    }

    private var scans: [ShapeScan] = []
    /// Each shape's row being drawn (the hot loops reach it through this pointer, not a property).
    private let shapeRows = UnsafeMutablePointer<ShapeScan.Row?>.allocate(capacity: GroupRows.maximumShapes)
    private var elements: [Element] = []
    /// One row of the group's picture, and one piece of shadow coverage.
    private var line = UnsafeMutablePointer<UInt32>.allocate(capacity: 0), lineCapacity = 0
    private let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: KeptShadow.piece)

    init() {
        shapeRows.initialize(repeating: nil, count: GroupRows.maximumShapes)
    }

    deinit {
        shapeRows.deinitialize(count: GroupRows.maximumShapes)
        shapeRows.deallocate()
        line.deallocate()
        scratch.deallocate()
    }

    /// The index of the `endGroup` closing the group opened at `begin` when everything in it
    /// can be drawn row by row (fills, kept shadows without a clip, no nested picture, landed
    /// uncut); nil otherwise.
    static func end(of steps: [DrawStep], groupAt begin: Int) -> Int? {
        var shapes = 0
        for i in (begin + 1)..<steps.count {
            switch steps[i].operation {
            case .fillPolygons:
                shapes += 1
                guard shapes <= maximumShapes else { return nil }
            case .shadow(let shadow):
                guard case .cached = shadow.shape, shadow.clip == nil else { return nil }
            case .endGroup(_, clip: .none, let blend) where !blend.clearsOutsideSource:
                return i
            default:
                return nil
            }
        }
        return nil
    }

    /// Draws `steps` (what `end(of:groupAt:)` accepted, in the group's pixels) onto `target`
    /// over the part of `area` in target rows `rows`, faded by `opacity`, landed with `blend`;
    /// `mask` gives the kept mask of the shadow step at an index.
    func draw(
        _ steps: ArraySlice<DrawStep>, area: PixelRect, rows: Range<Int>, opacity: UInt32, blend: BlendMode = .normal,
        onto target: PixelBuffer,
        mask: (Int, DeferredPlan<ShadowCache.Key>) -> CoverageMask
    ) {
        let width = area.width
        let band = rows.clamped(to: area.y..<area.maxY)
        guard !band.isEmpty else { return }
        let inside = PixelRect(x: 0, y: band.lowerBound - area.y, width: width, height: band.count)
        elements.removeAll(keepingCapacity: true)
        var used = 0
        for index in steps.indices {
            switch steps[index].operation {
            case .fillPolygons(let polygons, let color) where color != 0:
                if used == scans.count { scans.append(ShapeScan()) }
                if scans[used].start(polygons, clip: steps[index].area.intersection(inside)) {
                    elements.append(.fill(scan: used, color: color))
                    used += 1
                }
            case .shadow(let s):
                if case .cached(let shape, let toTarget) = s.shape, s.color != 0,
                    let shadow = KeptShadow(mask: mask(index, shape), toTarget: toTarget, color: s.color)
                {
                    elements.append(.shadow(shadow))
                }
            default:
                break
            }
        }
        guard !elements.isEmpty else { return }
        if lineCapacity < width {
            line.deallocate()
            line = .allocate(capacity: width)
            lineCapacity = width
        }
        let (elements, scans) = (self.elements, self.scans)
        for y in (band.lowerBound - area.y)..<(band.upperBound - area.y) {
            drawRow(y, elements, scans, width: width, opacity: opacity, blend: blend, onto: target.row(area.y + y) + area.x)
        }
        for scan in scans[0..<used] { scan.finish() }
    }

    /// Row `y` of the group: its covered pixels, the run every step leaves uniform, the rest
    /// drawn through the one-row picture; each landed on `dst` (the target row at the group's x).
    private func drawRow(
        _ y: Int, _ elements: [Element], _ scans: [ShapeScan], width: Int, opacity: UInt32, blend: BlendMode,
        onto dst: UnsafeMutablePointer<UInt32>
    ) {
        let rows = shapeRows
        var lo = width
        var hi = 0
        var shadowWalk: (walk: MaskSampling.Walk, pixels: Range<Int>)?
        for element in elements {
            switch element {
            case .fill(let scan, _):
                rows[scan] = scans[scan].row(y)
                if let r = rows[scan] { (lo, hi) = (min(lo, r.x), max(hi, r.x + r.count)) }
            case .shadow(let shadow):
                shadowWalk = shadow.span(row: y, limit: width)
                if let s = shadowWalk { (lo, hi) = (min(lo, s.pixels.lowerBound), max(hi, s.pixels.upperBound)) }
            }
        }
        guard lo < hi else { return }
        // The run where every step leaves one colour: an opaque solid run sets it, a shape
        // that crosses it narrows it to its own solid run, a shadow keeps only an opaque one.
        var uniform = lo..<hi
        var color: UInt32 = 0
        for element in elements where !uniform.isEmpty {
            switch element {
            case .fill(let scan, let fill):
                guard let r = rows[scan] else { continue }
                if r.solid.value == 255, fill >> 24 == 255 {
                    (uniform, color) = (r.solid.range, fill)
                } else if uniform.overlaps(r.x..<(r.x + r.count)) {
                    uniform = uniform.clamped(to: r.solid.range)
                    color = ScalarPixel.over(ScalarPixel.scale(fill, by: UInt32(r.solid.value)), color)
                }
            case .shadow:
                if color >> 24 != 255 { uniform = lo..<lo }
            }
        }
        if uniform.isEmpty {
            drawPixels(lo..<hi, elements, shadowWalk, opacity: opacity, blend: blend, onto: dst)
            return
        }
        drawPixels(lo..<uniform.lowerBound, elements, shadowWalk, opacity: opacity, blend: blend, onto: dst)
        drawPixels(uniform.upperBound..<hi, elements, shadowWalk, opacity: opacity, blend: blend, onto: dst)
        guard blend == .normal else {
            // One colour landed with the operator.
            BlendKernels.blend(dst + uniform.lowerBound, count: uniform.count, color: color, opacity: opacity, mode: blend)
            return
        }
        let landed = ScalarPixel.scale(color, by: opacity)
        if landed >> 24 == 255 {
            SpanKernels.fill(dst + uniform.lowerBound, count: uniform.count, color: landed)
        } else if landed != 0 {
            SpanKernels.blend(dst + uniform.lowerBound, count: uniform.count, color: landed)
        }
    }

    /// Draws every step over `pixels` of the one-row picture, then lands them on `dst` with `blend`.
    private func drawPixels(
        _ pixels: Range<Int>, _ elements: [Element], _ shadowWalk: (walk: MaskSampling.Walk, pixels: Range<Int>)?,
        opacity: UInt32, blend: BlendMode, onto dst: UnsafeMutablePointer<UInt32>
    ) {
        guard !pixels.isEmpty else { return }
        let (rows, line, scratch) = (shapeRows, self.line, self.scratch)
        (line + pixels.lowerBound).update(repeating: 0, count: pixels.count)
        for element in elements {
            switch element {
            case .fill(let scan, let color):
                guard let r = rows[scan] else { continue }
                let part = pixels.clamped(to: r.x..<(r.x + r.count))
                guard !part.isEmpty else { continue }
                Rasterizer.blendRow(
                    line + part.lowerBound, coverage: r.coverage + (part.lowerBound - r.x), count: part.count, color: color)
            case .shadow(let shadow):
                guard let s = shadowWalk else { continue }
                shadow.draw(walk: s.walk, pixels: pixels.clamped(to: s.pixels), under: line, clip: nil, scratch: scratch)
            }
        }
        let visible = SpanKernels.visibleRange(line + pixels.lowerBound, count: pixels.count)
        guard !visible.isEmpty else { return }
        let start = pixels.lowerBound + visible.lowerBound
        if blend == .normal {
            // Source-over inlined: the common card edge.
            SpanKernels.composite(dst + start, source: line + start, count: visible.count, opacity: opacity)
        } else {
            BlendKernels.composite(
                dst + start, source: line + start, coverage: nil, count: visible.count, opacity: opacity, mode: blend)
        }
    }
}
