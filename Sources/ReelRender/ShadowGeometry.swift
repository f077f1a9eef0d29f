import ReelCore
import ReelLayers
import ReelRaster

/// A shadow's blur and offset in the pixels it is drawn in, and how far it reaches past its
/// shape: the one place these are worked out. The planner's boxes and steps take them in
/// device pixels; a kept mask (`ShadowCache.Key`) takes them in its own pixels.
struct ShadowGeometry: Hashable, Sendable {
    /// The Gaussian's sigma in pixels (at most `GaussianBlur.maximumSigma`).
    let sigma: Double
    /// `shadowOffset` in pixels.
    let offset: Point

    /// Whole pixels past the moved shape that the blur tints (its reach, and one for the
    /// offset's fraction).
    var reach: Int { GaussianBlur.reach(sigma: sigma) + 1 }

    /// In device pixels: sigma is `shadowRadius` scaled by sqrt(|det|) of `toDevice` at the
    /// layer's anchor, and the offset is mapped there (it turns and scales with the layer).
    init(of layer: Layer, toDevice: Transform3D) {
        let h = Homography(toDevice)
        let a = layer.anchorInBounds
        let o = h.apply(a) ?? .zero
        let moved = h.apply(Point(x: a.x + layer.shadowOffset.width, y: a.y + layer.shadowOffset.height)) ?? o
        self.init(sigma: layer.shadowRadius * Self.blurScale(of: layer, toDevice: toDevice), offset: moved - o)
    }

    /// Device pixels per layer unit for a blur (a shadow's or a `gaussianBlur` filter's):
    /// sqrt(|det|) of `toDevice` at the layer's anchor, the same in both directions.
    static func blurScale(of layer: Layer, toDevice: Transform3D) -> Double {
        let h = Homography(toDevice)
        let a = layer.anchorInBounds
        let o = h.apply(a) ?? .zero
        let ox = h.apply(Point(x: a.x + 1, y: a.y)) ?? o
        let oy = h.apply(Point(x: a.x, y: a.y + 1)) ?? o
        return abs((ox.x - o.x) * (oy.y - o.y) - (ox.y - o.y) * (oy.x - o.x)).squareRoot()
    }

    /// In the pixels of a mask drawn at `scale` pixels per layer unit.
    init(radius: Double, offset: Size, scale: Double) {
        self.init(sigma: radius * scale, offset: Point(x: offset.width * scale, y: offset.height * scale))
    }

    private init(sigma: Double, offset: Point) {
        self.sigma = min(max(0, sigma), GaussianBlur.maximumSigma)
        self.offset = offset
    }

    /// Where the shadow of a shape covering `shape` can reach.
    func extent(of shape: Rect) -> Rect {
        Rect(origin: shape.origin + offset, size: shape.size).outset(by: Double(reach))
    }

    /// The shape of `source` blurred and moved, over the pixels of `region`.
    func blur(_ source: CoverageMask, over region: PixelRect) -> CoverageMask {
        GaussianBlur.apply(source, region: region, sigma: sigma, shift: offset)
    }
}
