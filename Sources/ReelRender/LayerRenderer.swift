#if canImport(Glibc)
import Glibc
#endif
import ReelCore
import ReelLayers
import ReelRaster

/// Draws a layer tree into premultiplied RGBA pixels the way Core Animation composites it:
/// shadow, background (rounded by `cornerRadius`), contents, sublayers in `zPosition` order,
/// border on top; then `masksToBounds` clipping, the `mask` layer and opacity (as one picture
/// where group opacity or `shouldRasterize` asks for it). Each layer's 3D content is flattened
/// into its superlayer's plane, as CALayer does. One renderer per thread: it owns scratch
/// memory and the cache of rasterized layers.
public final class LayerRenderer {
    private let rasterizer = Rasterizer()
    private var rasterCache = RasterCache()
    /// Decoded images by asset name, for `contents`.
    private var images: [String: Image] = [:]

    public init() {}

    /// Renders `root` (coordinates in points) into `buffer`, `scale` pixels per point, with
    /// `images` for the layers' `contents`. The buffer is overwritten: pixels the tree leaves
    /// uncovered become transparent.
    public func render(_ root: Layer, into buffer: PixelBuffer, scale: Double, images: [String: Image] = [:]) {
        self.images = images
        buffer.clear(to: .clear)
        draw(root, parent: .scale(scale, scale), into: buffer, clip: PixelRect(x: 0, y: 0, width: buffer.width, height: buffer.height),
             opacity: 1)
        rasterCache.endFrame()
    }

    /// Draws `layer`, whose superlayer's plane maps to pixels by `parent`, faded by the
    /// opacity that ancestors without group opacity pass down.
    private func draw(_ layer: Layer, parent: Transform3D, into target: PixelBuffer, clip: PixelRect, opacity inherited: Double,
                      transformIncluded: Bool = false) {
        guard !layer.isHidden else { return }
        let effective = inherited * min(max(layer.opacity, 0), 1)
        guard effective > 0 else { return }
        let toDevice = transformIncluded ? parent : layer.transformToSuperlayer.concatenating(parent)
        if layer.shouldRasterize {
            drawRasterized(layer, toDevice: toDevice, into: target, clip: clip, opacity: effective)
        } else {
            drawContent(layer, toDevice: toDevice, into: target, clip: clip, opacity: effective)
        }
    }

    /// The layer's elements faded by `opacity`: as one picture when group opacity is on and
    /// several elements could overlap, element by element otherwise. A shadow or a mask layer
    /// also needs the layer's picture first: the shadow goes beneath it, the mask multiplies it.
    private func drawContent(_ layer: Layer, toDevice: Transform3D, into target: PixelBuffer, clip: PixelRect, opacity: Double) {
        let shadow = shadowColor(of: layer)
        let mask = layer.mask.flatMap { $0.isHidden ? nil : $0 }
        let groups = opacity < 1 && layer.allowsGroupOpacity && drawsSeveralElements(layer)
        guard shadow != nil || mask != nil || groups else {
            drawElements(layer, toDevice: toDevice, into: target, clip: clip, opacity: opacity)
            return
        }
        let elementOpacity = groups ? 1 : opacity
        var area = PixelRect(covering: deviceExtent(of: layer, toDevice: toDevice)).intersection(clip)
        let maskToDevice = mask.map { $0.transformToSuperlayer.concatenating(.flatten).concatenating(toDevice) }
        if let mask, let maskToDevice {
            // Nothing shows outside the mask layer.
            area = area.intersection(PixelRect(covering: deviceExtent(of: mask, toDevice: maskToDevice)))
        }
        guard !area.isEmpty else { return }
        let shift = Transform3D.translation(Double(-area.x), Double(-area.y))
        var coverage: CoverageMask?
        if let mask, let maskToDevice {
            let picture = PixelBuffer(width: area.width, height: area.height)
            draw(mask, parent: maskToDevice.concatenating(shift), into: picture,
                 clip: PixelRect(x: 0, y: 0, width: area.width, height: area.height), opacity: 1, transformIncluded: true)
            coverage = alpha(of: picture, at: area)
        }
        offscreen(area, over: target, opacity: groups ? opacity : 1, coverage: coverage) { picture, shift, pictureClip in
            let local = toDevice.concatenating(shift)
            drawElements(layer, toDevice: local, into: picture, clip: pictureClip, opacity: elementOpacity)
            if let shadow {
                drawShadow(of: layer, color: shadow, opacity: elementOpacity, toDevice: local, under: picture)
            }
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
        guard extent.width > 0, extent.height > 0, extent.width * scale <= 16384, extent.height * scale <= 16384,
              abs(extent.minX * scale) < 1e9, abs(extent.minY * scale) < 1e9 else { return }
        let origin = Point(x: (extent.minX * scale).rounded(.down), y: (extent.minY * scale).rounded(.down))
        let width = Int((extent.maxX * scale).rounded(.up)) - Int(origin.x), height = Int((extent.maxY * scale).rounded(.up)) - Int(origin.y)
        guard width > 0, height > 0, width <= 16384, height <= 16384 else { return }
        let localToBitmap = Transform3D.scale(scale, scale).concatenating(.translation(-origin.x, -origin.y))
        let bitmap = rasterCache.bitmap(for: layer, scale: scale) {
            let b = PixelBuffer(width: width, height: height)
            drawContent(layer, toDevice: localToBitmap, into: b, clip: PixelRect(x: 0, y: 0, width: width, height: height), opacity: 1)
            return Image(pixels: b, mipmapped: false)
        }
        let bitmapToDevice = Transform3D.translation(origin.x, origin.y).concatenating(.scale(1 / scale, 1 / scale)).concatenating(toDevice)
        rasterizer.draw(ImageSource(image: bitmap, filter: .linear), transform: bitmapToDevice, opacity: UInt32((opacity * 255).rounded()),
                        into: target, clip: clip)
    }

    /// Background, contents and sublayers (cut to the rounded bounds by `masksToBounds`),
    /// border, each faded by `opacity` on its own. The background and border lie inside the
    /// bounds already, so only contents and sublayers go through the clip: their edges meet
    /// the clip's, and the two coverages multiply.
    private func drawElements(_ layer: Layer, toDevice: Transform3D, into target: PixelBuffer, clip: PixelRect, opacity: Double) {
        let radius = cornerRadius(of: layer)
        if let background = layer.backgroundColor {
            fill(roundedRect: layer.bounds, radius: radius, transform: toDevice, color: background, opacity: opacity, into: target, clip: clip)
        }
        let contents = contentsSource(of: layer, toDevice: toDevice)
        if contents != nil || layer.sublayers.contains(where: { !$0.isHidden }) {
            let inner = { (toDevice: Transform3D, target: PixelBuffer, clip: PixelRect) in
                if let contents {
                    self.rasterizer.draw(contents, transform: toDevice, opacity: UInt32((opacity * 255).rounded()), into: target, clip: clip)
                }
                self.drawSublayers(layer, toDevice: toDevice, into: target, clip: clip, opacity: opacity)
            }
            if !layer.masksToBounds {
                inner(toDevice, target, clip)
            } else if radius == 0, let pixelClip = pixelAlignedRect(layer.bounds, toDevice) {
                // A clip along whole pixels needs no mask: it narrows the clip rectangle.
                inner(toDevice, target, clip.intersection(pixelClip))
            } else {
                let area = PixelRect(covering: bounds(of: layer.bounds, toDevice)).intersection(clip)
                let mask = rasterizer.mask(Path(roundedRect: layer.bounds, cornerRadius: radius).polygons(transform: toDevice), clip: area)
                offscreen(area, over: target, opacity: 1, coverage: mask) { group, shift, groupClip in
                    inner(toDevice.concatenating(shift), group, groupClip)
                }
            }
        }
        if layer.borderWidth > 0 {
            drawBorder(layer, radius: radius, transform: toDevice, opacity: opacity, into: target, clip: clip)
        }
    }

    /// The layer's image as drawn: placed by gravity, `contentsRect` and `contentsCenter`,
    /// sampled with the magnification filter where one output pixel covers at most one image
    /// pixel along each axis, with the minification filter otherwise.
    private func contentsSource(of layer: Layer, toDevice: Transform3D) -> ImageSource? {
        guard let name = layer.contents, let image = images[name],
              let mapping = layer.contentsMapping(imageWidth: image.width, imageHeight: image.height) else { return nil }
        // Device pixels per layer unit along each axis, at the middle of the contents.
        let h = Homography(toDevice)
        let d = mapping.destination
        let centre = Point(x: d.midX, y: d.midY)
        guard let c = h.apply(centre), let px = h.apply(Point(x: centre.x + 1, y: centre.y)),
              let py = h.apply(Point(x: centre.x, y: centre.y + 1)) else { return nil }
        let devicePerUnit = (x: (px - c).length, y: (py - c).length)
        // Image pixels per device pixel, from the widest segment (the stretched middle of a nine-slice).
        let column = mapping.columns.max { $0.from.upperBound - $0.from.lowerBound < $1.from.upperBound - $1.from.lowerBound }!
        let row = mapping.rows.max { $0.from.upperBound - $0.from.lowerBound < $1.from.upperBound - $1.from.lowerBound }!
        let ratio = max(column.slope / max(devicePerUnit.x, 1e-12), row.slope / max(devicePerUnit.y, 1e-12))
        let minifying = ratio > 1 + 1e-9
        let filter: ImageSource.Filter
        switch minifying ? layer.minificationFilter : layer.magnificationFilter {
        case .nearest: filter = .nearest
        case .linear: filter = .linear
        case .trilinear:
            filter = minifying ? .trilinear(level: log2(ratio) + layer.minificationFilterBias) : .linear
        }
        return ImageSource(image: image, mapping: mapping, filter: filter)
    }

    /// The shadow's premultiplied colour at full strength, or nil when the layer casts none.
    private func shadowColor(of layer: Layer) -> Color? {
        var c = layer.shadowColor
        c.alpha *= min(max(layer.shadowOpacity, 0), 1)
        return c.alpha > 0 ? c : nil
    }

    /// Blur sigma in pixels: shadowRadius scaled by the layer's transform (sqrt of |det|).
    private func shadowSigma(of layer: Layer, toDevice: Transform3D) -> (sigma: Double, offset: Point) {
        let h = Homography(toDevice)
        let a = layer.anchorInBounds
        let o = h.apply(a) ?? .zero
        let ox = h.apply(Point(x: a.x + 1, y: a.y)) ?? o, oy = h.apply(Point(x: a.x, y: a.y + 1)) ?? o
        let det = abs((ox.x - o.x) * (oy.y - o.y) - (ox.y - o.y) * (oy.x - o.x))
        let moved = h.apply(Point(x: a.x + layer.shadowOffset.width, y: a.y + layer.shadowOffset.height)) ?? o
        return (min(max(0, layer.shadowRadius) * det.squareRoot(), GaussianBlur.maximumSigma), moved - o)
    }

    /// Where the shadow of content covering `content` (pixels) can reach.
    private func shadowExtent(of layer: Layer, content: Rect, toDevice: Transform3D) -> Rect {
        let (sigma, offset) = shadowSigma(of: layer, toDevice: toDevice)
        let reach = 3 * sigma + 2
        var shape = content
        if let path = layer.shadowPath {
            let points = path.polygons(transform: toDevice).flatMap { $0 }
            if let first = points.first {
                shape = points.reduce(Rect(origin: first, size: .zero)) { $0.union(Rect(origin: $1, size: Size(width: 1e-9, height: 1e-9))) }
            }
        }
        return Rect(x: shape.minX + offset.x - reach, y: shape.minY + offset.y - reach,
                    width: shape.width + 2 * reach, height: shape.height + 2 * reach)
    }

    /// Slides the layer's shadow under `picture` (which already holds the layer's elements):
    /// the alpha of the picture, or the `shadowPath`, moved by `shadowOffset` in the layer's
    /// space, blurred with sigma = shadowRadius, in `color`; cut to the rounded bounds by
    /// `masksToBounds`.
    private func drawShadow(of layer: Layer, color: Color, opacity: Double, toDevice: Transform3D, under picture: PixelBuffer) {
        let area = PixelRect(x: 0, y: 0, width: picture.width, height: picture.height)
        let (sigma, offset) = shadowSigma(of: layer, toDevice: toDevice)
        let shape: CoverageMask
        if let path = layer.shadowPath {
            shape = rasterizer.mask(path.polygons(transform: toDevice), clip: area)
        } else {
            shape = alpha(of: picture, at: area)
        }
        let blurred = GaussianBlur.apply(shape, region: area, horizontal: .init(sigma: sigma, shift: offset.x),
                                         vertical: .init(sigma: sigma, shift: offset.y))
        if layer.masksToBounds {
            let clip = rasterizer.mask(Path(roundedRect: layer.bounds, cornerRadius: cornerRadius(of: layer)).polygons(transform: toDevice), clip: area)
            for y in 0..<area.height { SpanKernels.multiply(blurred.row(y), by: clip.row(y), count: area.width) }
        }
        // A shape taken from the picture's alpha is faded with the elements already; a shadowPath is not.
        let packed = premultiplied(color, layer.shadowPath == nil ? 1 : opacity)
        guard packed != 0 else { return }
        for y in 0..<area.height {
            SpanKernels.blendUnder(picture.row(y), coverage: blurred.row(y), count: area.width, color: packed)
        }
    }

    /// The alpha of `picture` as coverage over `area` (the picture's pixels are `area`'s).
    private func alpha(of picture: PixelBuffer, at area: PixelRect) -> CoverageMask {
        let mask = CoverageMask(region: area)
        for y in 0..<area.height { SpanKernels.extractAlpha(picture.row(y), count: area.width, into: mask.row(area.y + y)) }
        return mask
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
        if layer.contents != nil { count += 1 }
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

    /// Bounding box, in the space `toDevice` maps to, of everything the layer draws: its
    /// bounds, contents, visible sublayers and shadows (a clipping layer stops at its bounds).
    private func deviceExtent(of layer: Layer, toDevice: Transform3D) -> Rect {
        var box = bounds(of: layer.bounds, toDevice)
        if layer.masksToBounds { return box }
        if let name = layer.contents, let image = images[name],
           let mapping = layer.contentsMapping(imageWidth: image.width, imageHeight: image.height) {
            box = box.union(bounds(of: mapping.destination, toDevice))
        }
        let sublayerSpace = sublayerPlane(of: layer, toDevice: toDevice)
        for s in layer.sublayers where !s.isHidden {
            box = box.union(deviceExtent(of: s, toDevice: s.transformToSuperlayer.concatenating(sublayerSpace)))
        }
        if shadowColor(of: layer) != nil {
            box = box.union(shadowExtent(of: layer, content: box, toDevice: toDevice))
        }
        return box
    }
}
