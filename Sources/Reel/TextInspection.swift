import ReelCore
import ReelJSON
import ReelLayers
import ReelRender
import ReelText
import ReelTimeline

/// What Reel tells about its text without drawing it: each text layer's laid-out lines
/// (`reel inspect`), and the font file every run resolved to, with the fallbacks and missing
/// characters (`reel validate`), so a render elsewhere can be made identical by shipping the files.
public enum TextInspection {
    /// A text layer's lines as laid out, in the layer's own coordinates: text, left edge and
    /// advance width, top, baseline and height; nil for a layer of another class.
    public static func lines(of layer: Layer, assets: DrawingAssets) -> JSONValue? {
        guard layer.layerClass == .textLayer else { return nil }
        let b = layer.bounds
        let layout = assets.typesetter.layout(ShownText(layer, assets: assets).block)
        return .array(
            layout.lines.map { line in
                .object([
                    ("text", .string(line.text)), ("x", .number(b.minX + line.x)), ("width", .number(line.width)),
                    ("top", .number(b.minY + line.top)), ("baseline", .number(b.minY + line.baseline)),
                    ("height", .number(line.height))
                ])
            })
    }

    /// The fonts a timeline's text is drawn with, one line per text layer and run font, and a
    /// warning per stand-in: a name no font has, characters drawn by a fallback font, and
    /// characters no installed font has. Text is looked at on up to `samples` frames spread
    /// over the timeline (strings and fonts may change as it plays).
    public static func fonts(of timeline: Timeline, assets: DrawingAssets, samples: Int = 240) -> (
        lines: [String], warnings: [String]
    ) {
        // Most timelines have no text: nothing to sample then.
        guard timeline.hasText else { return ([], []) }
        let frames = timeline.canvas.frameCount
        let step = max(1, frames / max(samples, 1))
        var seen: Set<String> = []
        var lines: [String] = []
        var warnings: [String] = []
        func say(_ text: String, _ list: inout [String]) {
            if seen.insert(text).inserted { list.append(text) }
        }
        for frame in stride(from: 0, to: max(frames, 1), by: step) {
            let root = timeline.presentation(at: timeline.canvas.fps.time(ofFrame: frame))
            visit(root.sublayers, "") { path, layer in
                let layout = assets.typesetter.layout(ShownText(layer, assets: assets).block)
                for run in layout.fonts {
                    let face = run.face
                    say(
                        "text \(path): \"\(run.name)\" is \(face.family) \(face.style), \(face.path)\(face.index > 0 ? " #\(face.index)" : "")",
                        &lines)
                    if !run.isMatch {
                        say(
                            "text \(path): no font is named \"\(run.name)\"; fontconfig's default \(face.family) \(face.style) stands in (\(face.path))",
                            &warnings)
                    }
                    for (fallback, characters) in run.fallbacks {
                        say(
                            "text \(path): \(face.family) \(face.style) has no \(quoted(characters)); \(fallback.family) \(fallback.style) draws them (\(fallback.path)\(fallback.index > 0 ? " #\(fallback.index)" : ""))",
                            &warnings)
                    }
                    if !run.missing.isEmpty {
                        say(
                            "text \(path): no installed font has \(quoted(run.missing)); drawn as \(face.family)'s missing glyph",
                            &warnings)
                    }
                }
            }
        }
        return (lines, warnings)
    }

    /// The caption files' warnings (overlapping cues), each with its asset and line.
    public static func captionWarnings(_ assets: DrawingAssets) -> [String] {
        assets.captions.sorted { $0.key < $1.key }.flatMap { name, track in
            track.warnings.map { "captions \(name), \($0.location): \($0.found)" }
        }
    }

    /// Characters as the user would recognise them: the text and their code points.
    static func quoted(_ characters: [Unicode.Scalar]) -> String {
        let shown = characters.prefix(12)
        let codes = shown.map { String(format: "U+%04X", $0.value) }.joined(separator: " ")
        return
            "\"\(String(String.UnicodeScalarView(shown)))\" (\(codes)\(characters.count > 12 ? " and \(characters.count - 12) more" : ""))"
    }

    /// Every text layer under `layers` with its id path, masks and sublayers included.
    private static func visit(_ layers: [Layer], _ prefix: String, _ body: (String, Layer) -> Void) {
        for l in layers {
            let path = prefix.isEmpty ? l.id : prefix + "/" + l.id
            if l.layerClass == .textLayer, ShownText.mayShow(l) { body(path, l) }
            if let mask = l.mask { visit([mask], path + "/mask", body) }
            visit(l.sublayers, path, body)
        }
    }
}
