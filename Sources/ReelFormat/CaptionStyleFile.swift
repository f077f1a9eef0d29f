import Foundation
import ReelCore
import ReelJSON
import ReelLayers
import ReelTimeline

/// `--caption-style FILE.json`: caption-layer keys, as a timeline writes them, laid over the
/// caption layer `--captions` adds. Every problem is named by the file and the key's JSON path.
public enum CaptionStyleFile {
    /// The keys a style may set: the text's look, the outline and line boxes, the highlight,
    /// the paging, and `frame` for placement.
    public static let keys = [
        "font", "fontSize", "foregroundColor", "textStrokeColor", "textStrokeWidth", "textBackgroundColor",
        "textBackgroundPadding", "textBackgroundCornerRadius", "captionHighlightColor", "captionHighlightBackgroundColor",
        "captionMaxLines", "captionWordsPerPage", "alignmentMode", "textVerticalAlignment", "frame", "opacity",
        "shadowColor", "shadowOpacity", "shadowOffset", "shadowRadius"
    ]

    /// `layer` with the style at `path` laid over it. A style that sets `fontSize` and not
    /// `textStrokeWidth` keeps the outline at the same share of the size.
    public static func apply(_ path: String, to layer: Layer) throws(TimelineError) -> Layer {
        let document = try Timeline.parse(Timeline.readText(path), file: path)
        let report = ProblemReport()
        var styled = layer
        if let members = JSONNode(root: document, report: report).object(allowed: Set(keys), suggesting: keys) {
            for (key, node) in members.inLayerOrder {
                guard let property = LayerProperty.all[key], let value = property.kind.decode(node) else { continue }
                property.setValue(value, on: &styled)
            }
            let names = Set(members.members.map(\.key))
            if names.contains("fontSize"), !names.contains("textStrokeWidth"), layer.text.fontSize > 0 {
                styled.text.strokeWidth = layer.text.strokeWidth * styled.text.fontSize / layer.text.fontSize
            }
        }
        guard report.problems.isEmpty else {
            throw TimelineError(file: path, problems: report.problems, warnings: report.warnings)
        }
        return styled
    }
}
