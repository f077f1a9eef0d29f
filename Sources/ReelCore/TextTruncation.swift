/// Where a line that does not fit is cut and "…" put in (CATextLayer's `truncationMode`).
public enum TextTruncation: String, CaseIterable, Hashable, Sendable {
    /// Not cut: the line runs on and the bounds clip it.
    case none
    /// The line's start goes: "…end of the line".
    case start
    /// Its middle goes: "start…end".
    case middle
    /// Its end goes: "start of the line…".
    case end
}
