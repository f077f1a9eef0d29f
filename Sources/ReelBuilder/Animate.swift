import ReelJSON
import ReelTimeline

/// An animation of a built timeline: `Animate.basic("opacity", from: 1, to: 0).duration(2)`.
/// Timing modifiers carry CAMediaTiming's names.
public struct Animate {
    public private(set) var document: JSONValue

    private init(_ members: [(key: String, value: JSONValue)]) {
        document = .object(members)
    }

    /// CABasicAnimation; values in the file format's form for the key path's property.
    public static func basic(
        _ keyPath: String, from: JSONConvertible? = nil, to: JSONConvertible? = nil, by: JSONConvertible? = nil
    ) -> Animate {
        var m: [(key: String, value: JSONValue)] = [("keyPath", .string(keyPath))]
        if let from { m.append(("fromValue", from.json)) }
        if let to { m.append(("toValue", to.json)) }
        if let by { m.append(("byValue", by.json)) }
        return Animate(m)
    }

    /// CAKeyframeAnimation with values (and optionally key times, per-segment timing functions, a calculation mode).
    public static func keyframes(
        _ keyPath: String, values: [JSONConvertible], keyTimes: [Double]? = nil,
        timingFunctions: [String]? = nil, calculationMode: String? = nil
    ) -> Animate {
        var m: [(key: String, value: JSONValue)] = [("keyPath", .string(keyPath)), ("values", .array(values.map(\.json)))]
        if let keyTimes { m.append(("keyTimes", keyTimes.json)) }
        if let timingFunctions { m.append(("timingFunctions", timingFunctions.json)) }
        if let calculationMode { m.append(("calculationMode", .string(calculationMode))) }
        return Animate(m)
    }

    /// CASpringAnimation.
    public static func spring(
        _ keyPath: String, from: JSONConvertible? = nil, to: JSONConvertible, mass: Double = 1, stiffness: Double = 100,
        damping: Double = 10, initialVelocity: Double = 0
    ) -> Animate {
        var m: [(key: String, value: JSONValue)] = [("keyPath", .string(keyPath)), ("type", .string("spring"))]
        if let from { m.append(("fromValue", from.json)) }
        m += [
            ("toValue", to.json), ("mass", mass.json), ("stiffness", stiffness.json), ("damping", damping.json),
            ("initialVelocity", initialVelocity.json)
        ]
        return Animate(m)
    }

    /// CAAnimationGroup.
    public static func group(@AnimationBuilder _ animations: () -> [Animate]) -> Animate {
        Animate([("animations", .array(animations().map(\.document)))])
    }

    /// Sets any animation field of the file format.
    public func set(_ key: String, _ value: JSONConvertible) -> Animate {
        var copy = self
        guard case .object(var members) = document else { return self }
        members.removeAll { $0.key == key }
        members.append((key, value.json))
        copy.document = .object(members)
        return copy
    }

    public func duration(_ seconds: Double) -> Animate { set("duration", seconds) }
    public func beginTime(_ seconds: Double) -> Animate { set("beginTime", seconds) }
    public func speed(_ speed: Double) -> Animate { set("speed", speed) }
    public func timeOffset(_ seconds: Double) -> Animate { set("timeOffset", seconds) }
    public func repeatCount(_ count: Double) -> Animate {
        set("repeatCount", count.isInfinite ? JSONValue.string("infinity") : count.json)
    }
    public func repeatDuration(_ seconds: Double) -> Animate { set("repeatDuration", seconds) }
    public func autoreverses(_ on: Bool = true) -> Animate { set("autoreverses", on) }
    /// `removed`, `forwards`, `backwards` or `both`; holding after the end also needs `removedOnCompletion(false)`.
    public func fillMode(_ mode: String) -> Animate { set("fillMode", mode) }
    public func removedOnCompletion(_ removed: Bool) -> Animate { set("removedOnCompletion", removed) }
    /// A named timing function (`easeInEaseOut`, ...).
    public func timingFunction(_ name: String) -> Animate { set("timingFunction", name) }
    /// A custom cubic Bezier timing function.
    public func timingFunction(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Animate {
        set("timingFunction", [x1, y1, x2, y2])
    }
    public func additive(_ on: Bool = true) -> Animate { set("additive", on) }
    public func cumulative(_ on: Bool = true) -> Animate { set("cumulative", on) }
}

@resultBuilder
public enum AnimationBuilder {
    public static func buildBlock(_ parts: [Animate]...) -> [Animate] { parts.flatMap { $0 } }
    public static func buildExpression(_ animation: Animate) -> [Animate] { [animation] }
    public static func buildArray(_ parts: [[Animate]]) -> [Animate] { parts.flatMap { $0 } }
}
