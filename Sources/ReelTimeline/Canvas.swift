import ReelCore

/// The stage a timeline plays on: its size in points, pixels per point, frame rate, length
/// and the colour behind every layer.
public struct Canvas: Hashable, Sendable {
    /// Width in points.
    public var width: Double
    /// Height in points.
    public var height: Double
    public var fps: FrameRate
    /// Seconds.
    public var duration: Double
    public var background: Color
    /// Pixels per point (as `contentsScale`); the video is `width * scale` by `height * scale` pixels.
    public var scale: Double
    /// The whole frame exposed over a shutter (Reel extension); nil: each frame at its time.
    public var motionBlur: MotionBlur?

    public init(
        width: Double, height: Double, fps: FrameRate = FrameRate(numerator: 30), duration: Double,
        background: Color = .black, scale: Double = 1
    ) {
        self.width = width
        self.height = height
        self.fps = fps
        self.duration = duration
        self.background = background
        self.scale = scale
    }

    /// The most pixels a frame may have (16384 x 8192): libx264 refuses frames much larger,
    /// so `validate` and `render` both stop there.
    public static let maximumPixels = 16384 * 8192

    public var pixelWidth: Int { Int((width * scale).rounded()) }
    public var pixelHeight: Int { Int((height * scale).rounded()) }

    /// The times whose pictures make the frame at `time`: the shutter's sub-frame times
    /// under motion blur, else the time itself.
    public func exposure(at time: Double) -> [Double] {
        motionBlur?.exposure(at: time, fps: fps, duration: duration) ?? [time]
    }

    /// `round(fps * duration)`.
    public var frameCount: Int { fps.frameCount(for: duration) }
}
