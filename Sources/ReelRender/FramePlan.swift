import ReelCore
import ReelLayers
import ReelRaster

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

extension FramePlan {
    /// Draws the canvas's layers as one group with the background beneath it (extensions.md,
    /// Compositing): the backdrop of a top-level operator is the canvas's group, not the
    /// background. The frame itself starts transparent and is that group; a background over
    /// the whole frame (the root's) then slides beneath it as the last step. Any other
    /// background keeps its place, and the layers after it draw in a picture of the frame.
    mutating func isolateCanvas() {
        let frame = PixelRect(x: 0, y: 0, width: width, height: height)
        guard !frame.isEmpty else { return }
        let background = steps.prefix { $0.layer == 0 && $0.part == .background }.count
        if background == 1, case .fillRect(let r, let color) = steps[0].operation,
            r == Rect(x: 0, y: 0, width: Double(width), height: Double(height)), steps[0].area == frame
        {
            steps.removeFirst()
            steps.append(DrawStep(operation: .fillBeneath(color: color), area: frame, layer: 0, part: .background))
            return
        }
        steps.insert(DrawStep(operation: .beginGroup, area: frame, layer: 0, part: .group), at: background)
        steps.append(
            DrawStep(operation: .endGroup(opacity: 255, clip: .none, blend: .normal), area: frame, layer: 0, part: .group))
    }
}
