import ReelFormat
import ReelJSON
import ReelTimeline

/// A scene of a built timeline (docs/scenes.md): inline layers, another timeline or Lottie
/// file, or a clip, with the transition to the next scene:
/// `SceneDocument("title", duration: 3) { LayerDocument("card") }.transition(.slide(.fromLeft), duration: 0.6)`.
public struct SceneDocument {
    public private(set) var document: JSONValue

    /// A scene of layers written inline, in the canvas's coordinates.
    public init(_ id: String, duration: Double, @LayerBuilder layers: () -> [LayerDocument]) {
        document = .object([("id", .string(id)), ("duration", duration.json), ("layers", .array(layers().map(\.document)))])
    }

    /// A scene that plays a Reel timeline or Lottie file (relative to the built timeline's
    /// folder); its own length unless `duration` is given.
    public init(_ id: String, timeline path: String, duration: Double? = nil) {
        document = .object([("id", .string(id)), ("timeline", .string(path))] + (duration.map { [("duration", $0.json)] } ?? []))
    }

    /// A scene that plays a clip filling the canvas; its own length unless `duration` is given.
    public init(_ id: String, video path: String, duration: Double? = nil) {
        document = .object([("id", .string(id)), ("video", .string(path))] + (duration.map { [("duration", $0.json)] } ?? []))
    }

    /// A transition's type, with what it takes.
    public enum Transition {
        case none, fade, iris, clockWipe, zoom
        case fadeThroughColor(String)
        case wipe(SceneTransition.Direction)
        case slide(SceneTransition.Direction)
        case cover(SceneTransition.Direction)
        case reveal(SceneTransition.Direction)

        var members: [(key: String, value: JSONValue)] {
            func typed(_ kind: SceneTransition.Kind, _ direction: SceneTransition.Direction? = nil) -> [(
                key: String, value: JSONValue
            )] {
                [("type", .string(kind.rawValue))] + (direction.map { [("direction", .string($0.rawValue))] } ?? [])
            }
            switch self {
            case .none: return typed(.none)
            case .fade: return typed(.fade)
            case .iris: return typed(.iris)
            case .clockWipe: return typed(.clockWipe)
            case .zoom: return typed(.zoom)
            case .fadeThroughColor(let color): return typed(.fadeThroughColor) + [("color", .string(color))]
            case .wipe(let d): return typed(.wipe, d)
            case .slide(let d): return typed(.slide, d)
            case .cover(let d): return typed(.cover, d)
            case .reveal(let d): return typed(.reveal, d)
            }
        }
    }

    /// The transition from this scene to the next, over `duration` seconds, paced by a Core
    /// Animation timing function name; `cutsSound` stops this scene's sound where it starts.
    public func transition(
        _ type: Transition, duration: Double = 0.5, timingFunction: String = "linear", cutsSound: Bool = false
    ) -> SceneDocument {
        var copy = self
        guard case .object(var members) = document else { return self }
        var transition = type.members + [("duration", duration.json)]
        if timingFunction != "linear" { transition.append(("timingFunction", .string(timingFunction))) }
        if cutsSound { transition.append(("sound", .string("cut"))) }
        members.removeAll { $0.key == "transition" }
        members.append(("transition", .object(transition)))
        copy.document = .object(members)
        return copy
    }
}

extension TimelineDocument {
    /// The video as `scenes` joined by their transitions; the canvas lasts as long as they do
    /// unless the document gave it a duration.
    public func scenes(_ scenes: [SceneDocument]) -> TimelineDocument {
        replacing("scenes", .array(scenes.map(\.document)))
    }

    /// Motion blur on the whole frame: every frame the average of `samples` pictures over the shutter.
    public func motionBlur(shutterAngle: Double = 180, shutterPhase: Double = -90, samples: Int = 16) -> TimelineDocument {
        replacingCanvas(
            "motionBlur",
            .object([("shutterAngle", shutterAngle.json), ("shutterPhase", shutterPhase.json), ("samples", samples.json)]))
    }
}
