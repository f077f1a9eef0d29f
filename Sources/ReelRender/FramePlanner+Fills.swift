import ReelCore
import ReelLayers
import ReelRaster

/// Background and border: the rounded bounds filled, the border ring, and the colour rules
/// they share.
extension FramePlanner.Builder {
    /// The background colour over the bounds rounded by `radius`.
    mutating func drawBackground(
        _ layer: Layer, index: Int, radius: Double, toDevice: Transform3D, clip: PixelRect, opacity: Double
    ) {
        guard let background = layer.backgroundColor else { return }
        fill(
            roundedRect: layer.bounds, radius: radius, transform: toDevice, color: background, opacity: opacity, clip: clip,
            index: index)
    }

    /// Fills polygons in the target's pixels (a shape's fill or stroke) over the box they cover.
    mutating func fill(polygons: [[Point]], color: UInt32, clip: PixelRect, index: Int, part: DrawStep.Part) {
        guard let box = Self.box(of: polygons) else { return }
        let area = PixelRect(covering: box).intersection(clip)
        guard !area.isEmpty else { return }
        emit(.fillPolygons(polygons, color: color), area, index, part)
    }

    /// The border: the rounded bounds less the bounds inset by `borderWidth` with corner
    /// radius max(0, radius - borderWidth); a border wider than half the layer fills it.
    /// `squareOutside`: the outer edge is the plain bounds (a clip rounds it).
    mutating func drawBorder(
        _ layer: Layer, index: Int, radius: Double, transform: Transform3D, opacity: Double, clip: PixelRect,
        squareOutside: Bool = false
    ) {
        let b = layer.bounds
        let w = layer.borderWidth
        guard w > 0 else { return }
        let color = premultiplied(layer.borderColor, opacity)
        guard color != 0 else { return }
        var polygons = outlines.roundedRect(b, radius: squareOutside ? 0 : radius, transform: transform)
        if 2 * w < b.width, 2 * w < b.height {
            let inner = Rect(x: b.minX + w, y: b.minY + w, width: b.width - 2 * w, height: b.height - 2 * w)
            polygons += outlines.roundedRect(inner, radius: max(0, radius - w), transform: transform).map {
                $0.reversed()
            }
        }
        emit(
            .fillPolygons(polygons, color: color), PixelRect(covering: bounds(of: b, transform)).intersection(clip), index,
            .border)
    }

    mutating func fill(
        roundedRect r: Rect, radius: Double, transform: Transform3D, color: Color, opacity: Double, clip: PixelRect,
        index: Int
    ) {
        let packed = premultiplied(color, opacity)
        guard packed != 0, !r.isEmpty else { return }
        let box = bounds(of: r, transform)
        let area = PixelRect(covering: box).intersection(clip)
        if radius == 0, let affine = transform.affine, affine.isAxisAligned {
            emit(.fillRect(box, color: packed), area, index, .background)
            return
        }
        emit(
            .fillPolygons(outlines.roundedRect(r, radius: radius, transform: transform), color: packed), area,
            index, .background)
    }

    func premultiplied(_ color: Color, _ opacity: Double) -> UInt32 {
        var c = color
        c.alpha *= opacity
        return PixelBuffer.pack(c.premultipliedRGBA8)
    }

    func alpha(_ opacity: Double) -> UInt32 { UInt32((opacity * 255).rounded()) }

    /// The layer's `cornerRadius` as its bounds hold it.
    func cornerRadius(of layer: Layer) -> Double {
        layer.bounds.clampedCornerRadius(layer.cornerRadius)
    }
}
