import ReelCore
import ReelLayers
import ReelRaster

/// Draws a layer tree into premultiplied RGBA pixels the way Core Animation composites it:
/// background (rounded by `cornerRadius`), sublayers in `zPosition` order, border on top,
/// opacity as group opacity where `allowsGroupOpacity` asks for it.
/// One renderer per thread: it owns the rasterizer's scratch memory.
public final class LayerRenderer {
    private let rasterizer = Rasterizer()

    public init() {}

    /// Renders `root` (coordinates in points) into `buffer`, `scale` pixels per point. The
    /// buffer is overwritten: pixels the tree leaves uncovered become transparent.
    public func render(_ root: Layer, into buffer: PixelBuffer, scale: Double) {
        buffer.clear(to: .clear)
        let device = Transform3D.scale(scale, scale)
        draw(root, parent: device, into: buffer, clip: PixelRect(x: 0, y: 0, width: buffer.width, height: buffer.height), opacity: 1)
    }

    /// Draws `layer` whose superlayer space maps to pixels by `parent`, faded by `opacity`
    /// passed down from ancestors that do not group.
    private func draw(_ layer: Layer, parent: Transform3D, into target: PixelBuffer, clip: PixelRect, opacity inherited: Double) {
        guard !layer.isHidden else { return }
        let effective = inherited * min(max(layer.opacity, 0), 1)
        guard effective > 0 else { return }
        let toDevice = layer.transformToSuperlayer.concatenating(parent)
        guard effective < 1, layer.allowsGroupOpacity, drawsSeveralElements(layer) else {
            drawElements(layer, toDevice: toDevice, into: target, clip: clip, opacity: effective)
            return
        }
        // Group opacity: composite the layer and its sublayers at full strength off-screen, then fade as one picture.
        let area = PixelRect(covering: deviceBounds(of: layer, toDevice: toDevice)).intersection(clip)
        guard !area.isEmpty else { return }
        let group = PixelBuffer(width: area.width, height: area.height)
        let shift = Transform3D.translation(Double(-area.x), Double(-area.y))
        drawElements(layer, toDevice: toDevice.concatenating(shift), into: group,
                     clip: PixelRect(x: 0, y: 0, width: area.width, height: area.height), opacity: 1)
        let alpha = UInt32((effective * 255).rounded())
        for row in 0..<area.height {
            SpanKernels.composite(target.row(area.y + row) + area.x, source: group.row(row), count: area.width, opacity: alpha)
        }
    }

    /// Background, sublayers, border, each faded by `opacity` on its own.
    private func drawElements(_ layer: Layer, toDevice: Transform3D, into target: PixelBuffer, clip: PixelRect, opacity: Double) {
        let radius = max(0, min(layer.cornerRadius, layer.bounds.width / 2, layer.bounds.height / 2))
        if let background = layer.backgroundColor {
            fill(roundedRect: layer.bounds, radius: radius, transform: toDevice, color: background, opacity: opacity, into: target, clip: clip)
        }
        if !layer.sublayers.isEmpty {
            let sublayerSpace = layer.sublayerTransformInBounds.concatenating(toDevice)
            for sublayer in layer.sublayersInDrawingOrder {
                draw(sublayer, parent: sublayerSpace, into: target, clip: clip, opacity: opacity)
            }
        }
        if layer.borderWidth > 0 {
            drawBorder(layer, radius: radius, transform: toDevice, opacity: opacity, into: target, clip: clip)
        }
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
            let p0 = affine.apply(Point(x: r.minX, y: r.minY)), p1 = affine.apply(Point(x: r.maxX, y: r.maxY))
            let device = Rect(x: min(p0.x, p1.x), y: min(p0.y, p1.y), width: abs(p1.x - p0.x), height: abs(p1.y - p0.y))
            rasterizer.fill(rect: device, color: packed, into: target, clip: clip)
            return
        }
        rasterizer.fill(Path(roundedRect: r, cornerRadius: radius).polygons(transform: transform), color: packed, into: target, clip: clip)
    }

    private func premultiplied(_ color: Color, _ opacity: Double) -> UInt32 {
        var c = color
        c.alpha *= opacity
        return PixelBuffer.pack(c.premultipliedRGBA8)
    }

    /// Whether fading the layer's elements one by one would differ from fading them as a group.
    private func drawsSeveralElements(_ layer: Layer) -> Bool {
        var count = layer.sublayers.contains { !$0.isHidden } ? 2 : 0
        if layer.backgroundColor != nil { count += 1 }
        if layer.borderWidth > 0 { count += 1 }
        return count > 1
    }

    /// Pixel-space bounding box of everything the layer and its visible sublayers draw.
    private func deviceBounds(of layer: Layer, toDevice: Transform3D) -> Rect {
        let b = layer.bounds
        let corners = [Point(x: b.minX, y: b.minY), Point(x: b.maxX, y: b.minY), Point(x: b.minX, y: b.maxY), Point(x: b.maxX, y: b.maxY)]
            .map(toDevice.apply)
        var box = Rect(x: corners.map(\.x).min()!, y: corners.map(\.y).min()!, width: 0, height: 0)
        box.size = Size(width: corners.map(\.x).max()! - box.minX, height: corners.map(\.y).max()! - box.minY)
        let sublayerSpace = layer.sublayerTransformInBounds.concatenating(toDevice)
        for s in layer.sublayers where !s.isHidden {
            box = box.union(deviceBounds(of: s, toDevice: s.transformToSuperlayer.concatenating(sublayerSpace)))
        }
        return box
    }
}
