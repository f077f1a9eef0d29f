import ReelCore
import ReelJSON

#if canImport(Glibc)
    import Glibc
#endif

/// A Lottie transform (a layer's `ks`, a group's `tr`) as a chain of Reel layers:
/// position × rotation × skew × scale × (−anchor), as After Effects composes it. The first
/// layer holds the position, the last places the anchor (its bounds' origin, so the layer's
/// own space is Lottie's); each animated rotation or scale gets a layer of its own with only
/// that key path animated, so scales through 0 and turns past 360° keyframe exactly, and the
/// fixed parts between fold into one matrix.
struct TransformMapping {
    let node: LottieNode?
    let writer: AnimationWriter
    /// The layer is 3D (`ddd` 1): rotations about x and y and a z position apply.
    var is3D = false

    /// The opacity (0...1) the transform carries (`o`, in percent).
    var opacity: Animated? { LottieProperty.read(node?["o"]).map { $0.map { [$0.element(0) / 100] } } }

    /// The chain, outermost first; each layer is the sublayer of the one before.
    func chain(id: String, autoOrient: Bool = false) -> [ReelLayer] {
        let first = ReelLayer(id: id, [("bounds", .nums([0, 0, 0, 0])), ("anchorPoint", .nums([0, 0]))])
        var layers = [first]
        guard let node else { return layers }
        // Position, whole or split into x and y.
        if let p = node["p"], p.number("s") == 1 || p["x"] != nil && p["k"] == nil {
            let x = LottieProperty.read(p["x"]) ?? .fixed([0])
            let y = LottieProperty.read(p["y"]) ?? .fixed([0])
            writer.writeSplitPosition(x: x, y: y, "position", on: first)
            if p["z"] != nil, is3D { p["z"]!.unsupported("a split z position is not drawn") }
        } else if let p = LottieProperty.read(node["p"]) {
            writer.writePosition(p, "position", on: first, autoOrient: autoOrient)
            if is3D, p.value(at: 0).element(2) != 0 { node["p"]!.unsupported("a 3D layer's z position is not drawn") }
        }
        // The parts after the position, in order: each is fixed (a matrix) or animated (a key path of its own layer).
        var parts: [Part] = []
        let degrees = Double.pi / 180
        if is3D {
            if let o = LottieProperty.read(node["or"]) {
                let v = o.value(at: 0)
                if o.isAnimated { node["or"]!.unsupported("an animated orientation is drawn at its first value") }
                parts.append(
                    .fixed(
                        Transform3D.rotation(v.element(2) * degrees, x: 0, y: 0, z: 1)
                            .concatenating(.rotation(v.element(1) * degrees, x: 0, y: 1, z: 0))
                            .concatenating(.rotation(v.element(0) * degrees, x: 1, y: 0, z: 0))))
            }
            for (k, axis, make) in [
                ("rx", "x", { (a: Double) in Transform3D.rotation(a, x: 1, y: 0, z: 0) }),
                ("ry", "y", { Transform3D.rotation($0, x: 0, y: 1, z: 0) })
            ] {
                guard let r = LottieProperty.read(node[k]) else { continue }
                // Lottie's x and y rotations turn the other way round from Core Animation's.
                parts.append(part(r.map { [-$0.element(0) * degrees] }, key: "transform.rotation.\(axis)", fixed: make))
            }
        }
        if let r = LottieProperty.read(node["r"] ?? node["rz"]) {
            parts.append(
                part(r.map { [$0.element(0) * degrees] }, key: "transform.rotation.z") {
                    Transform3D.rotation($0, x: 0, y: 0, z: 1)
                })
        }
        if let sk = LottieProperty.read(node["sk"]) {
            let sa = LottieProperty.read(node["sa"]) ?? .fixed([0])
            let skew = Animated.combine([sk, sa]) { Self.skew($0[0].element(0) * degrees, axis: $0[1].element(0) * degrees).rows }
            if case .fixed(let v) = skew {
                if v != Transform3D.identity.rows { parts.append(.fixed(Transform3D(rows: v))) }
            } else {
                parts.append(.matrix(skew))
            }
        }
        if let s = LottieProperty.read(node["s"]) {
            let scale = s.map { $0.map { $0 / 100 } }
            if case .keyed(let keys) = scale, keys.allSatisfy({ $0.value.element(0) == $0.value.element(1) }) {
                parts.append(part(scale.component(0), key: "transform.scale") { Transform3D.scale($0, $0, 1) })
            } else {
                parts.append(part(scale.component(0), key: "transform.scale.x") { Transform3D.scale($0, 1, 1) })
                parts.append(part(scale.component(1), key: "transform.scale.y") { Transform3D.scale(1, $0, 1) })
            }
        }
        // Fixed parts fold into one matrix; an animated part needs a layer whose transform is only that.
        var current = first
        var slotUsed = false
        var pending = Transform3D.identity
        func nextLayer(_ suffix: String) {
            let next = ReelLayer(id: "\(id) \(suffix)", [("bounds", .nums([0, 0, 0, 0])), ("anchorPoint", .nums([0, 0]))])
            current.sublayers.append(next)
            layers.append(next)
            current = next
            slotUsed = false
        }
        func flush() {
            guard !pending.isIdentity else { return }
            if slotUsed { nextLayer("transform") }
            current.set("transform", .transform(pending))
            slotUsed = true
            pending = .identity
        }
        for part in parts {
            switch part {
            case .fixed(let m):
                // The inner part applies first: it leads the row-vector product.
                pending = m.concatenating(pending)
            case .animated(let key, let value):
                flush()
                if slotUsed { nextLayer(key) }
                writer.write(value, key, on: current) { .num($0[0]) }
                slotUsed = true
            case .matrix(let value):
                flush()
                if slotUsed { nextLayer("skew") }
                writer.write(value, "transform", on: current) { .nums($0) }
                slotUsed = true
            }
        }
        flush()
        // The anchor: the last layer's bounds start there, so its space is the Lottie layer's.
        if let a = LottieProperty.read(node["a"]) {
            writer.write(a, "bounds", on: current) { .nums([$0.element(0), $0.element(1), 0, 0]) }
            if is3D, a.value(at: 0).element(2) != 0 { node["a"]!.unsupported("a 3D anchor's z is not drawn") }
        }
        return layers
    }

    private enum Part {
        case fixed(Transform3D)
        case animated(String, Animated)
        /// Whole matrices (16 numbers) sampled at frames: a skew that changes.
        case matrix(Animated)
    }

    private func part(_ value: Animated, key: String, fixed: (Double) -> Transform3D) -> Part {
        if case .keyed(let keys) = value, !keys.allSatisfy({ $0.value == keys[0].value }) { return .animated(key, value) }
        let v = value.value(at: 0)[0]
        return .fixed(fixed(v))
    }

    /// After Effects' skew: a shear of `angle` along the axis at `axis` (both radians).
    static func skew(_ angle: Double, axis: Double) -> Transform3D {
        var shear = Transform3D.identity
        shear.m21 = tan(-angle)
        return Transform3D.rotation(axis, x: 0, y: 0, z: 1).concatenating(shear)
            .concatenating(.rotation(-axis, x: 0, y: 0, z: 1))
    }
}

/// A group's transform (`tr`) as one affine matrix over time, `[a, b, c, d, tx, ty]` with
/// x' = a x + c y + tx and y' = b x + d y + ty: for outlines drawn by a paint outside the group.
struct GroupTransform {
    let node: LottieNode

    init(_ node: LottieNode) { self.node = node }

    static let identity: [Double] = [1, 0, 0, 1, 0, 0]

    var matrix: Animated {
        let parts = ["a", "p", "s", "r", "sk", "sa"].map { LottieProperty.read(node[$0]) }
        let defaults: [[Double]] = [[0, 0], [0, 0], [100, 100], [0], [0], [0]]
        let values = zip(parts, defaults).map { $0 ?? .fixed($1) }
        return Animated.combine(values) { v in
            let degrees = Double.pi / 180
            let (a, p, s) = (v[0], v[1], v[2])
            // Row vectors: the anchor first, then scale, skew, rotation, position.
            let m = Transform3D.translation(-a.element(0), -a.element(1))
                .concatenating(.scale(s.element(0) / 100, s.element(1) / 100, 1))
                .concatenating(TransformMapping.skew(v[4].element(0) * degrees, axis: v[5].element(0) * degrees))
                .concatenating(.rotation(v[3].element(0) * degrees, x: 0, y: 0, z: 1))
                .concatenating(.translation(p.element(0), p.element(1)))
            return [m.m11, m.m12, m.m21, m.m22, m.m41, m.m42]
        }
    }
}
