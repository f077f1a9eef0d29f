import ReelCore

/// What the typesetter lays out: a text layer's string and look (colours aside, which do not
/// move a glyph) in a box of its bounds' size. Layouts are kept per distinct block.
public struct TextBlock: Hashable, Sendable {
    /// The string's runs, their colours cleared.
    public let runs: [TextRun]
    public let font: String
    public let fontSize: Double
    /// The bounds' size in points: lines wrap at the width; truncation keeps to the height.
    public let width: Double
    public let height: Double
    public let isWrapped: Bool
    public let truncation: TextTruncation
    public let alignment: TextAlignment
    public let verticalAlignment: TextVerticalAlignment
    /// The glyph outline's width in points (at full size): the ink reaches half of it further.
    public let strokeWidth: Double
    /// Whether text that does not fit is set smaller, by a factor k/256 no smaller than `minimumScale`.
    public let adjustsToFit: Bool
    public let minimumScale: Double

    public init(
        runs: [TextRun], font: String, fontSize: Double, width: Double, height: Double, isWrapped: Bool = false,
        truncation: TextTruncation = .none, alignment: TextAlignment = .natural, verticalAlignment: TextVerticalAlignment = .top,
        strokeWidth: Double = 0, adjustsToFit: Bool = false, minimumScale: Double = 0
    ) {
        self.runs = runs.map { TextRun($0.text, font: $0.font, fontSize: $0.fontSize) }
        self.font = font
        self.fontSize = fontSize
        self.width = width
        self.height = height
        self.isWrapped = isWrapped
        self.truncation = truncation
        self.alignment = alignment
        self.verticalAlignment = verticalAlignment
        self.strokeWidth = strokeWidth
        self.adjustsToFit = adjustsToFit
        self.minimumScale = minimumScale
    }

    /// The same block with every size `factor` times as large, set as it is (no fitting, the
    /// bounds and modes kept).
    func scaled(by factor: Double) -> TextBlock {
        TextBlock(
            runs: runs.map { TextRun($0.text, font: $0.font, fontSize: $0.fontSize.map { $0 * factor }) }, font: font,
            fontSize: fontSize * factor, width: width, height: height, isWrapped: isWrapped, truncation: truncation,
            alignment: alignment, verticalAlignment: verticalAlignment, strokeWidth: strokeWidth * factor)
    }

    /// Run `r`'s font name and size, the layer's where the run sets none.
    func style(_ r: Int) -> (font: String, size: Double) {
        (runs[r].font ?? font, runs[r].fontSize ?? fontSize)
    }
}
