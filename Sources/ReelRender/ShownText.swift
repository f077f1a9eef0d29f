import ReelCaptions
import ReelCore
import ReelLayers
import ReelText

/// What a text layer shows at its time: the block it lays out (its string, its number written
/// by its format, or its caption page), each run's colour, and which runs are the caption word
/// being spoken. Caption pages follow the extensions page: the cue whose [start, end) holds
/// the layer's local time, split into pages of `captionMaxLines` laid-out lines timed by their
/// characters, or of `captionWordsPerPage` timed words.
public struct ShownText: Sendable {
    public let block: TextBlock
    /// Each run's straight colour (the layer's where the run sets none, the highlight's for
    /// the word being spoken).
    public let colors: [Color]
    /// The runs that draw the word being spoken (empty: none).
    public let highlighted: Range<Int>

    /// Whether the layer shows nothing at its time (no string, or no cue).
    public var isEmpty: Bool { block.runs.isEmpty }

    /// Whether a text layer has something to show at some time: a string, a number or captions,
    /// in bounds that are not empty.
    public static func mayShow(_ layer: Layer) -> Bool {
        let t = layer.text
        return (!t.runs.isEmpty || t.numberValue != nil || t.captions != nil) && !layer.bounds.isEmpty
    }

    public init(_ layer: Layer, assets: DrawingAssets) {
        let t = layer.text
        guard let name = t.captions else {
            let runs = t.shownRuns
            self.init(layer, runs: runs, colors: runs.map { $0.foregroundColor ?? t.foregroundColor }, highlighted: 0..<0)
            return
        }
        guard let track = assets.captions[name], let cue = track.cue(at: t.time) else {
            self.init(layer, runs: [], colors: [], highlighted: 0..<0)
            return
        }
        let all = 0..<cue.text.unicodeScalars.count
        var shown = all
        if t.captionWordsPerPage > 0, !cue.words.isEmpty {
            let n = t.captionWordsPerPage
            let page = stride(from: 0, to: cue.words.count, by: n).map { cue.words[$0..<min($0 + n, cue.words.count)] }.first {
                CaptionTrack.reached(Double($0.first!.start), at: t.time)
                    && !CaptionTrack.reached(Double($0.last!.end), at: t.time)
            }
            guard let page else {
                self.init(layer, runs: [], colors: [], highlighted: 0..<0)
                return
            }
            shown = page.first!.range.lowerBound..<page.last!.range.upperBound
        } else if t.captionMaxLines > 0 {
            let whole = ShownText(layer, cue: cue, range: all, word: nil, library: assets.typesetter.library)
            let lines = assets.typesetter.layout(whole.block).lines
            if lines.count > t.captionMaxLines {
                shown = Self.page(of: cue, lines: lines.map(\.characters), perPage: t.captionMaxLines, at: t.time)
            }
        }
        let word = cue.words.first {
            $0.range.overlaps(shown) && CaptionTrack.reached(Double($0.start), at: t.time)
                && !CaptionTrack.reached(Double($0.end), at: t.time)
        }
        let highlights = t.captionHighlightColor != nil || t.captionHighlightBackgroundColor != nil
        self = ShownText(layer, cue: cue, range: shown, word: highlights ? word : nil, library: assets.typesetter.library)
    }

    /// The characters of the page of `cue` shown at `t`: pages of `perPage` laid-out lines, page k
    /// from start + (characters before it / all characters) x (end - start), characters counted
    /// as grapheme clusters without line breaks.
    static func page(of cue: CaptionCue, lines: [Range<Int>], perPage: Int, at t: Double) -> Range<Int> {
        let scalars = Array(cue.text.unicodeScalars)
        // Grapheme clusters (line breaks aside) before each scalar offset.
        var before = [Int](repeating: 0, count: scalars.count + 1)
        var offset = 0
        for cluster in cue.text {
            let count = cluster.unicodeScalars.count
            let counts = cluster == "\n" || cluster == "\r\n" ? 0 : 1
            for k in 0..<count { before[offset + k + 1] = before[offset] + (k == count - 1 ? counts : 0) }
            offset += count
        }
        let total = max(before[scalars.count], 1)
        var chosen = 0
        for first in stride(from: 0, to: lines.count, by: perPage) {
            let at = Double(cue.start) + Double(before[lines[first].lowerBound]) / Double(total) * Double(cue.end - cue.start)
            if first == 0 || CaptionTrack.reached(at, at: t) { chosen = first }
        }
        let last = min(chosen + perPage, lines.count) - 1
        return CaptionCue.trimmed(lines[chosen].lowerBound..<lines[last].upperBound, in: scalars) ?? 0..<0
    }

    /// A range of a cue, its stretches cut where `word` starts and ends.
    private init(_ layer: Layer, cue: CaptionCue, range: Range<Int>, word: CaptionCue.Word?, library: FontLibrary) {
        let t = layer.text
        var runs: [TextRun] = []
        var colors: [Color] = []
        var highlighted = 0..<0
        for (r, style) in cue.stretches(in: range, cutAt: word?.range) {
            let isWord = word.map { r.lowerBound >= $0.range.lowerBound && r.upperBound <= $0.range.upperBound } ?? false
            if isWord { highlighted = (highlighted.isEmpty ? runs.count : highlighted.lowerBound)..<(runs.count + 1) }
            let font =
                style.isBold || style.isItalic
                ? Self.styled(t.font, bold: style.isBold, italic: style.isItalic, library: library) : nil
            runs.append(TextRun(cue.substring(r), font: font))
            colors.append((isWord ? t.captionHighlightColor : nil) ?? style.color ?? t.foregroundColor)
        }
        self.init(layer, runs: runs, colors: colors, highlighted: highlighted, wraps: true)
    }

    private init(_ layer: Layer, runs: [TextRun], colors: [Color], highlighted: Range<Int>, wraps: Bool = false) {
        let t = layer.text
        block = TextBlock(
            runs: runs, font: t.font, fontSize: t.fontSize, width: layer.bounds.width, height: layer.bounds.height,
            isWrapped: t.isWrapped || wraps, truncation: t.truncationMode, alignment: t.alignmentMode,
            verticalAlignment: t.verticalAlignment, strokeWidth: t.strokeWidth, adjustsToFit: t.adjustsFontSizeToFit,
            minimumScale: t.minimumScaleFactor)
        self.colors = colors
        self.highlighted = highlighted
    }

    /// The name of the bold, italic or bold italic face of the family `font` resolves to
    /// (`Liberation Sans-BoldItalic`), as the font library reads it; a font asset's own name
    /// (an asset is one face).
    static func styled(_ font: String, bold: Bool, italic: Bool, library: FontLibrary) -> String {
        guard !library.isAsset(font) else { return font }
        let face = library.face(named: font).face
        let base = FontStyle(name: face.style) ?? .regular
        return FontStyle(weight: bold ? max(base.weight, 200) : base.weight, slant: italic ? 100 : base.slant).name(
            in: face.family)
    }
}
