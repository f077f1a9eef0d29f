import ReelCore
import ReelLayers
import ReelRaster

/// Draws a layer tree into premultiplied RGBA pixels the way Core Animation composites it:
/// background (rounded by `cornerRadius`), sublayers in `zPosition` order, border on top;
/// then `masksToBounds` clipping and opacity (as one picture where group opacity or
/// `shouldRasterize` asks for it). Each layer's 3D content is flattened into its
/// superlayer's plane, as CALayer does. One renderer per thread: it owns scratch memory and
/// the cache of rasterized layers.
public final class LayerRenderer {
    private let rasterizer = Rasterizer()
    private var rasterCache = RasterCache()

    public init() {}

    /// Renders `root` (coordinates in points) into `buffer`, `scale` pixels per point. The
    /// buffer is overwritten: pixels the tree leaves uncovered become transparent.
    public func render(_ root: Layer, into buffer: PixelBuffer, scale: Double) {
        buffer.clear(to: .clear)
        draw(root, parent: .scale(scale, scale), into: buffer, clip: PixelRect(x: 0, y: 0, width: buffer.width, height: buffer.height),
             opacity: 1)
        rasterCache.endFrame()
    }

    /// Draws `layer`, whose superlayer's plane maps to pixels by `parent`, faded by the
    /// opacity that ancestors without group opacity pass down.
    private func draw(_ layer: Layer, parent: Transform3D, into target: PixelBuffer, clip: PixelRect, opacity inherited: Double) {
        guard !layer.isHidden else { return }
        let effective = inherited * min(max(layer.opacity, 0), 1)
        guard effective > 0 else { return }
        let toDevice = layer.transformToSuperlayer.concatenating(parent)
        if layer.shouldRasterize {
            drawRasterized(layer, toDevice: toDevice, into: target, clip: clip, opacity: effective)
        } else {
            drawContent(layer, toDevice: toDevice, into: target, clip: clip, opacity: effective)
        }
    }

    /// The layer's elements faded by `opacity`: as one picture when group opacity is on and
    /// several elements could overlap, element by element otherwise.
    private func drawContent(_ layer: Layer, toDevice: Transform3D, into target: PixelBuffer, clip: PixelRect, opacity: Double) {
        guard opacity < 1, layer.allowsGroupOpacity, drawsSeveralElements(layer) else {
            drawElements(layer, toDevice: toDevice, into: target, clip: clip, opacity: opacity)
            return
        }
        let area = PixelRect(covering: deviceExtent(of: layer, toDevice: toDevice)).intersection(clip)
        offscreen(area, over: target, opacity: opacity, coverage: nil) { group, shift, groupClip in
            drawElements(layer, toDevice: toDevice.concatenating(shift), into: group, clip: groupClip, opacity: 1)
        }
    }

    /// Draws `body` into a transparent buffer covering `area`, then composites it over `target`
    /// through `coverage` (when given) and faded by `opacity`. `body` gets the buffer, the shift
    /// from target pixels to its pixels, and its clip.
    private func offscreen(_ area: PixelRect, over target: PixelBuffer, opacity: Double, coverage: CoverageMask?,
                           _ body: (PixelBuffer, Transform3D, PixelRect) -> Void) {
        guard !area.isEmpty else { return }
        let group = PixelBuffer(width: area.width, height: area.height)
        body(group, .translation(Double(-area.x), Double(-area.y)), PixelRect(x: 0, y: 0, width: area.width, height: area.height))
        let alpha = UInt32((opacity * 255).rounded())
        for row in 0..<area.height {
            let dst = target.row(area.y + row) + area.x
            if let coverage {
                SpanKernels.composite(dst, source: group.row(row), coverage: coverage.row(area.y + row) + (area.x - coverage.region.x),
                                      count: area.width, opacity: alpha)
            } else {
                SpanKernels.composite(dst, source: group.row(row), count: area.width, opacity: alpha)
            }
        }
    }

    /// `shouldRasterize`: the layer and its sublayers flattened into a bitmap in the layer's own
    /// space at `rasterizationScale`, then drawn through the layer's transform and faded as one
    /// picture. The bitmap is reused while the subtree's content does not change.
    private func drawRasterized(_ layer: Layer, toDevice: Transform3D, into target: PixelBuffer, clip: PixelRect, opacity: Double) {
        let scale = max(layer.rasterizationScale, 0.01)
        let extent = layer.masksToBounds ? layer.bounds : deviceExtent(of: layer, toDevice: .identity)
        guard extent.width > 0, extent.height > 0 else { return }
        let origin = Point(x: (extent.minX * scale).rounded(.down), y: (extent.minY * scale).rounded(.down))
        let width = Int((extent.maxX * scale).rounded(.up)) - Int(origin.x), height = Int((extent.maxY * scale).rounded(.up)) - Int(origin.y)
        guard width > 0, height > 0, width <= 16384, height <= 16384 else { return }
        let localToBitmap = Transform3D.scale(scale, scale).concatenating(.translation(-origin.x, -origin.y))
        let bitmap = rasterCache.bitmap(for: layer, scale: scale) {
            let b = PixelBuffer(width: width, height: height)
            drawContent(layer, toDevice: localToBitmap, into: b, clip: PixelRect(x: 0, y: 0, width: width, height: height), opacity: 1)
            return b
        }
        let bitmapToDevice = Transform3D.translation(origin.x, origin.y).concatenating(.scale(1 / scale, 1 / scale)).concatenating(toDevice)
        rasterizer.draw(image: bitmap, transform: bitmapToDevice, filter: .linear, opacity: UInt32((opacity * 255).rounded()),
                        into: target, clip: clip)
    }

    /// Background, sublayers (cut to the rounded bounds by `masksToBounds`), border, each
    /// faded by `opacity` on its own. The background and border lie inside the bounds already,
    /// so only the sublayers go through the clip: their edges meet the clip's, and the two
    /// coverages multiply.
    private func drawElements(_ layer: Layer, toDevice: Transform3D, into target: PixelBuffer, clip: PixelRect, opacity: Double) {
        let radius = cornerRadius(of: layer)
        if let background = layer.backgroundColor {
            fill(roundedRect: layer.bounds, radius: radius, transform: toDevice, color: background, opacity: opacity, into: target, clip: clip)
        }
        if layer.sublayers.contains(where: { !$0.isHidden }) {
            if !layer.masksToBounds {
                drawSublayers(layer, toDevice: toDevice, into: target, clip: clip, opacity: opacity)
            } else if radius == 0, let pixelClip = pixelAlignedRect(layer.bounds, toDevice) {
                // A clip along whole pixels needs no mask: it narrows the clip rectangle.
                drawSublayers(layer, toDevice: toDevice, into: target, clip: clip.intersection(pixelClip), opacity: opacity)
            } else {
                let shape = Path(roundedRect: layer.bounds, cornerRadius: radius).polygons(transform: toDevice)
                let area = PixelRect(covering: bounds(of: layer.bounds, toDevice)).intersection(clip)
                let mask = rasterizer.mask(shape, clip: area)
                offscreen(area, over: target, opacity: 1, coverage: mask) { group, shift, groupClip in
                    drawSublayers(layer, toDevice: toDevice.concatenating(shift), into: group, clip: groupClip, opacity: opacity)
                }
            }
        }
        if layer.borderWidth > 0 {
            drawBorder(layer, radius: radius, transform: toDevice, opacity: opacity, into: target, clip: clip)
        }
    }

    private func drawSublayers(_ layer: Layer, toDevice: Transform3D, into target: PixelBuffer, clip: PixelRect, opacity: Double) {
        let sublayerSpace = sublayerPlane(of: layer, toDevice: toDevice)
        for sublayer in layer.sublayersInDrawingOrder {
            draw(sublayer, parent: sublayerSpace, into: target, clip: clip, opacity: opacity)
        }
    }

    /// Maps the sublayers' space to pixels: through `sublayerTransform` (and the flip of
    /// `geometryFlipped`), then flat into this layer's plane.
    private func sublayerPlane(of layer: Layer, toDevice: Transform3D) -> Transform3D {
        layer.sublayerTransformInBounds.concatenating(.flatten).concatenating(toDevice)
    }

    /// The border: the rounded bounds less the bounds inset by `borderWidth` with corner
    /// radius max(0, radius - borderWidth); a border wider than half the layer fills it.
    private func drawBorder(_ layer: Layer, radius: Double, transform: Transform3D, opacity: Double, into target: PixelBuffer, clip: PixelRect) {
        let b = layer.bounds, w = layer.borderWidth
        let color = premultiplied(layer.borderColor, opacity)
        guard color != 0 else { return }
        var polygons = Path(roundedRect: b, cornerRadius: radius).polygons(transform: transform)
        if 2 * w < b.width, 2 * w < b.height {
            let inner = Rect(x: b.minX + w, y: b.minY + w, width: b.width - 2 * w, height: b.height - 2 * w)
            polygons += Path(roundedRect: inner, cornerRadius: max(0, radius - w)).polygons(transform: transform).map { $0.reversed() }
        }
        rasterizer.fill(polygons, color: color, into: target, clip: clip)
    }

    private func fill(roundedRect r: Rect, radius: Double, transform: Transform3D, color: Color, opacity: Double,
                      into target: PixelBuffer, clip: PixelRect) {
        let packed = premultiplied(color, opacity)
        guard packed != 0, !r.isEmpty else { return }
        if radius == 0, let affine = transform.affine, affine.isAxisAligned {
            rasterizer.fill(rect: bounds(of: r, transform), color: packed, into: target, clip: clip)
            return
        }
        rasterizer.fill(Path(roundedRect: r, cornerRadius: radius).polygons(transform: transform), color: packed, into: target, clip: clip)
    }

    private func premultiplied(_ color: Color, _ opacity: Double) -> UInt32 {
        var c = color
        c.alpha *= opacity
        return PixelBuffer.pack(c.premultipliedRGBA8)
    }

    /// `cornerRadius` clamped to half the shorter side (Reel's rule).
    private func cornerRadius(of layer: Layer) -> Double {
        max(0, min(layer.cornerRadius, layer.bounds.width / 2, layer.bounds.height / 2))
    }

    /// Whether fading the layer's elements one by one would differ from fading them as a group.
    private func drawsSeveralElements(_ layer: Layer) -> Bool {
        var count = layer.sublayers.contains { !$0.isHidden } ? 2 : 0
        if layer.backgroundColor != nil { count += 1 }
        if layer.borderWidth > 0 { count += 1 }
        return count > 1
    }

    /// The whole-pixel rectangle `r` lands on when `transform` maps it axis-aligned onto pixel edges; else nil.
    private func pixelAlignedRect(_ r: Rect, _ transform: Transform3D) -> PixelRect? {
        guard let a = transform.affine, a.isAxisAligned else { return nil }
        let d = bounds(of: r, transform)
        let edges = [d.minX, d.minY, d.maxX, d.maxY]
        guard edges.allSatisfy({ abs($0 - $0.rounded()) < 1e-9 }) else { return nil }
        return PixelRect(covering: d)
    }

    /// Bounding box of a rectangle's mapped corners (parts behind the eye clipped away).
    private func bounds(of r: Rect, _ transform: Transform3D) -> Rect {
        let points = Path(rect: r).polygons(transform: transform).flatMap { $0 }
        guard let first = points.first else { return .zero }
        var (x0, y0, x1, y1) = (first.x, first.y, first.x, first.y)
        for p in points { (x0, y0, x1, y1) = (min(x0, p.x), min(y0, p.y), max(x1, p.x), max(y1, p.y)) }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Bounding box, in the space `toDevice` maps to, of everything the layer and its visible
    /// sublayers draw (a clipping layer's sublayers stop at its bounds).
    private func deviceExtent(of layer: Layer, toDevice: Transform3D) -> Rect {
        var box = bounds(of: layer.bounds, toDevice)
        if layer.masksToBounds { return box }
        let sublayerSpace = sublayerPlane(of: layer, toDevice: toDevice)
        for s in layer.sublayers where !s.isHidden {
            box = box.union(deviceExtent(of: s, toDevice: s.transformToSuperlayer.concatenating(sublayerSpace)))
        }
        return box
    }
}
