import ReelCaptions
import ReelCore
import ReelText

/// What layers draw from besides their own keys: the timeline's decoded images by asset name
/// (`contents`), the typesetter that knows its fonts (text layers) and its clips' frames
/// (player layers) and its caption files' cues (text layers' `captions`). Shared by every
/// planner and thread.
public struct DrawingAssets: Sendable {
    public let images: [String: Image]
    public let typesetter: Typesetter
    public let videos: VideoFrames?
    public let captions: [String: CaptionTrack]

    public init(
        images: [String: Image] = [:], typesetter: Typesetter = .systemFonts, videos: VideoFrames? = nil,
        captions: [String: CaptionTrack] = [:]
    ) {
        self.images = images
        self.typesetter = typesetter
        self.videos = videos
        self.captions = captions
    }
}
