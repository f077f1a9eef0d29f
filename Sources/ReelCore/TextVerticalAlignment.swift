/// Where a text layer's laid-out lines sit in its bounds' height (Reel's
/// `textVerticalAlignment`; Core Animation always draws from the top).
public enum TextVerticalAlignment: String, CaseIterable, Hashable, Sendable {
    case top
    /// Equal room above the first line box and below the last.
    case center
    case bottom
}
