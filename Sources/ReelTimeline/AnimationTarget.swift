import ReelLayers

/// Where an animation's key path leads from the layer it is attached to: through
/// `sublayers.ID.` and `mask.` steps to a property of that layer or of one below it.
public struct AnimationTarget: Hashable, Sendable {
    public enum Step: Hashable, Sendable {
        case sublayer(String)
        case mask
    }

    public let steps: [Step]
    public let property: LayerProperty

    /// Resolves `keyPath`; nil when it names no animatable property.
    public init?(_ keyPath: String) {
        // Most key paths name the layer's own key: no steps to split off.
        if !keyPath.hasPrefix("mask.") && !keyPath.hasPrefix("sublayers.") {
            if let property = LayerProperty.filterValue(keyPath) ?? LayerProperty.emitterCellValue(keyPath) {
                (steps, self.property) = ([], property)
                return
            }
            guard let property = LayerProperty.all[keyPath], LayerProperty.animatableKeyPaths.contains(keyPath) else {
                return nil
            }
            (steps, self.property) = ([], property)
            return
        }
        var parts = keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        var steps: [Step] = []
        while let first = parts.first {
            if first == "mask", parts.count > 1 {
                steps.append(.mask)
                parts.removeFirst()
            } else if first == "sublayers", parts.count > 2 {
                steps.append(.sublayer(parts[1]))
                parts.removeFirst(2)
            } else {
                break
            }
        }
        let name = parts.joined(separator: ".")
        if let property = LayerProperty.filterValue(name) ?? LayerProperty.emitterCellValue(name) {
            (self.steps, self.property) = (steps, property)
            return
        }
        guard let property = LayerProperty.all[name], LayerProperty.animatableKeyPaths.contains(name) else { return nil }
        self.steps = steps
        self.property = property
    }

    public static func == (a: AnimationTarget, b: AnimationTarget) -> Bool {
        a.steps == b.steps && a.property.keyPath == b.property.keyPath
    }

    public func hash(into h: inout Hasher) {
        h.combine(steps)
        h.combine(property.keyPath)
    }

    /// Runs `body` on the target layer inside `layer` (nothing when a step finds no layer).
    func modify(_ layer: inout Layer, _ body: (LayerProperty, inout Layer) -> Void) {
        Self.walk(steps[...], &layer, property, body)
    }

    private static func walk(
        _ steps: ArraySlice<Step>, _ layer: inout Layer, _ property: LayerProperty,
        _ body: (LayerProperty, inout Layer) -> Void
    ) {
        guard let step = steps.first else {
            body(property, &layer)
            return
        }
        switch step {
        case .mask:
            guard var mask = layer.mask else { return }
            walk(steps.dropFirst(), &mask, property, body)
            layer.mask = mask
        case .sublayer(let id):
            guard let i = layer.sublayers.firstIndex(where: { $0.id == id }) else { return }
            walk(steps.dropFirst(), &layer.sublayers[i], property, body)
        }
    }
}
