import ReelCore

/// What the encoder makes: a format (H.264 in MP4 unless told), its size and rate, and the
/// quality and speed asked for.
public struct VideoSettings: Hashable, Sendable {
    public var width: Int
    public var height: Int
    public var frameRate: FrameRate
    /// The constant rate factor for H.264 and VP9: 0 (lossless for H.264) ... 51; lower is
    /// better and bigger. ProRes has no rate factor (its 4444 profile sets the quality).
    public var crf: Int
    /// x264's speed/size trade-off: ultrafast ... placebo.
    public var preset: String
    public var format: OutputFormat

    public static let presets = [
        "ultrafast", "superfast", "veryfast", "faster", "fast", "medium", "slow", "slower", "veryslow", "placebo"
    ]

    public init(
        width: Int, height: Int, frameRate: FrameRate, crf: Int = 20, preset: String = "veryfast",
        format: OutputFormat = .h264MP4
    ) {
        self.width = width
        self.height = height
        self.frameRate = frameRate
        self.crf = crf
        self.preset = preset
        self.format = format
    }
}
