/// How lines sit across the bounds' width (CATextLayer's `alignmentMode`).
public enum TextAlignment: String, CaseIterable, Hashable, Sendable {
    /// Left for a left-to-right paragraph, right for a right-to-left one (its first strong character).
    case natural
    case left
    case right
    case center
    /// Spaces stretched so every wrapped line but a paragraph's last spans the width.
    case justified
}
