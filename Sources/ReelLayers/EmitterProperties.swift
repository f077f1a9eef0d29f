import ReelCore

/// What a `CAEmitterLayer` emits and from where, with Core Animation's names and defaults;
/// and, once the timeline is evaluated, the particles alive at that time.
public struct EmitterProperties: Hashable, Sendable {
    /// The cells that emit, in the order their particles are drawn at equal birth times.
    public var cells: [EmitterCell] = []
    /// The centre of the emitter shape in the layer's coordinates. Default (0, 0).
    public var position: Point = .zero
    /// Ignored in 2D. Default 0.
    public var zPosition: Double = 0
    /// The emitter shape's size (a circle's radius is its width). Default (0, 0).
    public var size: Size = .zero
    /// Default `point`.
    public var shape: EmitterShape = .point
    /// Default `volume`.
    public var mode: EmitterMode = .volume
    /// Default `unordered`.
    public var renderMode: EmitterRenderMode = .unordered
    /// Keys the generator every ranged value is drawn from. Default 0.
    public var seed: UInt32 = 0
    /// Multipliers of every cell's values, read at each particle's birth. Default 1.
    public var birthRate: Double = 1
    public var lifetime: Double = 1
    public var velocity: Double = 1
    public var scale: Double = 1
    public var spin: Double = 1
    /// The particles alive at the layer's local time, in birth order (cells in list order
    /// at equal times): set as the timeline is evaluated (not a key of the file).
    public var particles: [Particle] = []

    public init() {}
}
