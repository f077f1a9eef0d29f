import ReelCore
import ReelLayers

extension Timeline {
    /// Lays `scenes` end to end: each starts where the one before ends, less the transition
    /// between them (Σ durations − Σ transition durations in all).
    public static func placed(_ scenes: [Scene]) -> [Scene] {
        var placed = scenes
        var start = 0.0
        for k in placed.indices {
            placed[k].start = start
            start += placed[k].duration - (placed[k].transition?.duration ?? 0)
        }
        return placed
    }

    /// How long the scenes last together.
    public static func length(of scenes: [Scene]) -> Double {
        scenes.last.map(\.end) ?? 0
    }

    /// The scenes that show at `time`, back to front: one, or two inside an overlap (a `none`
    /// transition cuts to the incoming one where the overlap starts).
    public func showingScenes(at time: Double) -> [Int] {
        scenes.indices.filter { k in
            let scene = scenes[k]
            guard time >= scene.start, time < scene.end || (k == scenes.count - 1 && time == scene.end) else { return false }
            if let t = scene.transition, t.kind == .none, k + 1 < scenes.count, time >= scenes[k + 1].start { return false }
            return true
        }
    }

    /// The transition drawing at `time`: the outgoing scene's index and the progress p =
    /// F((t − start of the incoming scene) / duration); nil outside every overlap.
    public func transition(at time: Double) -> (outgoing: Int, progress: Double)? {
        for k in scenes.indices.dropLast() {
            guard let t = scenes[k].transition, t.duration > 0, t.kind != .none else { continue }
            let start = scenes[k + 1].start
            if time >= start, time < start + t.duration {
                return (k, t.timingFunction.value(at: (time - start) / t.duration))
            }
        }
        return nil
    }

    /// Scene `k` alone at `time`, on a transparent canvas-sized root: one picture of a transition.
    public func scenePresentation(_ k: Int, at time: Double) -> Layer {
        var root = canvasRoot()
        root.sublayers = [scenes[k].content.presentation(at: time)]
        root.resolveFlips()
        return root
    }

    /// The root layers alone at `time`, on a transparent canvas-sized root (they draw above every scene).
    public func rootLayersPresentation(at time: Double) -> Layer {
        var root = canvasRoot()
        root.sublayers = layers.map { $0.presentation(at: time) }
        root.resolveFlips()
        return root
    }

    /// A root the canvas's size with no background.
    func canvasRoot() -> Layer {
        var root = Layer(id: "canvas")
        root.bounds = Rect(x: 0, y: 0, width: canvas.width, height: canvas.height)
        root.position = Point(x: canvas.width / 2, y: canvas.height / 2)
        return root
    }
}
