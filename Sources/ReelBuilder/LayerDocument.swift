import ReelCore
import ReelFormat
import ReelJSON
import ReelLayers
import ReelTimeline

/// A layer of a built timeline. Properties are set with modifiers named after CALayer's
/// (`.position(x, y)`, `.cornerRadius(12)`, or `.set("key", value)` for any file key); the
/// block holds sublayers and animations: `LayerDocument("card") { LayerDocument("dot"); Animate.basic(...) }`.
/// A modifier writes only what it is given: every default is the declaration's (`LayerProperty`),
/// so a key left out reads as Core Animation's default.
public struct LayerDocument {
    public private(set) var document: JSONValue

    /// A layer of class `layerClass` (`CAShapeLayer` and the rest take their own keys).
    public init(
        _ id: String, class layerClass: LayerClass = .layer, @LayerContentBuilder _ content: () -> [LayerContent] = { [] }
    ) {
        var members: [(key: String, value: JSONValue)] = [("id", .string(id))]
        if layerClass != .layer { members.append(("class", .string(layerClass.rawValue))) }
        let parts = content()
        let sublayers = parts.compactMap { if case .sublayer(let l) = $0 { return l.document } else { return nil } }
        let animations = parts.compactMap { if case .animation(let a) = $0 { return a.document } else { return nil } }
        if !sublayers.isEmpty { members.append(("sublayers", .array(sublayers))) }
        if !animations.isEmpty { members.append(("animations", .array(animations))) }
        document = .object(members)
    }

    /// Sets any layer key of the file format.
    public func set(_ key: String, _ value: JSONConvertible) -> LayerDocument {
        var copy = self
        guard case .object(var members) = document else { return self }
        members.removeAll { $0.key == key }
        // Keep the id first and the tree after the properties, as people write it.
        let at = members.firstIndex { $0.key == "sublayers" || $0.key == "animations" } ?? members.count
        members.insert((key, value.json), at: at)
        copy.document = .object(members)
        return copy
    }

    public func bounds(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> LayerDocument {
        set("bounds", [x, y, width, height])
    }
    public func frame(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> LayerDocument {
        set("frame", [x, y, width, height])
    }
    public func position(_ x: Double, _ y: Double) -> LayerDocument { set("position", [x, y]) }
    public func anchorPoint(_ x: Double, _ y: Double) -> LayerDocument { set("anchorPoint", [x, y]) }
    public func zPosition(_ z: Double) -> LayerDocument { set("zPosition", z) }
    public func hidden(_ hidden: Bool = true) -> LayerDocument { set("hidden", hidden) }
    public func opacity(_ opacity: Double) -> LayerDocument { set("opacity", opacity) }
    public func backgroundColor(_ hex: String) -> LayerDocument { set("backgroundColor", hex) }
    public func cornerRadius(_ radius: Double) -> LayerDocument { set("cornerRadius", radius) }
    public func border(width: Double, color: String? = nil) -> LayerDocument {
        set("borderWidth", width).setting("borderColor", color)
    }
    public func masksToBounds(_ clips: Bool = true) -> LayerDocument { set("masksToBounds", clips) }
    public func shadow(opacity: Double, radius: Double? = nil, offset: Size? = nil, color: String? = nil) -> LayerDocument {
        set("shadowOpacity", opacity).setting("shadowRadius", radius).setting("shadowOffset", offset).setting(
            "shadowColor", color)
    }
    public func contents(_ asset: String, gravity: String? = nil) -> LayerDocument {
        set("contents", asset).setting("contentsGravity", gravity)
    }

    // CAShapeLayer
    /// The shape's path (`Path`'s rect, rounded rect, ellipse, arcs and curves), in the layer's own space.
    public func path(_ path: Path) -> LayerDocument { set("path", PropertyValue.path(path).json) }
    /// The fill; nil for none.
    public func fillColor(_ hex: String?) -> LayerDocument { set("fillColor", hex.map(JSONValue.string) ?? .null) }
    /// The stroke: its colour and whichever of its keys are given.
    public func stroke(
        _ hex: String, width: Double? = nil, cap: LineCap? = nil, join: LineJoin? = nil, dashes: [Double]? = nil
    ) -> LayerDocument {
        set("strokeColor", hex).setting("lineWidth", width).setting("lineCap", cap?.rawValue).setting("lineJoin", join?.rawValue)
            .setting("lineDashPattern", dashes)
    }
    /// The stroked part, as fractions of the path's length.
    public func strokeRange(start: Double? = nil, end: Double? = nil) -> LayerDocument {
        setting("strokeStart", start).setting("strokeEnd", end)
    }

    // CAGradientLayer
    /// The gradient's colours, with their locations and end points when given.
    public func gradient(
        _ colors: [String], locations: [Double]? = nil, type: GradientType? = nil, start: Point? = nil, end: Point? = nil
    ) -> LayerDocument {
        set("colors", colors).setting("locations", locations).setting("type", type?.rawValue).setting("startPoint", start)
            .setting("endPoint", end)
    }

    // CAReplicatorLayer
    /// `count` copies of the sublayers, each `transform`ed, delayed and tinted a step further than the one before.
    public func instances(
        _ count: Int, transform: JSONConvertible? = nil, delay: Double? = nil, color: String? = nil, alphaOffset: Double? = nil
    ) -> LayerDocument {
        set("instanceCount", count).setting("instanceTransform", transform).setting("instanceDelay", delay)
            .setting("instanceColor", color).setting("instanceAlphaOffset", alphaOffset)
    }

    /// Sets `key` when a value is given; leaves it to its declared default otherwise.
    // AVPlayerLayer
    /// The video asset played in the layer's local time, how it fits the bounds and its sound's
    /// gain where they differ from AVFoundation's (`resizeAspect`, 1).
    public func video(_ asset: String, gravity: VideoGravity? = nil, volume: Double? = nil, muted: Bool? = nil) -> LayerDocument {
        set("player", asset).setting("videoGravity", gravity?.rawValue).setting("volume", volume).setting("muted", muted)
    }

    // CATextLayer
    /// The text (`\n` breaks lines), and the font, size and colour where they differ from
    /// Core Animation's (Helvetica, 36, white).
    public func text(_ string: String, font: String? = nil, size: Double? = nil, color: String? = nil) -> LayerDocument {
        set("string", string).setting("font", font).setting("fontSize", size).setting("foregroundColor", color)
    }

    /// An attributed string: runs whose font, size and colour override the layer's.
    public func text(runs: [TextRun]) -> LayerDocument {
        set("string", PropertyValue.text(runs).json)
    }

    /// How lines are laid out in the bounds: wrapped at the width, cut with "…", aligned.
    public func textLayout(wrapped: Bool? = nil, truncation: TextTruncation? = nil, alignment: TextAlignment? = nil)
        -> LayerDocument
    {
        setting("isWrapped", wrapped).setting("truncationMode", truncation?.rawValue).setting(
            "alignmentMode", alignment?.rawValue)
    }

    func setting(_ key: String, _ value: JSONConvertible?) -> LayerDocument {
        value.map { set(key, $0) } ?? self
    }

    /// `transform` from components: rotation about z (degrees), uniform or per-axis scale, translation.
    public func transform(rotation degrees: Double = 0, scale: [Double] = [1, 1], translation: [Double] = [0, 0]) -> LayerDocument
    {
        set(
            "transform",
            JSONValue.object([("translation", translation.json), ("rotation", Degrees(degrees).json), ("scale", scale.json)]))
    }

    /// A mask layer, in this layer's coordinates, read by `mode` (alpha unless told).
    public func mask(_ mask: LayerDocument, mode: MaskMode? = nil) -> LayerDocument {
        set("mask", mask.document).setting("maskMode", mode?.rawValue)
    }

    /// How the layer's picture lands on its backdrop: a blend mode or Porter-Duff operator (Reel's `compositingFilter`).
    public func compositingFilter(_ mode: BlendMode) -> LayerDocument { set("compositingFilter", mode.rawValue) }

    /// The layer's `filters`, applied in order; animate them by `filters.NAME.radius` / `filters.NAME.matrix`.
    public func filters(_ filters: [LayerFilter]) -> LayerDocument { set("filters", PropertyValue.filters(filters).json) }

    // CAEmitterLayer
    /// The cells that emit particles; animate their keys by `emitterCells.NAME.KEY`.
    public func emitterCells(_ cells: [EmitterCell]) -> LayerDocument {
        set("emitterCells", PropertyValue.emitterCells(cells).json)
    }
    /// Where particles are born: the shape's centre, and whichever of its size, shape and mode are given.
    public func emitter(
        position x: Double, _ y: Double, size: Size? = nil, shape: EmitterShape? = nil, mode: EmitterMode? = nil
    ) -> LayerDocument {
        set("emitterPosition", [x, y]).setting("emitterSize", size).setting("emitterShape", shape?.rawValue).setting(
            "emitterMode", mode?.rawValue)
    }
    /// The order particles are drawn in (`additive` adds them).
    public func renderMode(_ mode: EmitterRenderMode) -> LayerDocument { set("renderMode", mode.rawValue) }
    /// Keys the generator the particles' ranged values are drawn from.
    public func seed(_ seed: UInt32) -> LayerDocument { set("seed", Double(seed)) }
}

/// What a layer's block may hold.
public enum LayerContent {
    case sublayer(LayerDocument)
    case animation(Animate)
}

@resultBuilder
public enum LayerContentBuilder {
    public static func buildBlock(_ parts: [LayerContent]...) -> [LayerContent] { parts.flatMap { $0 } }
    public static func buildExpression(_ layer: LayerDocument) -> [LayerContent] { [.sublayer(layer)] }
    public static func buildExpression(_ animation: Animate) -> [LayerContent] { [.animation(animation)] }
    public static func buildOptional(_ parts: [LayerContent]?) -> [LayerContent] { parts ?? [] }
    public static func buildEither(first: [LayerContent]) -> [LayerContent] { first }
    public static func buildEither(second: [LayerContent]) -> [LayerContent] { second }
    public static func buildArray(_ parts: [[LayerContent]]) -> [LayerContent] { parts.flatMap { $0 } }
}
