import ReelLayers
import ReelText

extension TextBlock {
    /// What a text layer lays out: its string, font and modes in a box of its bounds' size.
    public init(_ layer: Layer) {
        let t = layer.text
        self.init(
            runs: t.runs, font: t.font, fontSize: t.fontSize, width: layer.bounds.width, height: layer.bounds.height,
            isWrapped: t.isWrapped, truncation: t.truncationMode, alignment: t.alignmentMode)
    }
}
