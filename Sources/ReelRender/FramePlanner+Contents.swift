import ReelCore
import ReelLayers
import ReelRaster

#if canImport(Glibc)
    import Glibc
#endif

/// A layer's `contents`: the picture its class shows, placed by gravity, `contentsRect` and
/// `contentsCenter`, with the filter its scale asks for.
extension FramePlanner.Builder {
    /// The layer's contents, placed by its `contentsTransform` in its own space.
    mutating func drawContents(
        _ contents: ImageSource, of layer: Layer, index: Int, toDevice: Transform3D, clip: PixelRect,
        opacity: Double, cut: [[Point]]?
    ) {
        let placed = layer.contentsTransform.concatenating(toDevice)
        let area = PixelRect(covering: bounds(of: contents.mapping.destination, placed)).intersection(clip)
        guard !area.isEmpty else { return }
        emit(.image(contents, transform: placed, opacity: alpha(opacity), cut: cut), area, index, .contents)
    }

    /// The picture the layer shows as its contents and the layer as it places it (its class says).
    func contentsImage(of layer: Layer) -> (layer: Layer, image: Image)? {
        layer.layerClass.planner.contentsImage(layer, assets: assets)
    }

    /// The layer's image as drawn: placed by gravity, `contentsRect` and `contentsCenter`,
    /// sampled with the magnification filter where one output pixel covers at most one image
    /// pixel along each axis, with the minification filter otherwise.
    func contentsSource(of original: Layer, toDevice: Transform3D) -> ImageSource? {
        guard let (layer, image) = contentsImage(of: original),
            let mapping = layer.contentsMapping(imageWidth: image.width, imageHeight: image.height)
        else { return nil }
        // Device pixels per layer unit along each axis, at the middle of the contents.
        let h = Homography(layer.contentsTransform.concatenating(toDevice))
        let d = mapping.destination
        let centre = Point(x: d.midX, y: d.midY)
        guard let c = h.apply(centre), let px = h.apply(Point(x: centre.x + 1, y: centre.y)),
            let py = h.apply(Point(x: centre.x, y: centre.y + 1))
        else { return nil }
        let devicePerUnit = (x: (px - c).length, y: (py - c).length)
        // Image pixels per device pixel, from the widest segment (the stretched middle of a nine-slice).
        let column = mapping.columns.max {
            $0.from.upperBound - $0.from.lowerBound < $1.from.upperBound - $1.from.lowerBound
        }!
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
}
