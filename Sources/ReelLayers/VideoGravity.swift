/// How an AVPlayerLayer fits its video in its bounds (AVLayerVideoGravity).
public enum VideoGravity: String, CaseIterable, Hashable, Sendable {
    /// The whole picture, aspect kept, centred (letterboxed).
    case resizeAspect
    /// The bounds filled, aspect kept, centred (the overflow is not cut unless `masksToBounds`).
    case resizeAspectFill
    /// Stretched to the bounds.
    case resize

    /// The contents gravity that places a picture the same way.
    public var contentsGravity: ContentsGravity {
        switch self {
        case .resizeAspect: .resizeAspect
        case .resizeAspectFill: .resizeAspectFill
        case .resize: .resize
        }
    }
}
