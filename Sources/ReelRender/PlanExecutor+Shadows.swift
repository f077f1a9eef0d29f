import ReelCore
import ReelRaster

/// Shadows: slid under the layer's picture from its alpha, a path, or a kept blurred mask.
extension PlanExecutor {
    /// Slides a shadow under `picture`, which already holds the layer's elements (`unfaded`:
    /// their unfaded alpha, over the picture's pixels, for a `.maskAlpha` shape).
    func drawShadow(_ shadow: ShadowStep, under picture: PixelBuffer, unfaded: CoverageMask?) {
        guard shadow.color != 0 else { return }
        let area = PixelRect(x: 0, y: 0, width: picture.width, height: picture.height)
        let mark = arena.mark
        defer { arena.release(to: mark) }
        let clip = shadow.clip.map { polygons -> CoverageMask in
            let mask = arena.mask(area)
            rasterizer.mask(polygons, into: mask)
            return mask
        }
        if case .cached(let shape, let toTarget) = shadow.shape {
            let mask = shadows.mask(for: shape.key) { blurredMask(shape) }
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
            shape = coverage(of: picture, at: area, owned: false)
        }
        // The shape's region may lie elsewhere (a mask keeps its target's coordinates): blur
        // over it and read its rows from its own top.
        let region = PixelRect(x: shape.region.x, y: shape.region.y, width: area.width, height: area.height)
        let blurred = shadow.geometry.blur(shape, over: region)
        for y in 0..<area.height {
            let row = blurred.row(region.y + y)
            if let clip { SpanKernels.multiply(row, by: clip.row(y), count: area.width) }
            SpanKernels.blendUnder(picture.row(y), coverage: row, count: area.width, color: shadow.color)
        }
    }

    /// A kept mask drawn through `toTarget` (mask pixels to the picture's), row by row.
    func drawShadow(
        through mask: CoverageMask, toTarget: AffineTransform, color: UInt32, clip: CoverageMask?, under picture: PixelBuffer
    ) {
        guard let shadow = KeptShadow(mask: mask, toTarget: toTarget, color: color) else { return }
        for y in 0..<picture.height {
            guard let (walk, pixels) = shadow.span(row: y, limit: picture.width) else { continue }
            shadow.draw(
                walk: walk, pixels: pixels, under: picture.row(y), clip: clip.map { UnsafePointer($0.row(y)) },
                scratch: shadowPiece)
        }
    }

    /// Makes the blurred mask for a kept shadow: its shape as its deferred plan draws it (in
    /// mask pixels), moved by the offset and blurred, over every pixel the blur reaches (and two
    /// clear pixels around, so a walk may read just past it).
    func blurredMask(_ shape: DeferredPlan<ShadowCache.Key>) -> CoverageMask {
        let source: CoverageMask
        switch shape.make() {
        case .polygons(let polygons, let region):
            source = CoverageMask(region: region)
            rasterizer.mask(polygons, into: source)
        case .plan(let plan, let region):
            let mark = arena.mark
            let picture = arena.picture(width: region.width, height: region.height)
            draw(plan, into: picture)
            source = coverage(of: picture, at: region)
            arena.release(to: mark)
        }
        let geometry = shape.key.geometry
        let s = source.region
        let box = geometry.extent(
            of: Rect(x: Double(s.x), y: Double(s.y), width: Double(s.width), height: Double(s.height)))
        // Two clear pixels around what the blur reaches.
        return geometry.blur(source, over: PixelRect(covering: box.outset(by: 2)))
    }
}
