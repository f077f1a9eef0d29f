import ReelCore

extension ValueKind {
    /// The value a fraction `f` of the way from `a` to `b`: per component, stepping for
    /// discrete kinds, and through translation/rotation/scale components for transforms.
    func interpolate(_ a: [Double], _ b: [Double], _ f: Double) -> [Double] {
        if isDiscrete || (self == .path && !PathCoding.sameStructure(a, b)) { return f < 1 ? a : b }
        if self == .transform, let ca = TransformComponents(Transform3D(rows: a)), let cb = TransformComponents(Transform3D(rows: b)) {
            func mix(_ x: Double, _ y: Double) -> Double { x + (y - x) * f }
            let c = TransformComponents(
                translation: (mix(ca.translation.x, cb.translation.x), mix(ca.translation.y, cb.translation.y), mix(ca.translation.z, cb.translation.z)),
                rotation: (mix(ca.rotation.x, cb.rotation.x), mix(ca.rotation.y, cb.rotation.y), mix(ca.rotation.z, cb.rotation.z)),
                scale: (mix(ca.scale.x, cb.scale.x), mix(ca.scale.y, cb.scale.y), mix(ca.scale.z, cb.scale.z)),
                perspective: mix(ca.perspective, cb.perspective))
            return c.matrix.rows
        }
        return zip(a, b).map { $0 + ($1 - $0) * f }
    }

    /// `a` combined with `b` the way additive and cumulative animations add values: matrices
    /// concatenate, everything else adds per component.
    func add(_ a: [Double], _ b: [Double]) -> [Double] {
        if self == .transform { return Transform3D(rows: b).concatenating(Transform3D(rows: a)).rows }
        if isDiscrete || self == .path { return b }
        return zip(a, b).map(+)
    }

    /// `v` added to itself `n` times (`n` x v), for cumulative repeats: a product for
    /// components, repeated squaring for matrices.
    func times(_ v: [Double], _ n: Int) -> [Double] {
        guard n > 0 else { return self == .transform ? Transform3D.identity.rows : v.map { _ in 0 } }
        if isDiscrete || self == .path { return v }
        guard self == .transform else { return v.map { $0 * Double(n) } }
        var result = Transform3D.identity, power = Transform3D(rows: v), k = n
        while k > 0 {
            if k & 1 == 1 { result = result.concatenating(power) }
            power = power.concatenating(power)
            k >>= 1
        }
        return result.rows
    }

    /// Euclidean distance between two values, for paced keyframes.
    func distance(_ a: [Double], _ b: [Double]) -> Double {
        zip(a, b).map { ($0 - $1) * ($0 - $1) }.reduce(0, +).squareRoot()
    }
}
