import ReelLayers

/// A layer of a timeline: its model values, the animations attached to it, and its sublayers.
public struct AnimatedLayer: Hashable, Sendable {
    /// Model values (its `sublayers` are empty: the tree lives in `sublayers` here).
    public var model: Layer
    public var animations: [Animation]
    public var sublayers: [AnimatedLayer]
    /// The layer's own timing: its animations and sublayers run in its local time.
    public var timing = LayerTiming()
    /// This layer's subtree exposed over a shutter (Reel extension `motionBlur` on a layer).
    public var motionBlur: MotionBlur?
    /// The mask layer, animated on its own (its `mask` in `model` is empty).
    public var mask: AnimatedLayer? {
        get { maskStorage.first }
        set { maskStorage = newValue.map { [$0] } ?? [] }
    }
    private var maskStorage: [AnimatedLayer] = []

    public init(model: Layer, animations: [Animation] = [], sublayers: [AnimatedLayer] = [], mask: AnimatedLayer? = nil) {
        self.model = model
        self.animations = animations
        self.sublayers = sublayers
        self.mask = mask
    }

    /// The presentation layer at `time` (its superlayer's local time): the sublayers' and
    /// mask's presentations, then this layer's animations applied in order (those reaching
    /// into sublayers or the mask after the animations of their own), all in this layer's
    /// local time.
    public func presentation(at time: Double) -> Layer {
        var layer = model
        let local = localTime(at: time, remapping: &layer)
        layer.sublayers = sublayers.map { $0.presentation(at: local) }
        layer.mask = mask?.presentation(at: local)
        // By index: an animation is applied where it lies, not copied out first.
        for i in animations.indices where !animations[i].remapsTime {
            animations[i].apply(at: local, to: &layer)
        }
        if layer.layerClass == .playerLayer { layer.player.time = local }
        if layer.layerClass == .emitterLayer { layer.emitter.particles = particles(at: local) }
        if layer.layerClass == .textLayer, layer.text.captions != nil { layer.text.time = local }
        guard layer.layerClass == .replicatorLayer else { return layer }
        let replicator = layer.replicator
        let reaching = animations.filter { $0.keyPath.hasPrefix("sublayers.") }
        if replicator.instanceDelay != 0, replicator.instanceCount > 1,
            !reaching.isEmpty || sublayers.contains(where: \.changesOverTime)
        {
            // Copy k runs k x instanceDelay behind: its sublayers, and the replicator's own
            // animations of them, at their earlier time.
            layer.replicaSublayers = (1..<replicator.instanceCount).map { k in
                let t = local - Double(k) * replicator.instanceDelay
                var copy = model
                copy.sublayers = sublayers.map { $0.presentation(at: t) }
                for animation in reaching { animation.apply(at: t, to: &copy) }
                return copy.sublayers
            }
        }
        return layer
    }

    /// The layer's local time when its superlayer's is `time`: its `timeRemap` (animated in the
    /// superlayer's time, set on `layer`) when it has one, else Core Animation's formula.
    public func localTime(at time: Double, remapping layer: inout Layer) -> Double {
        for i in animations.indices where animations[i].remapsTime { animations[i].apply(at: time, to: &layer) }
        return layer.timeRemap ?? timing.localTime(at: time)
    }

    /// Whether the layer or anything below it animates, or runs on a time of its own.
    var changesOverTime: Bool {
        !animations.isEmpty || timing != LayerTiming() || model.timeRemap != nil || sublayers.contains(where: \.changesOverTime)
            || (mask?.changesOverTime ?? false)
    }
}

extension AnimatedLayer {
    /// This layer and every layer below it, masks included. Read in place, by index: a
    /// layer copied out of its list costs a retain of everything it holds.
    public var count: Int {
        var n = 1
        for i in sublayers.indices { n += sublayers[i].count }
        for i in maskStorage.indices { n += maskStorage[i].count }
        return n
    }
}

extension AnimatedLayer {
    /// How many layers a frame draws at most for this one and everything below it: each
    /// replicator multiplies its sublayers by the largest `instanceCount` it holds or animates
    /// to. What the decoder holds against `maximumDrawnLayers` before any frame is drawn.
    public var drawnLayerCount: Double {
        let below = sublayers.reduce(0) { $0 + $1.drawnLayerCount }
        var copies = 1.0
        if model.layerClass == .replicatorLayer {
            copies = Double(model.replicator.instanceCount)
            for animation in animations where animation.keyPath == "instanceCount" {
                copies = max(copies, Double(animation.largestCount))
            }
        }
        return 1 + copies * below + (mask?.drawnLayerCount ?? 0)
    }

    /// The most layers a frame may draw (replicated copies counted): far above real scenes,
    /// low enough that one frame's plan fits in memory and time.
    public static let maximumDrawnLayers = 250_000.0
}

extension Animation {
    /// The largest whole-number value (an `instanceCount`) the animation holds, 0 for none.
    var largestCount: Int {
        func count(_ v: PropertyValue?) -> Int { if case .count(let n)? = v { n } else { 0 } }
        switch kind {
        case .basic(let f, let t, let b), .spring(_, let f, let t, let b): return max(count(f), count(t), count(b))
        case .keyframe(let k): return k.values.map(count).max() ?? 0
        case .path: return 0
        case .group(let children): return children.map(\.largestCount).max() ?? 0
        }
    }
}
