import ReelCore
import ReelLayers
import ReelRaster

/// Draws frame plans with the raster kernels. It owns what it reuses from frame to frame:
/// scratch memory for offscreen pictures and masks, the rasterizer's buffers, kept shadow
/// masks and `shouldRasterize` bitmaps. One executor per thread.
public final class PlanExecutor {
    private let rasterizer = Rasterizer()
    private let arena = ScratchArena()
    private var shadows = ShadowCache()
    private var rasterCache = RasterCache()
    /// Pixels per piece of a shadow row: pieces under opaque pixels are skipped.
    private static let shadowPiece = 32
    /// Coverage rows for shadows drawn through a kept mask.
    private var coverageRow = CoverageMask(region: PixelRect(x: 0, y: 0, width: 1, height: 1))

    public init() {}

    /// Draws `plan` over what `buffer` holds (its size is the plan's), reporting each step's
    /// cost to `clock` when one is given. `planner` plans what caches lack (bitmaps and masks).
    public func run(_ plan: FramePlan, into buffer: PixelBuffer, planner: FramePlanner, clock: StepClock? = nil) {
        execute(plan, into: buffer, planner: planner, clock: clock)
        shadows.endFrame()
        rasterCache.endFrame()
        arena.endFrame()
    }

    /// Bytes the executor holds between frames: scratch memory and kept shadow masks.
    public var retainedBytes: Int { arena.footprint + shadows.byteCount }

    private func execute(_ plan: FramePlan, into buffer: PixelBuffer, planner: FramePlanner, clock: StepClock?) {
        var targets: [(picture: PixelBuffer, mark: Int)] = [(buffer, arena.mark)]
        var masks: [CoverageMask] = []
        for (index, step) in plan.steps.enumerated() {
            let started = clock?.start()
            let target = targets[targets.count - 1].picture
            switch step.operation {
            case let .fillRect(rect, color):
                rasterizer.fill(rect: rect, color: color, into: target, clip: step.area)
            case let .fillPolygons(polygons, color):
                rasterizer.fill(polygons, color: color, into: target, clip: step.area)
            case let .image(source, transform, opacity, cut):
                let mark = arena.mark
                let coverage = cut.map { polygons -> CoverageMask in
                    let mask = arena.mask(step.area)
                    rasterizer.mask(polygons, into: mask)
                    return mask
                }
                rasterizer.draw(source, transform: transform, opacity: opacity, into: target, clip: step.area, cut: coverage)
                arena.release(to: mark)
            case .beginGroup:
                let mark = arena.mark
                targets.append((arena.picture(width: step.area.width, height: step.area.height), mark))
            case .endMask:
                let (picture, mark) = targets.removeLast()
                masks.append(alpha(of: picture, at: step.area, owned: true))
                arena.release(to: mark)
            case let .endGroup(opacity, clip):
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
                composite(picture, at: step.area, over: targets[targets.count - 1].picture, opacity: opacity, coverage: coverage)
                arena.release(to: mark)
            case .shadow(let shadow):
                let unfaded: CoverageMask? = if case .maskAlpha = shadow.shape { masks.removeLast() } else { nil }
                drawShadow(shadow, under: target, unfaded: unfaded, planner: planner)
            case .rasterized(let r):
                let bitmap = rasterCache.bitmap(for: r.content, scale: r.scale) {
                    let pixels = PixelBuffer(width: r.width, height: r.height)
                    execute(planner.plan(r), into: pixels, planner: planner, clock: nil)
                    return Image(pixels: pixels, mipmapped: false)
                }
                rasterizer.draw(ImageSource(image: bitmap, filter: .linear), transform: r.bitmapToTarget, opacity: r.opacity, into: target,
                                clip: step.area)
            }
            if let started { clock?.stop(step: index, started: started) }
        }
    }

    /// Lands `picture` (the pixels of `area`) on `target`, faded by `opacity` and cut by `coverage`.
    private func composite(_ picture: PixelBuffer, at area: PixelRect, over target: PixelBuffer, opacity: UInt32, coverage: CoverageMask?) {
        for row in 0..<area.height {
            // Transparent ends of the row change nothing below: only the rest is composited.
            let source = picture.row(row)
            let visible = SpanKernels.visibleRange(source, count: area.width)
            guard !visible.isEmpty else { continue }
            let dst = target.row(area.y + row) + area.x + visible.lowerBound
            if let coverage {
                SpanKernels.composite(dst, source: source + visible.lowerBound,
                                      coverage: coverage.row(area.y + row) + (area.x - coverage.region.x) + visible.lowerBound,
                                      count: visible.count, opacity: opacity)
            } else {
                SpanKernels.composite(dst, source: source + visible.lowerBound, count: visible.count, opacity: opacity)
            }
        }
    }

    /// The alpha of `picture` as coverage over `area` (the picture's pixels are `area`'s).
    private func alpha(of picture: PixelBuffer, at area: PixelRect, owned: Bool) -> CoverageMask {
        let mask = owned ? CoverageMask(region: area) : arena.mask(area)
        for y in 0..<area.height { SpanKernels.extractAlpha(picture.row(y), count: area.width, into: mask.row(area.y + y)) }
        return mask
    }

    /// Slides a shadow under `picture`, which already holds the layer's elements (`unfaded`:
    /// their unfaded alpha, over the picture's pixels, for a `.maskAlpha` shape).
    private func drawShadow(_ shadow: ShadowStep, under picture: PixelBuffer, unfaded: CoverageMask?, planner: FramePlanner) {
        guard shadow.color != 0 else { return }
        let area = PixelRect(x: 0, y: 0, width: picture.width, height: picture.height)
        let mark = arena.mark
        defer { arena.release(to: mark) }
        let clip = shadow.clip.map { polygons -> CoverageMask in
            let mask = arena.mask(area)
            rasterizer.mask(polygons, into: mask)
            return mask
        }
        if case let .cached(key, toTarget) = shadow.shape {
            let mask = shadows.mask(for: key) { blurredMask(key, planner: planner) }
            drawShadow(through: mask, toTarget: toTarget, color: shadow.color, clip: clip, under: picture)
            return
        }
        let shape: CoverageMask
        switch shadow.shape {
        case .polygons(let polygons):
            shape = arena.mask(area)
            rasterizer.mask(polygons, into: shape)
        case .maskAlpha where unfaded != nil:
            shape = unfaded!
        default:
            shape = alpha(of: picture, at: area, owned: false)
        }
        // The shape's region may lie elsewhere (a mask keeps its target's coordinates): blur
        // over it and read its rows from its own top.
        let region = PixelRect(x: shape.region.x, y: shape.region.y, width: area.width, height: area.height)
        let blurred = GaussianBlur.apply(shape, region: region, horizontal: .init(sigma: shadow.sigma, shift: shadow.offset.x),
                                         vertical: .init(sigma: shadow.sigma, shift: shadow.offset.y))
        for y in 0..<area.height {
            let row = blurred.row(region.y + y)
            if let clip { SpanKernels.multiply(row, by: clip.row(y), count: area.width) }
            SpanKernels.blendUnder(picture.row(y), coverage: row, count: area.width, color: shadow.color)
        }
    }

    /// A kept mask drawn through `toTarget` (mask pixels to the picture's), row by row: each
    /// row's walk through the mask is cut to the run that can read it, the rest stays clear.
    private func drawShadow(through mask: CoverageMask, toTarget: AffineTransform, color: UInt32, clip: CoverageMask?, under picture: PixelBuffer) {
        guard let inverse = toTarget.inverted else { return }
        let width = picture.width
        if coverageRow.region.width < width { coverageRow = CoverageMask(region: PixelRect(x: 0, y: 0, width: width, height: 1)) }
        let row = coverageRow.row(0)
        for y in 0..<picture.height {
            let start = inverse.apply(Point(x: 0.5, y: Double(y) + 0.5))
            guard let walk = MaskSampling.Walk(x: start.x, y: start.y, dx: inverse.a, dy: inverse.b),
                  let run = MaskSampling.span(of: walk, count: width, inside: mask.region) else { continue }
            // In pieces, skipping those the picture covers opaquely: nothing slid under them shows.
            let line = picture.row(y)
            var x = run.lowerBound
            while x < run.upperBound {
                let count = min(PlanExecutor.shadowPiece, run.upperBound - x)
                defer { x += count }
                if SpanKernels.isOpaque(line + x, count: count) { continue }
                let from = MaskSampling.Walk(u: walk.u &+ Int32(x) &* walk.du, v: walk.v &+ Int32(x) &* walk.dv, du: walk.du, dv: walk.dv)
                MaskSampling.bilinear(mask, from, count: count, into: row)
                if let clip { SpanKernels.multiply(row, by: clip.row(y) + x, count: count) }
                SpanKernels.blendUnder(line + x, coverage: row, count: count, color: color)
            }
        }
    }

    /// Makes the blurred mask for `key`: the shape drawn at the key's scale in the layer's own
    /// space, moved by the offset and blurred, over every pixel the blur reaches (and two
    /// clear pixels around, so a walk may read just past it).
    private func blurredMask(_ key: ShadowCache.Key, planner: FramePlanner) -> CoverageMask {
        let scale = key.scale
        let source: CoverageMask
        switch key.shape {
        case .path(let path):
            let polygons = path.polygons(transform: .scale(scale, scale))
            let points = polygons.flatMap { $0 }
            let xs = points.map(\.x), ys = points.map(\.y)
            let box = points.isEmpty ? PixelRect(x: 0, y: 0, width: 1, height: 1)
                : PixelRect(covering: Rect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!))
            source = CoverageMask(region: box.isEmpty ? PixelRect(x: box.x, y: box.y, width: 1, height: 1) : box)
            rasterizer.mask(polygons, into: source)
        case .elements(let layer):
            let e = planner.elementsExtent(of: layer)
            var box = PixelRect(covering: Rect(x: e.minX * scale, y: e.minY * scale, width: e.width * scale, height: e.height * scale))
            if box.isEmpty { box = PixelRect(x: box.x, y: box.y, width: 1, height: 1) }
            let mark = arena.mark
            let picture = arena.picture(width: box.width, height: box.height)
            execute(planner.plan(elementsOf: layer, scale: scale, region: box), into: picture, planner: planner, clock: nil)
            source = alpha(of: picture, at: box, owned: true)
            arena.release(to: mark)
        }
        let sigma = key.sigma
        let offset = Point(x: key.offset.width * scale, y: key.offset.height * scale)
        let reach = Int((3 * sigma).rounded(.up)) + 4
        let s = source.region
        let region = PixelRect(covering: Rect(x: Double(s.x) + offset.x - Double(reach), y: Double(s.y) + offset.y - Double(reach),
                                              width: Double(s.width + 2 * reach), height: Double(s.height + 2 * reach)))
        return GaussianBlur.apply(source, region: region, horizontal: .init(sigma: sigma, shift: offset.x),
                                  vertical: .init(sigma: sigma, shift: offset.y))
    }
}
