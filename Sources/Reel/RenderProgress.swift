/// Where a render stands, reported after each encoded frame.
public struct RenderProgress: Sendable {
    /// Frames encoded so far.
    public let framesDone: Int
    public let frameCount: Int
    /// Seconds since the render started.
    public let elapsed: Double

    public var fraction: Double { frameCount > 0 ? Double(framesDone) / Double(frameCount) : 1 }
    public var framesPerSecond: Double { elapsed > 0 ? Double(framesDone) / elapsed : 0 }
    /// Seconds left at the speed so far.
    public var remaining: Double {
        framesPerSecond > 0 ? Double(frameCount - framesDone) / framesPerSecond : .infinity
    }
}
