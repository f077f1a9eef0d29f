import ReelCore

extension Layer {
    /// CALayer.containsPoint: `p`, in the layer's own coordinates, lies inside its bounds.
    public func contains(_ p: Point) -> Bool {
        bounds.contains(p)
    }

    /// CALayer.hitTest: the deepest visible layer containing `p` (in the superlayer's
    /// coordinates), as the path of layers from this one down to it; nil when nothing is hit.
    /// Sublayers are tested from last to first, in sublayer order, not `zPosition` order;
    /// hidden layers and their sublayers are not hit; `masksToBounds` cuts off sublayers' hits
    /// outside the bounds. A CATransformLayer is never hit itself: its planes are tested from
    /// the nearest back, each through its 3D place.
    public func hitTest(_ p: Point) -> [Layer]? {
        guard !isHidden else { return nil }
        if layerClass == .transformLayer {
            for plane in contextPlanes(toSpace: .identity).reversed() {
                if let q = Homography(plane.toSpace).inverted?.apply(p), let path = plane.layer.hitTest(local: q) {
                    return plane.through + path
                }
            }
            return nil
        }
        guard let local = Homography(transformToSuperlayer).inverted?.apply(p) else { return nil }
        return hitTest(local: local)
    }

    /// `hitTest` for a point already in the layer's own coordinates.
    private func hitTest(local: Point) -> [Layer]? {
        let inside = contains(local)
        if masksToBounds, !inside { return nil }
        if let toSublayers = Homography(sublayerTransformInBounds).inverted, let q = toSublayers.apply(local) {
            for sublayer in sublayers.reversed() {
                if let path = sublayer.hitTest(q) { return [self] + path }
            }
        }
        return inside ? [self] : nil
    }
}
