import ReelRender

/// What one frame cost, stage by stage, and what each layer's drawing cost within it.
public struct FrameRecord: Sendable {
    public let frame: Int
    /// The render worker that drew it (0-based).
    public let worker: Int
    /// Indexed like `FrameStage.allCases`; `encode` stays zero when nothing was encoded.
    public var stages: [StageTime]
    /// Draw cost by layer id path and part: wall and CPU nanoseconds.
    public var layers: [LayerCost]
    /// The worker's whole time on the frame, measured around its stages (evaluate to
    /// convert) as a check that the stages account for it.
    public var workerTotal = StageTime()
    /// Pictures drawn to make the frame: 1, or more for motion blur's sub-frames and a
    /// transition's scenes drawn apart.
    public var pictures = 1

    public init(frame: Int, worker: Int) {
        self.frame = frame
        self.worker = worker
        stages = Array(repeating: StageTime(), count: FrameStage.allCases.count)
        layers = []
    }

    public subscript(stage: FrameStage) -> StageTime {
        get { stages[FrameStage.allCases.firstIndex(of: stage)!] }
        set { stages[FrameStage.allCases.firstIndex(of: stage)!] = newValue }
    }

    /// Wall nanoseconds of all stages together.
    public var wall: UInt64 { stages.reduce(0) { $0 + $1.wall } }
    public var cpu: UInt64 { stages.reduce(0) { $0 + $1.cpu } }
}

/// The drawing cost of one part of one layer (its shadow, its mask, its own elements...).
public struct LayerCost: Sendable, Hashable {
    public let layer: String
    public let part: DrawStep.Part
    public var wall: UInt64
    public var cpu: UInt64
    /// Sprites its steps drew (an emitter's particles); 0 for other parts.
    public var sprites = 0
}
