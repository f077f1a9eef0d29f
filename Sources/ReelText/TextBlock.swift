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

    public init(
        runs: [TextRun], font: String, fontSize: Double, width: Double, height: Double, isWrapped: Bool = false,
        truncation: TextTruncation = .none, alignment: TextAlignment = .natural
    ) {
        self.runs = runs.map { TextRun($0.text, font: $0.font, fontSize: $0.fontSize) }
        self.font = font
        self.fontSize = fontSize
        self.width = width
        self.height = height
        self.isWrapped = isWrapped
        self.truncation = truncation
        self.alignment = alignment
    }

    /// Run `r`'s font name and size, the layer's where the run sets none.
    func style(_ r: Int) -> (font: String, size: Double) {
        (runs[r].font ?? font, runs[r].fontSize ?? fontSize)
    }
}
