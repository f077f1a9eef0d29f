import ReelCore
import ReelTimeline

/// A layer of a built timeline. Properties are set with modifiers named after CALayer's
/// (`.position(x, y)`, `.cornerRadius(12)`, or `.set("key", value)` for any file key); the
/// block holds sublayers and animations: `LayerDocument("card") { LayerDocument("dot"); Animate.basic(...) }`.
public struct LayerDocument {
    public private(set) var document: JSONValue

    public init(_ id: String, @LayerContentBuilder _ content: () -> [LayerContent] = { [] }) {
        var members: [(key: String, value: JSONValue)] = [("id", .string(id))]
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
    public func border(width: Double, color: String = "#000000") -> LayerDocument {
        set("borderWidth", width).set("borderColor", color)
    }
    public func masksToBounds(_ clips: Bool = true) -> LayerDocument { set("masksToBounds", clips) }
    public func shadow(opacity: Double, radius: Double = 3, offset: Size = Size(width: 0, height: -3), color: String = "#000000")
        -> LayerDocument
    {
        set("shadowOpacity", opacity).set("shadowRadius", radius).set("shadowOffset", offset).set("shadowColor", color)
    }
    public func contents(_ asset: String, gravity: String = "resize") -> LayerDocument {
        set("contents", asset).set("contentsGravity", gravity)
    }

    /// `transform` from components: rotation about z (degrees), uniform or per-axis scale, translation.
    public func transform(rotation degrees: Double = 0, scale: [Double] = [1, 1], translation: [Double] = [0, 0]) -> LayerDocument
    {
        set(
            "transform",
            JSONValue.object([("translation", translation.json), ("rotation", Degrees(degrees).json), ("scale", scale.json)]))
    }

    /// A mask layer, in this layer's coordinates.
    public func mask(_ mask: LayerDocument) -> LayerDocument { set("mask", mask.document) }
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
