/// Where a `CAEmitterLayer`'s particles are born: around `emitterPosition`, sized by
/// `emitterSize` (kCAEmitterLayerPoint, ...). In 2D a cuboid is a rectangle and a sphere a circle.
public enum EmitterShape: String, Hashable, Sendable, CaseIterable {
    /// The emitter position.
    case point
    /// From (x − w/2, y) to (x + w/2, y).
    case line
    /// The rectangle of the emitter size centred on the position.
    case rectangle
    /// The rectangle, as a cuboid is drawn in 2D.
    case cuboid
    /// The circle centred on the position with radius `emitterSize.width`.
    case circle
    /// The circle, as a sphere is drawn in 2D.
    case sphere

    /// The 2D shape it emits from.
    public var flat: EmitterShape {
        switch self {
        case .cuboid: return .rectangle
        case .sphere: return .circle
        default: return self
        }
    }
}

/// Which part of the emitter shape particles are born on (kCAEmitterLayerVolume, ...).
public enum EmitterMode: String, Hashable, Sendable, CaseIterable {
    /// Uniformly over the area (as `surface` in 2D).
    case volume
    /// Uniformly over the area.
    case surface
    /// Uniformly by length along the outline.
    case outline
    /// At the shape's vertices, chosen uniformly (line ends, rectangle corners; a circle's or point's centre).
    case points
}

/// The order particles are drawn in (kCAEmitterLayerUnordered, ...).
public enum EmitterRenderMode: String, Hashable, Sendable, CaseIterable {
    /// Oldest first (beneath), as `oldestFirst`.
    case unordered
    /// Oldest first, newest on top.
    case oldestFirst
    /// Newest first, oldest on top.
    case oldestLast
    /// Oldest first, as `oldestFirst` (2D has no depth to sort by).
    case backToFront
    /// Oldest first, each added (`plusLighter`) onto the layer's own picture.
    case additive

    /// Whether the newest particle is drawn first (beneath the older ones).
    public var drawsNewestFirst: Bool { self == .oldestLast }
}
