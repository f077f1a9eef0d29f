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

        /// The depth of `layer`'s middle where `m` puts it; behind the eye, or not a number
        /// (a singular transform): farthest.
        static func depth(of layer: Layer, _ m: Transform3D) -> Double {
            let c = Point(x: layer.bounds.midX, y: layer.bounds.midY)
            let z = c.x * m.m13 + c.y * m.m23 + m.m43
            let w = c.x * m.m14 + c.y * m.m24 + m.m44
            return w > 0 && (z / w).isFinite ? z / w : -.infinity
        }
    }

    /// The planes of the layers a replicator that `preservesDepth` holds: each visible
    /// sublayer of each copy (transform layers opened up), with its copy number, sorted back
    /// to front by depth, ties in copy order. `copySpaces[k]` maps copy k's sublayer space into
    /// the replicator's own 3D space; `copies[k]` are copy k's sublayers.
    public static func depthSortedPlanes(copies: [[Layer]], copySpaces: [Transform3D]) -> [(plane: ContextPlane, copy: Int)] {
        var planes: [(plane: ContextPlane, copy: Int)] = []
        for (k, sublayers) in copies.enumerated() {
            for s in sublayers where !s.isHidden {
                if s.layerClass == .transformLayer {
                    planes += s.contextPlanes(toSpace: copySpaces[k]).map { ($0, k) }
                } else {
                    let m = s.transformToSuperlayer.concatenating(copySpaces[k])
                    planes.append((ContextPlane(layer: s, toSpace: m, through: [], depth: ContextPlane.depth(of: s, m)), k))
                }
            }
        }
        return planes.enumerated().sorted { ($0.element.plane.depth, $0.offset) < ($1.element.plane.depth, $1.offset) }.map(
            \.element)
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
                    planes.append(ContextPlane(layer: s, toSpace: m, through: through + [t], depth: ContextPlane.depth(of: s, m)))
                }
            }
        }
        collect(self, toSpace, [])
        return planes.enumerated().sorted { ($0.element.depth, $0.offset) < ($1.element.depth, $1.offset) }.map(\.element)
    }
}
