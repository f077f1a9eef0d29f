/// What Reel draws of Lottie, feature by feature: docs/lottie.md's compatibility table is made
/// from this list (`reel keys --lottie`), and what is not drawn is also named, by its JSON
/// path, in the warnings of the file that uses it.
public enum LottieSupport {
    /// How far a feature is drawn.
    public enum Level: String, Sendable {
        case yes, partly, no
    }

    public struct Feature: Sendable {
        public let name: String
        public let level: Level
        public let notes: String
    }

    public static let features: [Feature] = [
        .init(
            name: "Composition (`w`, `h`, `fr`, `ip`, `op`)", level: .yes,
            notes:
                "Time t shows frame ip + t·fr; 29.97 stays 29.97; transparent, over white with a note into MP4 and GIF (`--background` chooses)"
        ),
        .init(name: "`.json`, dotLottie (`.lottie`), Telegram `.tgs`", level: .yes, notes: "Recognised by content"),
        .init(
            name: "Precomps (`ty` 0)", level: .yes, notes: "Clipped to their `w` x `h`; a precomp that includes itself is refused"
        ),
        .init(name: "Start time (`st`), stretch (`sr`), time remap (`tm`)", level: .yes, notes: "They time a precomp's layers"),
        .init(name: "Parenting, nulls (`ty` 3)", level: .yes, notes: "A parent lends its transform, never its opacity"),
        .init(name: "Solids (`ty` 1)", level: .yes, notes: ""),
        .init(
            name: "Images (`ty` 2)", level: .yes,
            notes: "Embedded (`data:`), beside the file, or in a dotLottie's images; a missing file draws nothing, with a warning"
        ),
        .init(
            name: "Transforms (anchor, position, split position, scale, rotation, skew, opacity)", level: .yes,
            notes: "Scale through 0 and turns past 360° keyframe exactly"),
        .init(
            name: "Keyframes: eased, hold, spatial tangents", level: .yes,
            notes: "Both keyframe forms; spatial segments walk their curve by arc length; per-axis eases of a position split it"),
        .init(name: "Auto-orient (`ao`)", level: .yes, notes: ""),
        .init(
            name: "3D layers (`ddd`)", level: .partly,
            notes: "x and y rotations and orientation turn the layer; z positions, cameras and lights are not drawn"),
        .init(name: "Rectangle, ellipse, polystar, path", level: .yes, notes: "Lottie's directions and starting points"),
        .init(
            name: "Fill, stroke", level: .yes,
            notes: "Paint order as Lottie's; caps, joins, miter limit, fill rule; an animated dash is drawn at its first value"),
        .init(
            name: "Gradient fill and stroke", level: .partly,
            notes: "Linear and radial with colour and opacity stops; a radial highlight is not drawn"),
        .init(
            name: "Trim paths", level: .partly,
            notes: "Simultaneous and individual, with offset, on strokes; a fill under a trim shows its whole outline"),
        .init(name: "Repeater", level: .yes, notes: "Copies, offset, start and end opacity, above or below"),
        .init(
            name: "Round corners", level: .yes,
            notes: "lottie-web's rule on every sharp vertex of the outlines before it, animated radius too"),
        .init(
            name: "Pucker & bloat, zig zag", level: .yes,
            notes: "lottie-web's rules, in list order on the outlines before them; animated amounts too"),
        .init(
            name: "Offset path", level: .yes,
            notes: "Grows or shrinks closed outlines with miter, round or bevel joins as ThorVG; an open one moves to one side"),
        .init(name: "Twist", level: .no, notes: "No player draws it; named, the paths stay as they are"),
        .init(
            name: "Merge paths", level: .partly,
            notes: "Drawn as the paths together (merge, add); no boolean subtract, intersect, exclude"),
        .init(
            name: "Masks", level: .partly,
            notes: "Add, subtract, intersect, inverted, opacity; lighten, darken, difference approximated; expansion not drawn"),
        .init(
            name: "Track mattes (alpha, alpha inverted, luma, luma inverted)", level: .yes,
            notes: "`tt`, and `tp` naming the matte"),
        .init(name: "Blend modes (`bm`)", level: .partly, notes: "All but hard mix"),
        .init(
            name: "Effects", level: .partly,
            notes: "Gaussian blur, drop shadow, fill, tint; any other effect is named and left out"),
        .init(
            name: "Motion blur (`mb`)", level: .yes,
            notes: "A layer's switch exposes it over the composition's shutter (`sa`, `sp`, `spf`), as Reel's layer motionBlur"),
        .init(
            name: "Layer styles (`sy`)", level: .partly,
            notes:
                "Drop shadow as the layer's shadow; stroke as the outlines stroked beneath a shape layer's content; others named"),
        .init(
            name: "Text", level: .yes,
            notes:
                "Glyphs from `chars` or the named font's family and style through fontconfig (a stand-in named; missing "
                + "characters from a fallback font), kerned, placed as lottie-web places them: baseline on the anchor, "
                + "`lh`, tracking, justification, boxes (`sz`, `ps`, wrapped), `ls`, caps, fill and stroke"),
        .init(
            name: "Text animators", level: .partly,
            notes:
                "Range selectors (percent or indices; characters, words, lines; all six shapes, ease high/low, "
                + "smoothness) moving anchor, position, scale, rotation, skew, opacity, fill and stroke colour, stroke "
                + "width and tracking per character; randomised order, 3D rotation and hue/saturation/brightness named "
                + "and left out"),
        .init(name: "Text on a path", level: .no, notes: "Named; the text is set on a straight line"),
        .init(name: "Slots (`slots`, `sid`)", level: .yes, notes: "A property naming a slot takes its value (`slots.ID.p`)"),
        .init(
            name: "Expressions", level: .partly,
            notes:
                "Run in Duktape with After Effects' globals at every frame, seeded, with a time and memory limit; "
                + "one that fails keeps its keyframes and is named; expressions on shape paths are named and left out")
    ]

    /// The features as a Markdown table.
    public static var markdown: String {
        (["| Lottie feature | Drawn | Notes |", "| --- | --- | --- |"]
            + features.map { "| \($0.name) | \($0.level.rawValue) | \($0.notes) |" }).joined(separator: "\n") + "\n"
    }
}
