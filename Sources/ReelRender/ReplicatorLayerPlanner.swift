import ReelCore
import ReelLayers
import ReelRaster

/// `CAReplicatorLayer`: copies of its sublayers, not copied layers. Copy k is drawn through
/// instanceTransform^k about the middle of the bounds (in the sublayer space), at its own
/// delayed time, later copies over earlier; a copy whose colour multiplier is not white is
/// drawn as a picture and tinted (x (r·a, g·a, b·a, a) on premultiplied pixels) before it lands.
enum ReplicatorLayerPlanner: ClassPlanner {
    static func copies(_ layer: Layer) -> Int { max(layer.replicator.instanceCount, 0) }

    static func drawSublayers(
        _ layer: Layer, in builder: inout FramePlanner.Builder, index: Int, space: Transform3D, plane: Transform3D,
        clip: PixelRect, opacity: Double, path: String
    ) {
        let r = layer.replicator
        let centre = Point(x: layer.bounds.midX, y: layer.bounds.midY)
        let copies = (0..<copies(layer)).map { Layer.inDrawingOrder(layer.sublayers(ofCopy: $0)) }
        let spaces = r.transforms(count: copies.count, about: centre).map { $0.concatenating(space) }
        if r.preservesDepth {
            // Every copy's planes in the replicator's 3D space, drawn back to front, each on its own.
            for (p, k) in Layer.depthSortedPlanes(copies: copies, copySpaces: spaces) {
                let faded = p.through.reduce(opacity) { $0 * min(max($1.opacity, 0), 1) }
                let superPath = p.through.reduce(path) { FramePlanner.Builder.path($0, $1.id) }
                tinted(
                    r.multiplier(copy: k), [p.layer], in: &builder, toDevice: p.toSpace.concatenating(plane), clip: clip,
                    index: index
                ) { builder, toDevice, clip in
                    builder.draw(p.layer, parent: toDevice, clip: clip, opacity: faded, path: superPath, transformIncluded: true)
                }
            }
            return
        }
        for (k, sublayers) in copies.enumerated() {
            let copyPlane = spaces[k].concatenating(plane)
            tinted(
                r.multiplier(copy: k), sublayers, in: &builder, toDevice: copyPlane, clip: clip, index: index,
                sublayerSpace: true
            ) { builder, toDevice, clip in
                builder.drawSublayers(
                    sublayers, space: spaces[k], plane: plane.concatenating(toDevice), clip: clip, opacity: opacity, path: path)
            }
        }
    }

    static func sublayersExtent(_ layer: Layer, in builder: FramePlanner.Builder, space: Transform3D, plane: Transform3D)
        -> Rect?
    {
        guard layer.sublayers.contains(where: { !$0.isHidden }) else { return nil }
        let centre = Point(x: layer.bounds.midX, y: layer.bounds.midY)
        var box: Rect? = nil
        for (k, copy) in layer.replicator.transforms(count: copies(layer), about: centre).enumerated() {
            if let extent = builder.sublayersExtent(layer.sublayers(ofCopy: k), space: copy.concatenating(space), plane: plane) {
                box = box.map { $0.union(extent) } ?? extent
            }
        }
        return box
    }

    /// Runs `draw` for `layers` tinted by the colour multiplier `m`: straight when it is
    /// white, else into a picture over their extent that a `tint` step multiplies (x (r·a,
    /// g·a, b·a, a) on premultiplied pixels) before it lands. `draw` gets the builder, the
    /// shift into the picture (identity when drawn straight) and the clip. `toDevice` maps the
    /// layers' superlayer plane (`sublayerSpace`) or the layer's own space to the target.
    private static func tinted(
        _ m: Color, _ layers: [Layer], in builder: inout FramePlanner.Builder, toDevice: Transform3D, clip: PixelRect,
        index: Int, sublayerSpace: Bool = false, draw: (inout FramePlanner.Builder, Transform3D, PixelRect) -> Void
    ) {
        guard m != .white else {
            draw(&builder, sublayerSpace ? .identity : toDevice, clip)
            return
        }
        guard m.alpha > 0 else { return }
        var extent: Rect? = nil
        for s in layers where !s.isHidden {
            let box = builder.deviceExtent(
                of: s, toDevice: sublayerSpace ? s.transformToSuperlayer.concatenating(toDevice) : toDevice)
            extent = extent.map { $0.union(box) } ?? box
        }
        guard let extent else { return }
        let area = PixelRect(covering: extent).intersection(clip)
        guard !area.isEmpty else { return }
        let shift = Transform3D.translation(Double(-area.x), Double(-area.y))
        let inside = PixelRect(x: 0, y: 0, width: area.width, height: area.height)
        builder.emit(.beginGroup, area, index, .group)
        draw(&builder, sublayerSpace ? shift : toDevice.concatenating(shift), inside)
        func byte(_ v: Double) -> UInt32 { UInt32((min(max(v, 0), 1) * 255).rounded()) }
        let factors = byte(m.red * m.alpha) | byte(m.green * m.alpha) << 8 | byte(m.blue * m.alpha) << 16 | byte(m.alpha) << 24
        builder.emit(.tint(factors: factors), inside, index, .group)
        builder.emit(.endGroup(opacity: 255, clip: .none, blend: .normal), area, index, .group)
    }
}
