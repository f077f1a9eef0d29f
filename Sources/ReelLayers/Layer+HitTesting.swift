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
    /// outside the bounds.
    public func hitTest(_ p: Point) -> [Layer]? {
        guard !isHidden, let local = Homography(transformToSuperlayer).inverted?.apply(p) else { return nil }
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
