import ReelCore
import ReelLayers
import ReelRaster

/// Where things land in pixels: boxes of mapped rectangles and paths, whole-pixel clips, and
/// the extent of everything a layer draws.
extension FramePlanner.Builder {
    /// The bounding box of polygons' corners; nil for none.
    static func box(of polygons: [[Point]]) -> Rect? { Rect(bounding: polygons.joined()) }

    /// The bounding box of `path` mapped by `transform` (nil when it has no outline).
    func pathBox(_ path: Path, _ transform: Transform3D) -> Rect? {
        Self.box(of: path.polygons(transform: transform))
    }

    /// The whole-pixel rectangle `r` lands on when `transform` maps it axis-aligned onto pixel edges; else nil.
    func pixelAlignedRect(_ r: Rect, _ transform: Transform3D) -> PixelRect? {
        guard let a = transform.affine, a.isAxisAligned else { return nil }
        let d = bounds(of: r, transform)
        let edges = [d.minX, d.minY, d.maxX, d.maxY]
        guard edges.allSatisfy({ abs($0 - $0.rounded()) < 1e-9 }) else { return nil }
        return PixelRect(covering: d)
    }

    /// Bounding box of a rectangle's mapped corners (parts behind the eye clipped away).
    func bounds(of r: Rect, _ transform: Transform3D) -> Rect {
        let h = Homography(transform)
        // The four corners, mapped as `Path(rect:).polygons` maps them (the same numbers),
        // without building the path where no perspective clips them: planning asks this
        // for every layer.
        let corners =
            h.isAffine
            ? [
                Point(x: r.minX, y: r.minY), Point(x: r.maxX, y: r.minY), Point(x: r.maxX, y: r.maxY),
                Point(x: r.minX, y: r.maxY)
            ].compactMap(h.apply) : Path(rect: r).polygons(transform: transform).flatMap { $0 }
        return Rect(bounding: corners) ?? .zero
    }

    /// The box, in the space `plane` maps to, of `sublayers` laid out in `space` (a layer's
    /// sublayer space, or a replicator copy's); nil when none is visible.
    func sublayersExtent(_ sublayers: [Layer], space: Transform3D, plane: Transform3D) -> Rect? {
        var box: Rect? = nil
        for s in sublayers where !s.isHidden {
            guard let r = s.layerClass.planner.extent(sublayer: s, in: self, space: space, plane: plane) else { continue }
            box = box.map { $0.union(r) } ?? r
        }
        return box
    }

    /// Bounding box, in the space `toDevice` maps to, of everything the layer draws: its
    /// bounds, contents, visible sublayers and shadows (a clipping layer stops at its bounds).
    func deviceExtent(of layer: Layer, toDevice: Transform3D, ownShadow: Bool = true) -> Rect {
        var box = bounds(of: layer.bounds, toDevice)
        if layer.masksToBounds { return box }
        if let (shown, image) = contentsImage(of: layer),
            let mapping = shown.contentsMapping(imageWidth: image.width, imageHeight: image.height)
        {
            box = box.union(bounds(of: mapping.destination, layer.contentsTransform.concatenating(toDevice)))
        }
        let rules = layer.layerClass.planner
        if let contents = rules.contentsExtent(layer, in: self, toDevice: toDevice) { box = box.union(contents) }
        let plane = Transform3D.flatten.concatenating(toDevice)
        if let extent = rules.sublayersExtent(layer, in: self, space: layer.sublayerTransformInBounds, plane: plane) {
            box = box.union(extent)
        }
        if !layer.filters.isEmpty {
            box = box.outset(
                by: Double(Self.filterReach(layer.filters, scale: ShadowGeometry.blurScale(of: layer, toDevice: toDevice))))
        }
        if ownShadow, shadowColor(of: layer) != nil {
            box = box.union(shadowExtent(of: layer, content: box, toDevice: toDevice))
        }
        return box
    }
}
