import ReelCore
import ReelLayers

/// One piece of a video made of scenes (extension-rules.md, "Scenes and transitions"): its
/// picture as a canvas-sized isolation group that runs in its own time from its start, how
/// long it shows, and the transition to the next scene.
public struct Scene: Hashable, Sendable {
    public var id: String
    /// The scene's layers under one container (`scene.ID`, the canvas's frame, clipping to it:
    /// an isolation group), whose `beginTime` is the scene's start.
    public var content: AnimatedLayer
    /// Seconds on the canvas's clock at which the scene starts (its own time is 0 there): its
    /// content's `beginTime`.
    public var start: Double {
        get { content.timing.beginTime }
        set { content.timing.beginTime = newValue }
    }
    public var duration: Double
    /// From this scene to the next; nil on the last.
    public var transition: SceneTransition?
    /// Its timeline source's `audio`, in the scene's own time (its clips' sound comes with their layers).
    public var sounds: [AudioTrack] = []

    public init(id: String, content: AnimatedLayer, start: Double = 0, duration: Double, transition: SceneTransition? = nil) {
        self.id = id
        self.content = content
        self.content.timing.beginTime = start
        self.duration = duration
        self.transition = transition
    }

    /// When the scene stops showing.
    public var end: Double { start + duration }
}

/// How one scene gives way to the next over their overlap.
public struct SceneTransition: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        case none, fade, fadeThroughColor, wipe, slide, cover, reveal, iris, clockWipe, zoom
    }

    /// The side the incoming scene enters from.
    public enum Direction: String, Hashable, Sendable, CaseIterable {
        case fromLeft, fromRight, fromTop, fromBottom
    }

    public var kind: Kind
    /// Seconds the two scenes overlap.
    public var duration: Double
    public var timingFunction: TimingFunction
    public var direction: Direction
    /// The colour a `fadeThroughColor` passes through.
    public var color: Color
    /// The outgoing scene's sound stops where the overlap starts instead of fading out.
    public var cutsSound: Bool

    public init(
        kind: Kind, duration: Double = 0.5, timingFunction: TimingFunction = .linear, direction: Direction = .fromLeft,
        color: Color = .black, cutsSound: Bool = false
    ) {
        self.kind = kind
        self.duration = duration
        self.timingFunction = timingFunction
        self.direction = direction
        self.color = color
        self.cutsSound = cutsSound
    }
}
