import ReelCore

/// One particle of a `CAEmitterLayer` at the time its layer was evaluated: a compact value
/// (never a layer), its state worked out in closed form from its birth.
public struct Particle: Hashable, Sendable {
    /// Index of its cell in the layer's `emitterCells`.
    public var cell: Int32
    /// Its index among the particles its cell has emitted (0 the first).
    public var index: Int64
    /// Seconds since its birth.
    public var age: Double
    /// Its centre in the layer's coordinates.
    public var position: Point
    /// Its turn in radians, clockwise on screen.
    public var rotation: Double
    /// Its scale of the cell's image (above 0: a particle at 0 or below is not kept).
    public var scale: Double
    /// Its tint, straight, each channel in 0...1.
    public var color: Color

    public init(cell: Int32, index: Int64, age: Double, position: Point, rotation: Double, scale: Double, color: Color) {
        (self.cell, self.index, self.age, self.position) = (cell, index, age, position)
        (self.rotation, self.scale, self.color) = (rotation, scale, color)
    }
}
