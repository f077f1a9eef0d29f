import ReelCore

/// What the encoder makes: a format (H.264 in MP4 unless told), its size and rate, and the
/// quality and speed asked for.
public struct VideoSettings: Hashable, Sendable {
    public var width: Int
    public var height: Int
    public var frameRate: FrameRate
    /// The constant rate factor for H.264, HEVC and VP9: 0 (lossless for H.264) ... 51; lower
    /// is better and bigger. ProRes, PNG and GIF have none (the profile or the palette decides).
    public var crf: Int
    /// x264's and x265's speed/size trade-off: ultrafast ... placebo.
    public var preset: String
    public var format: OutputFormat
    /// The index of the first frame written: a sequence's files are numbered from it.
    public var firstFrame: Int

    public static let presets = [
        "ultrafast", "superfast", "veryfast", "faster", "fast", "medium", "slow", "slower", "veryslow", "placebo"
    ]

    public init(
        width: Int, height: Int, frameRate: FrameRate, crf: Int = 20, preset: String = "veryfast",
        format: OutputFormat = .h264MP4, firstFrame: Int = 0
    ) {
        self.width = width
        self.height = height
        self.frameRate = frameRate
        self.crf = crf
        self.preset = preset
        self.format = format
        self.firstFrame = firstFrame
    }
}
