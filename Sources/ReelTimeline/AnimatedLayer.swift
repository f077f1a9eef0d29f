import ReelLayers

/// A layer of a timeline: its model values, the animations attached to it, and its sublayers.
public struct AnimatedLayer: Hashable, Sendable {
    /// Model values (its `sublayers` are empty: the tree lives in `sublayers` here).
    public var model: Layer
    public var animations: [Animation]
    public var sublayers: [AnimatedLayer]
    /// The layer's own timing: its animations and sublayers run in its local time.
    public var timing = LayerTiming()
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
        let local = timing.localTime(at: time)
        var layer = model
        layer.sublayers = sublayers.map { $0.presentation(at: local) }
        layer.mask = mask?.presentation(at: local)
        for animation in animations {
            animation.apply(at: local, to: &layer)
        }
        return layer
    }
}

extension AnimatedLayer {
    /// This layer and every layer below it, masks included.
    public var count: Int {
        1 + sublayers.reduce(0) { $0 + $1.count } + (mask?.count ?? 0)
    }
}
