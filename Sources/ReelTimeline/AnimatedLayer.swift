import ReelLayers

/// A layer of a timeline: its model values, the animations attached to it, and its sublayers.
public struct AnimatedLayer: Hashable, Sendable {
    /// Model values (its `sublayers` are empty: the tree lives in `sublayers` here).
    public var model: Layer
    public var animations: [Animation]
    public var sublayers: [AnimatedLayer]
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

    /// The presentation layer at `time`: model values with every running animation applied
    /// in order, and the same for the sublayers.
    public func presentation(at time: Double) -> Layer {
        var layer = model
        for animation in animations {
            guard let property = LayerProperty.all[animation.keyPath] else { continue }
            let base = property.value(of: layer)
            if let v = animation.value(at: time, base: base, kind: property.kind) {
                property.setValue(v, on: &layer)
            }
        }
        layer.sublayers = sublayers.map { $0.presentation(at: time) }
        layer.mask = mask?.presentation(at: time)
        return layer
    }
}
