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
    /// Draws the canvas's layers as one picture over the background (the root's leading
    /// background steps): the backdrop of a top-level operator is the canvas's group, and the
    /// background is composited beneath it when it is finished (extensions.md, Compositing).
    mutating func isolateCanvas() {
        let background = steps.prefix { $0.layer == 0 && $0.part == .background }.count
        let frame = PixelRect(x: 0, y: 0, width: width, height: height)
        guard !frame.isEmpty else { return }
        steps.insert(DrawStep(operation: .beginGroup, area: frame, layer: 0, part: .group), at: background)
        steps.append(
            DrawStep(operation: .endGroup(opacity: 255, clip: .none, blend: .normal), area: frame, layer: 0, part: .group))
    }
}
