import ReelCore
import ReelLayers

/// A frame as a flat list of drawing steps with their pixel bounds: what the executor draws
/// and what the profiler names. Made fresh for every frame by `FramePlanner`.
public struct FramePlan: Sendable {
    public var width: Int, height: Int
    /// The steps in drawing order; groups open and close like brackets.
    public var steps: [DrawStep] = []
    /// Id paths of the layers the steps draw for (`card/dot`), indexed by `DrawStep.layer`.
    public var layers: [String] = []

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
}
