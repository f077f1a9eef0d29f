import ReelCore

/// What the encoder makes: H.264 (libx264) in MP4, yuv420p, BT.709 tagged, limited range.
public struct VideoSettings: Hashable, Sendable {
    public var width: Int
    public var height: Int
    public var frameRate: FrameRate
    /// x264's constant rate factor: 0 (lossless) ... 51; lower is better and bigger.
    public var crf: Int
    /// x264's speed/size trade-off: ultrafast ... placebo.
    public var preset: String

    public static let presets = [
        "ultrafast", "superfast", "veryfast", "faster", "fast", "medium", "slow", "slower", "veryslow", "placebo"
    ]

    public init(width: Int, height: Int, frameRate: FrameRate, crf: Int = 20, preset: String = "veryfast") {
        self.width = width
        self.height = height
        self.frameRate = frameRate
        self.crf = crf
        self.preset = preset
    }
}
