import ReelCore

/// What a CATextLayer draws as its contents: its string, shaped and laid out in its bounds
/// (first line at the top), as glyph outlines cut to the bounds.
public struct TextProperties: Hashable, Sendable {
    /// The string as runs (a plain string is one run with no overrides); `\n` breaks lines. Default none.
    public var runs: [TextRun] = []
    /// A font asset's name, or a family or face name fontconfig knows. Default `Helvetica`.
    public var font = "Helvetica"
    /// Points. Default 36.
    public var fontSize: Double = 36
    /// Default opaque white.
    public var foregroundColor: Color = .white
    /// Whether lines wrap at the bounds' width. Default false.
    public var isWrapped = false
    /// Default `none`.
    public var truncationMode: TextTruncation = .none
    /// Default `natural`.
    public var alignmentMode: TextAlignment = .natural

    public init() {}

    /// The largest font size, in points: far past any title on a canvas, small enough that a
    /// glyph's outline stays a reasonable size.
    public static let maximumFontSize = 10_000.0
    /// The most characters a text layer's string may hold: pages of captions, not a book.
    public static let maximumCharacters = 100_000

    /// The whole string, runs joined.
    public var string: String { runs.map(\.text).joined() }
}
