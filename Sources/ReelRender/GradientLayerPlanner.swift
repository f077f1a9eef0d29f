import ReelCore
import ReelLayers
import ReelRaster

/// `CAGradientLayer`: its colours through the bounds rounded by `cornerRadius`.
enum GradientLayerPlanner: ClassPlanner {
    static func drawsContents(_ layer: Layer) -> Bool { !layer.gradient.colors.isEmpty && !layer.bounds.isEmpty }

    static func drawContents(
        _ layer: Layer, in builder: inout FramePlanner.Builder, index: Int, toDevice: Transform3D, clip: PixelRect,
        opacity: Double
    ) {
        let g = layer.gradient
        let b = layer.bounds
        guard !g.colors.isEmpty, !b.isEmpty, let toLayer = Homography(toDevice).inverted else { return }
        func point(_ u: Point) -> Point { Point(x: b.minX + u.x * b.width, y: b.minY + u.y * b.height) }
        let shader = GradientShader(
            kind: g.type, stops: g.stops, start: point(g.startPoint), end: point(g.endPoint), toLayer: toLayer)
        let outline = builder.outlines.roundedRect(b, radius: builder.cornerRadius(of: layer), transform: toDevice)
        let area = PixelRect(covering: builder.bounds(of: b, toDevice)).intersection(clip)
        guard !area.isEmpty, builder.alpha(opacity) > 0 else { return }
        builder.emit(.gradient(shader, outline: outline, opacity: builder.alpha(opacity)), area, index, .gradient)
    }
}
