/// Where a render stands, reported after each frame rendered. A render that draws every frame
/// more than once (a GIF: once for the palette, once to map) counts each drawing.
public struct RenderProgress: Sendable {
    /// Frames drawn so far, over every pass.
    public let framesDone: Int
    /// Frames to draw, over every pass.
    public let frameCount: Int
    /// Seconds since the render started.
    public let elapsed: Double
    /// How many times each frame is drawn.
    public var passes = 1

    public init(framesDone: Int, frameCount: Int, elapsed: Double, passes: Int = 1) {
        (self.framesDone, self.frameCount, self.elapsed, self.passes) = (framesDone, frameCount, elapsed, passes)
    }

    /// Frames of the output written so far (those of the last pass).
    public var outputFrames: Int { max(0, framesDone - (passes - 1) * frameCount / passes) }

    public var fraction: Double { frameCount > 0 ? Double(framesDone) / Double(frameCount) : 1 }
    public var framesPerSecond: Double { elapsed > 0 ? Double(framesDone) / elapsed : 0 }
    /// Seconds left at the speed so far.
    public var remaining: Double {
        framesPerSecond > 0 ? Double(frameCount - framesDone) / framesPerSecond : .infinity
    }
}
