/// A piece of a text layer's string with its own look (one run of an attributed string):
/// `font`, `fontSize` and `foregroundColor` override the layer's where set.
public struct TextRun: Hashable, Sendable {
    public var text: String
    /// A font asset's name, or a family or face name fontconfig knows; nil: the layer's.
    public var font: String?
    /// Points; nil: the layer's.
    public var fontSize: Double?
    /// Straight colour; nil: the layer's.
    public var foregroundColor: Color?

    public init(_ text: String, font: String? = nil, fontSize: Double? = nil, foregroundColor: Color? = nil) {
        self.text = text
        self.font = font
        self.fontSize = fontSize
        self.foregroundColor = foregroundColor
    }

    /// Whether only the text's look differs from `other` (same text, same font): the two
    /// interpolate, size and colour, as an animated attributed string.
    public func hasSameText(as other: TextRun) -> Bool { text == other.text && font == other.font }
}
