import ReelCore
import ReelLayers
import ReelRaster

/// `CAShapeLayer`: its path filled, then stroked (dashes, trims and `strokeOffset` by the stroker).
enum ShapeLayerPlanner: ClassPlanner {
    static func drawsContents(_ layer: Layer) -> Bool {
        let s = layer.shape
        return s.path != nil && (s.fillColor.alpha > 0 || (s.strokeColor.alpha > 0 && s.stroke.lineWidth > 0))
    }

    /// Fill and stroke overlap each other.
    static func contentsElements(_ layer: Layer) -> Int { 2 }

    static func drawContents(
        _ layer: Layer, in builder: inout FramePlanner.Builder, index: Int, toDevice: Transform3D, clip: PixelRect,
        opacity: Double
    ) {
        let s = layer.shape
        guard var path = s.path else { return }
        path.fillRule = s.fillRule
        let fillColor = builder.premultiplied(s.fillColor, opacity)
        if fillColor != 0 {
            builder.fill(
                polygons: builder.paths.area(of: path, transform: toDevice), color: fillColor, clip: clip, index: index,
                part: .fill)
        }
        let strokeColor = builder.premultiplied(s.strokeColor, opacity)
        if strokeColor != 0, s.stroke.lineWidth > 0 {
            let outline = builder.paths.outline(of: path, style: s.stroke, transform: toDevice, visible: clip)
            builder.fill(polygons: outline, color: strokeColor, clip: clip, index: index, part: .stroke)
        }
    }

    /// The path's box, out by half the stroke's width (a miter up to miterLimit times that).
    static func contentsExtent(_ layer: Layer, in builder: FramePlanner.Builder, toDevice: Transform3D) -> Rect? {
        guard drawsContents(layer), let path = layer.shape.path else { return nil }
        // Every subpath counts, a lone line too (a polygon box would drop it), curves
        // flattened within half a point (added to the reach).
        let points = path.polylines { Path.segments($0, tolerance: 0.5) }.flatMap(\.points)
        guard let box = FramePlanner.Builder.box(of: [points]) else { return nil }
        let s = layer.shape.stroke
        let reach = 0.5 + (layer.shape.strokeColor.alpha > 0 ? max(s.lineWidth, 0) / 2 * max(s.miterLimit, 1.5) : 0)
        return builder.bounds(of: box.outset(by: reach), toDevice).outset(by: 1)
    }
}
