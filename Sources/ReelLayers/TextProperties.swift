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
    /// Where the lines sit in the bounds' height. Default `top`, as Core Animation draws.
    public var verticalAlignment: TextVerticalAlignment = .top
    /// An outline of every glyph, centred on its outline, beneath the fill; width 0 draws none.
    public var strokeColor: Color = .black
    public var strokeWidth: Double = 0
    /// A box behind each line that has text, grown by `backgroundPadding` (horizontal,
    /// vertical) and rounded by `backgroundCornerRadius`; nil draws none.
    public var backgroundColor: Color? = nil
    public var backgroundPadding = Size(width: 8, height: 4)
    public var backgroundCornerRadius: Double = 0
    /// Whether text that does not fit the bounds is made smaller, down to `minimumScaleFactor`.
    public var adjustsFontSizeToFit = false
    public var minimumScaleFactor: Double = 0
    /// A number shown as the string, written by `numberFormat`; nil: the string shows.
    public var numberValue: Double? = nil
    public var numberFormat = NumberFormat()
    /// A caption asset's name: the layer shows the cue of its local time; nil: the string shows.
    public var captions: String? = nil
    /// Laid-out lines a caption page holds at most; a cue with more is split into pages.
    public var captionMaxLines = 2
    /// Timed words a caption page holds at most; 0 pages by lines.
    public var captionWordsPerPage = 0
    /// The colour of the word being spoken; nil: no highlight.
    public var captionHighlightColor: Color? = nil
    /// A box behind the word being spoken, made like the line boxes; nil: none.
    public var captionHighlightBackgroundColor: Color? = nil
    /// The layer's local time in seconds, which picks the caption shown: set as the timeline
    /// is evaluated (not a key of the file).
    public var time: Double = 0

    public init() {}

    /// The largest font size, in points: far past any title on a canvas, small enough that a
    /// glyph's outline stays a reasonable size.
    public static let maximumFontSize = 10_000.0
    /// The most characters a text layer's string may hold: pages of captions, not a book.
    public static let maximumCharacters = 100_000

    /// The whole string, runs joined.
    public var string: String { runs.map(\.text).joined() }

    /// The runs the layer shows when it shows no captions: its number written by its format
    /// in the layer's look when it has one, else its string.
    public var shownRuns: [TextRun] { numberValue.map { [TextRun(numberFormat.string($0))] } ?? runs }
}
