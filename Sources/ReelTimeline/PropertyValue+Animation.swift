import ReelCore

/// How values animate: mixed, added (additive animations, `byValue`) and repeated
/// (`cumulative`), each by its kind's rule.
extension PropertyValue {
    /// Whether this value and `b` differ in shape so they cannot be mixed number by number:
    /// paths of different elements (or a path and none), lists of different lengths.
    public func differsInShape(from b: PropertyValue) -> Bool {
        switch (self, b) {
        case (.path(let x?), .path(let y?)): return !x.hasSameElements(as: y)
        case (.path(nil), .path(.some)), (.path(.some), .path(nil)): return true
        case (.numbers(let x), .numbers(let y)): return x.count != y.count
        case (.optionalNumber(let x), .optionalNumber(let y)): return (x == nil) != (y == nil)
        case (.colors(let x), .colors(let y)): return x.count != y.count
        case (.text(let x), .text(let y)):
            return x.count != y.count
                || zip(x, y).contains {
                    !$0.hasSameText(as: $1) || ($0.fontSize == nil) != ($1.fontSize == nil)
                        || ($0.foregroundColor == nil) != ($1.foregroundColor == nil)
                }
        default: return false
        }
    }

    /// The value a fraction `f` of the way from this one to `b`: stepping for values that step
    /// and for paths of different elements, through translation, rotation and scale for
    /// transforms that have them, component by component otherwise.
    func interpolated(to b: PropertyValue, _ f: Double) -> PropertyValue {
        switch (self, b) {
        case (.transform(let x), .transform(let y)):
            guard let ca = TransformComponents(x), let cb = TransformComponents(y) else { break }
            func mix(_ x: Double, _ y: Double) -> Double { x + (y - x) * f }
            let c = TransformComponents(
                translation: (
                    mix(ca.translation.x, cb.translation.x), mix(ca.translation.y, cb.translation.y),
                    mix(ca.translation.z, cb.translation.z)
                ),
                rotation: (
                    mix(ca.rotation.x, cb.rotation.x), mix(ca.rotation.y, cb.rotation.y), mix(ca.rotation.z, cb.rotation.z)
                ),
                scale: (mix(ca.scale.x, cb.scale.x), mix(ca.scale.y, cb.scale.y), mix(ca.scale.z, cb.scale.z)),
                perspective: mix(ca.perspective, cb.perspective))
            return .transform(c.matrix)
        case (.path(nil), .path(nil)):
            return self
        default:
            if steps || differsInShape(from: b) { return f < 1 ? self : b }
        }
        return with(components: zip(components, b.components).map { $0 + ($1 - $0) * f })
    }

    /// This value combined with `b` the way additive and cumulative animations add values:
    /// matrices concatenate (`b` after this one), paths and values that step take `b`,
    /// everything else adds component by component.
    func adding(_ b: PropertyValue) -> PropertyValue {
        switch (self, b) {
        case (.transform(let x), .transform(let y)): return .transform(y.concatenating(x))
        case (.path, _): return b
        default: return steps || differsInShape(from: b) ? b : with(components: zip(components, b.components).map(+))
        }
    }

    /// The value with every component negated (`toValue` less `byValue`).
    var negated: PropertyValue { with(components: components.map { -$0 }) }

    /// This value added to itself `n` times, for cumulative repeats (the kind's zero for 0): a
    /// product per component, repeated squaring for matrices; paths and values that step
    /// stay as they are.
    func times(_ n: Int) -> PropertyValue {
        switch self {
        case .transform(let m):
            var result = Transform3D.identity
            var power = m
            var k = max(n, 0)
            while k > 0 {
                if k & 1 == 1 { result = result.concatenating(power) }
                power = power.concatenating(power)
                k >>= 1
            }
            return .transform(result)
        case .bool: return n > 0 ? self : .bool(false)
        case .image, .choice, .count, .dashes, .string, .text, .filters, .emitterCells: return self
        case .path: return n > 0 ? self : with(components: components.map { _ in 0 })
        default: return with(components: components.map { n > 0 ? $0 * Double(n) : 0 })
        }
    }

    /// Euclidean distance between two values' components, for paced keyframes; values that
    /// step are 1 apart when they differ.
    func distance(to b: PropertyValue) -> Double {
        if steps { return self == b ? 0 : 1 }
        return zip(components, b.components).map { ($0 - $1) * ($0 - $1) }.reduce(0, +).squareRoot()
    }
}
