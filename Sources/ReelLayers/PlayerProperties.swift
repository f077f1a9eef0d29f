/// What an AVPlayerLayer shows as its contents: a video asset's frame at the layer's local
/// time (its `beginTime`, `speed` and `timeOffset` apply), placed by `videoGravity`.
public struct PlayerProperties: Hashable, Sendable {
    /// The video asset's name; nil shows nothing. Default nil.
    public var player: String? = nil
    /// Default `resizeAspect`.
    public var videoGravity: VideoGravity = .resizeAspect
    /// The sound's gain. Default 1.
    public var volume: Double = 1
    /// Default false.
    public var isMuted = false
    /// The clip time shown, in seconds: the layer's local time, set as the timeline is
    /// evaluated (not a key of the file).
    public var time: Double = 0

    public init() {}
}
