import ReelCore

/// How a stretch of a cue's text looks, as its markup says: `<b>`, `<i>` and a WebVTT colour
/// class (`<c.yellow>`); nil colour: the layer's.
public struct CaptionStyle: Hashable, Sendable {
    public var isBold = false
    public var isItalic = false
    public var color: Color? = nil

    public init(isBold: Bool = false, isItalic: Bool = false, color: Color? = nil) {
        (self.isBold, self.isItalic, self.color) = (isBold, isItalic, color)
    }

    /// WebVTT's default colour classes (`<c.lime>`), by name.
    static let colorClasses: [String: Color] = [
        "white": .white, "lime": Color(red: 0, green: 1, blue: 0), "cyan": Color(red: 0, green: 1, blue: 1),
        "red": Color(red: 1, green: 0, blue: 0), "yellow": Color(red: 1, green: 1, blue: 0),
        "magenta": Color(red: 1, green: 0, blue: 1), "blue": Color(red: 0, green: 0, blue: 1), "black": .black
    ]
}
