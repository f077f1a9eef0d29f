import ReelCore
import ReelLayers
import ReelRaster

/// Draws frame plans with the raster kernels. It owns what it reuses from frame to frame:
/// scratch memory for offscreen pictures and masks, the rasterizer's buffers, kept shadow
/// masks and `shouldRasterize` bitmaps. One executor per thread.
public final class PlanExecutor {
    let rasterizer = Rasterizer()
    let arena = ScratchArena()
    var shadows = ShadowCache()
    var rasterCache = RasterCache()
    var coverage = CoverageCache()
    let groupRows = GroupRows()
    let drawsByRows: Bool
    /// Memory for drawing a frame band by band (`runInBands`).
    private var bandMemory = UnsafeMutableRawPointer.allocate(byteCount: 0, alignment: 64)
    private var bandCapacity = 0
    /// One piece of a kept shadow's coverage.
    let shadowPiece = UnsafeMutablePointer<UInt8>.allocate(capacity: KeptShadow.piece)

    /// An executor; `drawsByRows: false` draws every group through an offscreen picture and
    /// every frame whole (the reference that row-by-row groups and bands are tested against).
    public init(drawsByRows: Bool = true) {
        self.drawsByRows = drawsByRows
    }

    deinit {
        shadowPiece.deallocate()
        bandMemory.deallocate()
    }

    /// Rows per band when a plan is drawn band by band: a band of a 1080p frame stays in the
    /// core's cache from the background to the last layer (and through `done`).
    public static let bandHeight = 32

    /// Draws `plan` onto `buffer` (its size is the plan's; pixels the plan leaves uncovered
    /// become transparent), reporting each step's cost to `clock` when one is given. What the
    /// caches lack (bitmaps, shadow shapes) is drawn from the plans the steps carry. A plan whose steps can all be cut by rows is
    /// drawn band by band, top to bottom; `done` is told each band's rows as it is finished
    /// (once, with every row, otherwise), so the caller can use them while they are in cache.
    /// With `over`, nothing is cleared: the plan draws over what `buffer` holds.
    public func run(
        _ plan: FramePlan, into buffer: PixelBuffer, over: Bool = false, clock: StepClock? = nil,
        done: (Range<Int>) -> Void = { _ in }
    ) {
        let schedule = Schedule(plan, groupsByRow: drawsByRows)
        draw(
            plan, schedule, bandHeight: schedule.inBands ? PlanExecutor.bandHeight : max(buffer.height, 1),
            clock: clock, clearing: !over
        ) { _ in
            buffer
        } done: { _, rows in
            done(rows)
        }
    }

    /// Draws `plan` a band at a time into memory of the executor's own that stays in cache,
    /// handing each band to `done` as a view that holds its rows and up to `carry` rows above
    /// them (carried over from the band before), with the band's rows. False, drawing nothing,
    /// when the plan cannot be cut into bands (see `Schedule`).
    public func runInBands(
        _ plan: FramePlan, clock: StepClock? = nil, carry: Int,
        done: (PixelBuffer, Range<Int>) -> Void
    ) -> Bool {
        let schedule = Schedule(plan, groupsByRow: drawsByRows)
        guard schedule.inBands, plan.width > 0, plan.height > 0 else { return false }
        let stride = PixelBuffer.stride(forWidth: plan.width)
        let held = PlanExecutor.bandHeight + carry
        if bandCapacity < stride * held {
            bandMemory.deallocate()
            bandCapacity = stride * held
            bandMemory = .allocate(byteCount: bandCapacity, alignment: 64)
        }
        var previous: Range<Int> = 0..<0
        draw(plan, schedule, bandHeight: PlanExecutor.bandHeight, clock: clock) { rows in
            // The last rows of the band before move to the front of the memory.
            let kept = max(rows.lowerBound - carry, previous.lowerBound)..<rows.lowerBound
            if !kept.isEmpty {
                bandMemory.copyMemory(
                    from: bandMemory + (kept.lowerBound - previous.lowerBound) * stride, byteCount: kept.count * stride)
            }
            previous = (kept.isEmpty ? rows.lowerBound : kept.lowerBound)..<rows.upperBound
            return PixelBuffer(width: plan.width, height: plan.height, rows: previous, borrowing: bandMemory)
        } done: { view, rows in
            done(view, rows)
        }
        return true
    }

    /// The band loop: each band of rows is drawn into the buffer `target` gives for it (cleared
    /// first unless the plan covers it opaquely), then handed to `done`; then the frame ends.
    private func draw(
        _ plan: FramePlan, _ schedule: Schedule, bandHeight: Int, clock: StepClock?, clearing: Bool = true,
        target: (Range<Int>) -> PixelBuffer, done: (PixelBuffer, Range<Int>) -> Void
    ) {
        let covered = !clearing || PlanExecutor.coversOpaquely(plan)
        // The kept shadow masks of the plan's row-drawn groups, by shadow step: each band finds
        // them without hashing the cache's keys again.
        var kept: [Int: CoverageMask] = [:]
        for top in Swift.stride(from: 0, to: plan.height, by: bandHeight) {
            let rows = top..<min(top + bandHeight, plan.height)
            let buffer = target(rows)
            if !covered { buffer.clear(rows: rows) }
            execute(
                plan, schedule, into: buffer, clock: clock,
                band: PixelRect(x: 0, y: rows.lowerBound, width: plan.width, height: rows.count), kept: &kept)
            done(buffer, rows)
        }
        shadows.endFrame()
        rasterCache.endFrame()
        coverage.endFrame()
        arena.endFrame()
    }

    /// The most the executor's caches keep: kept shadow masks, with `rasterizing` the
    /// `shouldRasterize` bitmaps (and one being made past their budget), and with `keepsText`
    /// the coverage of text.
    public static func cachedBytesLimit(rasterizing: Bool, keepsText: Bool = false) -> Int {
        ShadowCache.budget + (rasterizing ? RasterCache.budget + 4 * RasterCache.maximumPixels : 0)
            + (keepsText ? CoverageCache.budget : 0)
    }

    /// The most scratch memory drawing `plan` holds at once (offscreen pictures and masks, the
    /// way `run` draws it), and the step where it peaks: what a memory budget is checked
    /// against before a frame is drawn.
    public static func scratchPeak(of plan: FramePlan, drawsByRows: Bool = true) -> (bytes: Int, step: Int?) {
        let schedule = Schedule(plan, groupsByRow: drawsByRows)
        var held: [Int] = []
        var masks: [Int] = []
        var peak = (bytes: 0, step: Int?.none)
        func note(_ extra: Int, _ index: Int) {
            let now = held.reduce(0, +) + masks.reduce(0, +) + extra
            if now > peak.bytes { peak = (now, index) }
        }
        var index = 0
        while index < plan.steps.count {
            let step = plan.steps[index]
            let area = step.area.width * step.area.height
            if schedule.rowGroupEnd[index] >= 0 {
                index = schedule.rowGroupEnd[index] + 1
                continue
            }
            switch step.operation {
            case .beginGroup:
                held.append(PixelBuffer.stride(forWidth: max(step.area.width, 1)) * step.area.height)
                note(0, index)
            case .endMask:
                _ = held.popLast()
                masks.append(area)
                note(0, index)
            case .endGroup(_, let clip, _):
                if case .mask = clip { _ = masks.popLast() }
                note(area, index)
                _ = held.popLast()
            case .filter:
                // A blur: the source plane, four blurred channels, the floats between the passes
                // and the turned source: about 10 bytes a pixel.
                note(10 * area, index)
            case .shadow(let shadow):
                // A shadow blurred in device space: its shape, the blur's plane of floats
                // between the passes, and the blurred plane.
                if case .cached = shadow.shape { note(area, index) } else { note(6 * area, index) }
            case .image(_, _, _, let cut):
                note(cut == nil ? 0 : area, index)
            default:
                break
            }
            index += 1
        }
        return peak
    }

    /// Whether the plan's first step stores one opaque colour in every pixel (a background
    /// filling the frame), so the buffer need not be cleared first.
    static func coversOpaquely(_ plan: FramePlan) -> Bool {
        guard case .fillRect(let r, let color)? = plan.steps.first?.operation, color >> 24 == 255 else { return false }
        return r.minX <= 0 && r.minY <= 0 && r.maxX >= Double(plan.width) && r.maxY >= Double(plan.height)
            && plan.steps[0].area == PixelRect(x: 0, y: 0, width: plan.width, height: plan.height)
    }

    /// How a plan is drawn: which groups go row by row (the index of each one's `endGroup`,
    /// -1 for other steps) and whether every step can be cut to a band of rows (fills, images,
    /// kept bitmaps and groups drawn row by row; a picture, a mask or a shadow blurred in
    /// device space needs all its rows at once).
    struct Schedule {
        var rowGroupEnd: [Int]
        var inBands: Bool

        init(_ plan: FramePlan, groupsByRow: Bool) {
            rowGroupEnd = [Int](repeating: -1, count: plan.steps.count)
            inBands = groupsByRow
            var index = 0
            while index < plan.steps.count {
                switch plan.steps[index].operation {
                case .fillRect, .fillBeneath, .fillPolygons, .fillKept, .image, .rasterized, .gradient, .sprites:
                    break
                case .beginGroup:
                    if groupsByRow, let end = GroupRows.end(of: plan.steps, groupAt: index) {
                        rowGroupEnd[index] = end
                        index = end
                    } else {
                        inBands = false
                    }
                default:
                    inBands = false
                }
                index += 1
            }
        }
    }

    /// Bytes the executor holds between frames: scratch memory, band memory and kept shadow masks.
    public var retainedBytes: Int { arena.footprint + bandCapacity + shadows.byteCount + coverage.byteCount }

    /// Draws the steps of `plan` over `band` of `buffer` (steps on the buffer itself are cut
    /// to it; a plan with pictures is drawn with the whole buffer as its band). `kept` holds
    /// the kept shadow masks found for this plan's steps, from band to band.
    private func execute(
        _ plan: FramePlan, _ schedule: Schedule, into buffer: PixelBuffer, clock: StepClock?,
        band: PixelRect, kept: inout [Int: CoverageMask]
    ) {
        var targets: [(picture: PixelBuffer, mark: Int)] = [(buffer, arena.mark)]
        var masks: [CoverageMask] = []
        var index = 0
        while index < plan.steps.count {
            // Where the step may draw: cut to the band on the buffer, as planned in a picture.
            let onBuffer = targets.count == 1
            let area = onBuffer ? plan.steps[index].area.intersection(band) : plan.steps[index].area
            let end = schedule.rowGroupEnd[index]
            if onBuffer, area.isEmpty {
                index = max(index, end) + 1
                continue
            }
            let step = plan.steps[index]
            let started = clock?.start()
            defer {
                if let started { clock?.stop(step: index, started: started) }
                index += 1
            }
            let target = targets[targets.count - 1].picture
            if end >= 0, case .endGroup(let opacity, _, let blend) = plan.steps[end].operation {
                // Timed as one step, the group's landing.
                groupRows.draw(
                    plan.steps[(index + 1)..<end], area: step.area, rows: area.y..<area.maxY, opacity: opacity, blend: blend,
                    onto: target
                ) {
                    index, shape in
                    if let mask = kept[index] { return mask }
                    let mask = shadows.mask(for: shape.key) { blurredMask(shape) }
                    kept[index] = mask
                    return mask
                }
                index = end
                continue
            }
            switch step.operation {
            case .fillRect(let rect, let color):
                rasterizer.fill(rect: rect, color: color, into: target, clip: area)
            case .fillBeneath(let color):
                for y in area.y..<area.maxY { SpanKernels.blendUnder(target.row(y) + area.x, count: area.width, color: color) }
            case .fillPolygons(let polygons, let color):
                rasterizer.fill(polygons, color: color, into: target, clip: area)
            case .fillKept(let fill, let color):
                let mask = coverage.value(for: fill.key) { rasterizer.mask(fill.polygons(), clip: step.area) }
                let drawn = area.intersection(mask.region)
                for y in drawn.y..<drawn.maxY {
                    Rasterizer.blendRow(
                        target.row(y) + drawn.x, coverage: mask.row(y) + (drawn.x - mask.region.x), count: drawn.width,
                        color: color)
                }
            case .image(let source, let transform, let opacity, let cut):
                let mark = arena.mark
                let coverage = cut.map { polygons -> CoverageMask in
                    let mask = arena.mask(area)
                    rasterizer.mask(polygons, into: mask)
                    return mask
                }
                rasterizer.draw(source, transform: transform, opacity: opacity, into: target, clip: area, cut: coverage)
                arena.release(to: mark)
            case .gradient(let shader, let outline, let opacity):
                rasterizer.draw(shader, outline: outline, opacity: opacity, into: target, clip: area)
            case .sprites(let batch):
                SpriteKernels.draw(batch, into: target, clip: area)
            case .tint(let factors):
                for y in area.y..<area.maxY { SpanKernels.tint(target.row(y) + area.x, count: area.width, factors: factors) }
            case .beginGroup:
                let mark = arena.mark
                targets.append((arena.picture(width: step.area.width, height: step.area.height), mark))
            case .endMask(let mode):
                let (picture, mark) = targets.removeLast()
                masks.append(coverage(of: picture, at: step.area, mode: mode))
                arena.release(to: mark)
            case .endGroup(let opacity, let clip, let blend):
                let (picture, mark) = targets.removeLast()
                let coverage: CoverageMask?
                switch clip {
                case .none: coverage = nil
                case .mask: coverage = masks.removeLast()
                case .polygons(let polygons):
                    let mask = arena.mask(step.area)
                    rasterizer.mask(polygons, into: mask)
                    coverage = mask
                }
                let below = targets[targets.count - 1].picture
                if blend.clearsOutsideSource { Self.clear(below, outside: step.area) }
                composite(picture, at: step.area, over: below, opacity: opacity, coverage: coverage, blend: blend)
                arena.release(to: mark)
            case .filter(let filter):
                apply(filter, to: target, over: area)
            case .shadow(let shadow):
                let unfaded: CoverageMask? = if case .maskAlpha = shadow.shape { masks.removeLast() } else { nil }
                drawShadow(shadow, under: target, unfaded: unfaded)
            case .rasterized(let r):
                let bitmap = rasterCache.bitmap(for: r.content.key) {
                    let pixels = PixelBuffer(width: r.width, height: r.height)
                    if case .plan(let plan, _) = r.content.make() { draw(plan, into: pixels) }
                    return Image(pixels: pixels, mipmapped: false)
                }
                rasterizer.draw(
                    ImageSource(image: bitmap, filter: .linear), transform: r.bitmapToTarget, opacity: r.opacity, into: target,
                    clip: area)
            }
        }
    }

    /// Lands `picture` (the pixels of `area`) on the part of `target` inside it, faded by
    /// `opacity`, cut by `coverage` and combined by `blend`.
    private func composite(
        _ picture: PixelBuffer, at area: PixelRect, over target: PixelBuffer, opacity: UInt32, coverage: CoverageMask?,
        blend: BlendMode = .normal
    ) {
        let shown = area.intersection(PixelRect(x: 0, y: target.rows.lowerBound, width: target.width, height: target.rows.count))
        guard !shown.isEmpty else { return }
        let dx = shown.x - area.x
        for y in shown.y..<shown.maxY {
            let source = picture.row(y - area.y) + dx
            // Transparent ends of the row change nothing below (unless the operator clears
            // where the source is transparent): only the rest is composited.
            let visible = blend.clearsOutsideSource ? 0..<shown.width : SpanKernels.visibleRange(source, count: shown.width)
            guard !visible.isEmpty else { continue }
            let dst = target.row(y) + shown.x + visible.lowerBound
            let cut = coverage.map { UnsafePointer($0.row(y) + (shown.x - $0.region.x) + visible.lowerBound) }
            switch (blend, cut) {
            // Source-over inlined: most groups land so.
            case (.normal, nil):
                SpanKernels.composite(dst, source: source + visible.lowerBound, count: visible.count, opacity: opacity)
            case (.normal, let cut?):
                SpanKernels.composite(
                    dst, source: source + visible.lowerBound, coverage: cut, count: visible.count, opacity: opacity)
            default:
                BlendKernels.composite(
                    dst, source: source + visible.lowerBound, coverage: cut, count: visible.count, opacity: opacity, mode: blend)
            }
        }
    }

    /// Clears every pixel of `target` outside `area`: where an operator that clears without a
    /// source (`sourceIn`, ...) meets the transparent rest of its isolation group.
    static func clear(_ target: PixelBuffer, outside area: PixelRect) {
        let all = PixelRect(x: 0, y: target.rows.lowerBound, width: target.width, height: target.rows.count)
        let kept = area.intersection(all)
        for y in all.y..<all.maxY {
            let row = target.row(y)
            guard !kept.isEmpty, y >= kept.y, y < kept.maxY else {
                row.update(repeating: 0, count: all.width)
                continue
            }
            row.update(repeating: 0, count: kept.x)
            (row + kept.maxX).update(repeating: 0, count: all.maxX - kept.maxX)
        }
    }

    /// A filter on the open picture over `area`: each channel blurred on its own (premultiplied
    /// colour blurs as the picture does), or the colour matrix pixel by pixel.
    private func apply(_ filter: FilterStep, to picture: PixelBuffer, over area: PixelRect) {
        guard !area.isEmpty else { return }
        switch filter {
        case .blur(let sigma, let source, let output):
            guard sigma > 0 else { return }
            // Each channel of what lies in `source`, blurred over `output`.
            let plane = CoverageMask(region: source)
            let channels = (0..<4).map { channel -> CoverageMask in
                let shift = UInt32(8 * channel)
                for y in source.y..<source.maxY {
                    let src = picture.row(y) + source.x
                    let out = plane.row(y)
                    for x in 0..<source.width { out[x] = UInt8(truncatingIfNeeded: src[x] >> shift) }
                }
                return GaussianBlur.apply(plane, region: output, sigma: sigma, shift: .zero)
            }
            for y in area.y..<area.maxY { (picture.row(y) + area.x).update(repeating: 0, count: area.width) }
            for y in output.y..<output.maxY {
                let dst = picture.row(y) + output.x
                let (r, g, b, a) = (channels[0].row(y), channels[1].row(y), channels[2].row(y), channels[3].row(y))
                for x in 0..<output.width {
                    dst[x] = UInt32(r[x]) | UInt32(g[x]) << 8 | UInt32(b[x]) << 16 | UInt32(a[x]) << 24
                }
                // Each channel rounded on its own: colour may pass alpha by a level.
                SpanKernels.clampToAlpha(dst, count: output.width)
            }
        case .colorMatrix(let matrix):
            let m = ColorMatrix(matrix)
            for y in area.y..<area.maxY { m.apply(picture.row(y) + area.x, count: area.width) }
        }
    }

    /// A picture as coverage over `area` (the picture's pixels are `area`'s): its alpha, or
    /// what a mask of `mode` reads from it; in memory of its own (`owned`) or the arena's.
    func coverage(
        of picture: PixelBuffer, at area: PixelRect, mode: MaskMode = .alpha, owned: Bool = true
    ) -> CoverageMask {
        let mask = owned ? CoverageMask(region: area) : arena.mask(area)
        for y in 0..<area.height {
            let row = mask.row(area.y + y)
            if mode.readsLuminance {
                SpanKernels.extractLuminance(picture.row(y), count: area.width, into: row)
            } else {
                SpanKernels.extractAlpha(picture.row(y), count: area.width, into: row)
            }
            if mode.isInverted { SpanKernels.invert(row, count: area.width) }
        }
        return mask
    }

    /// Draws a sub-plan (a kept bitmap's, a kept shadow's shape) into the whole of `picture`.
    func draw(_ plan: FramePlan, into picture: PixelBuffer) {
        var memo: [Int: CoverageMask] = [:]
        execute(
            plan, Schedule(plan, groupsByRow: drawsByRows), into: picture, clock: nil,
            band: PixelRect(x: 0, y: 0, width: picture.width, height: picture.height), kept: &memo)
    }

}
