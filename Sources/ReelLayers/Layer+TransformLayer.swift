import ReelCore

extension Layer {
    /// A layer a CATransformLayer's subtree draws: a plane placed in the 3D space the
    /// transform layer lies in, nothing flattened on the way.
    public struct ContextPlane: Sendable {
        public var layer: Layer
        /// The layer's own space into that 3D space.
        public var toSpace: Transform3D
        /// The transform layers it lies in, outermost first.
        public var through: [Layer]
        /// Its depth there: z of the middle of its bounds after the perspective divide
        /// (larger is nearer, as `zPosition` counts).
        public var depth: Double
    }

    /// The planes of this CATransformLayer's subtree, back to front: every visible sublayer
    /// that is not itself a transform layer (those are opened up in turn), sorted by depth,
    /// ties in tree order. `toSpace` maps this layer's superlayer's sublayer space into the 3D
    /// space where the planes are sorted and then flattened.
    public func contextPlanes(toSpace: Transform3D) -> [ContextPlane] {
        var planes: [ContextPlane] = []
        func collect(_ t: Layer, _ outer: Transform3D, _ through: [Layer]) {
            guard !t.isHidden else { return }
            let inner = t.sublayerTransformInBounds.concatenating(t.transformToSuperlayer).concatenating(outer)
            for s in t.sublayersInDrawingOrder where !s.isHidden {
                if s.layerClass == .transformLayer {
                    collect(s, inner, through + [t])
                } else {
                    let m = s.transformToSuperlayer.concatenating(inner)
                    let c = Point(x: s.bounds.midX, y: s.bounds.midY)
                    let z = c.x * m.m13 + c.y * m.m23 + m.m43
                    let w = c.x * m.m14 + c.y * m.m24 + m.m44
                    // Behind the eye, or not a number (a singular transform): farthest.
                    let depth = w > 0 && (z / w).isFinite ? z / w : -.infinity
                    planes.append(ContextPlane(layer: s, toSpace: m, through: through + [t], depth: depth))
                }
            }
        }
        collect(self, toSpace, [])
        return planes.enumerated().sorted { ($0.element.depth, $0.offset) < ($1.element.depth, $1.offset) }.map(\.element)
    }
}
