import ReelCore
import ReelLayers
import ReelRaster

/// `CATransformLayer`: draws nothing of its own; as a sublayer, its sublayers' planes are laid
/// out in 3D, drawn back to front and flattened only into the superlayer's plane, each faded
/// on its own by the transform layers it lies in.
enum TransformLayerPlanner: ClassPlanner {
    static func draw(
        sublayer layer: Layer, in builder: inout FramePlanner.Builder, space: Transform3D, plane: Transform3D,
        clip: PixelRect, opacity: Double, path: String
    ) {
        for p in layer.contextPlanes(toSpace: space) {
            let faded = p.through.reduce(opacity) { $0 * min(max($1.opacity, 0), 1) }
            let superPath = p.through.reduce(path) { FramePlanner.Builder.path($0, $1.id) }
            builder.draw(
                p.layer, parent: p.toSpace.concatenating(plane), clip: clip, opacity: faded, path: superPath,
                transformIncluded: true)
        }
    }

    static func extent(sublayer layer: Layer, in builder: FramePlanner.Builder, space: Transform3D, plane: Transform3D) -> Rect? {
        var box: Rect? = nil
        for p in layer.contextPlanes(toSpace: space) {
            let extent = builder.deviceExtent(of: p.layer, toDevice: p.toSpace.concatenating(plane))
            box = box.map { $0.union(extent) } ?? extent
        }
        return box
    }
}
