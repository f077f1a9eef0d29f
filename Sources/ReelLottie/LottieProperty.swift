import ReelJSON

/// Reads Lottie's animatable properties (`{"a", "k"}`): a fixed value, or keyframes in
/// either form (each with `s`, or the older `s`/`e` pairs), with their eases, holds and
/// spatial tangents. A numeric property's expression is run (`LottieExpressions`).
enum LottieProperty {
    /// The numeric property at `node` (nil when absent), its expression run unless
    /// `runningExpressions` is false.
    static func read(_ node: LottieNode?, runningExpressions: Bool = true) -> Animated? {
        guard let node = node.map(slotted), let keyed = keyframed(node, decode: { $0.numbers }) else { return nil }
        guard runningExpressions, node["x"]?.string != nil else { return keyed }
        guard let expressions = node.report.expressions else {
            node["x"]!.unsupported("an expression is not run here; its keyframed values are used")
            return keyed
        }
        return expressions.evaluate(node, keyed: keyed)
    }

    /// The property at `node` (nil when absent); `decode` reads one value (a shape) as numbers.
    /// Expressions on such values are not run.
    static func read(_ node: LottieNode?, decode: (LottieNode) -> [Double]?) -> Animated? {
        guard let node = node.map(slotted) else { return nil }
        if node["x"]?.string != nil {
            node["x"]!.unsupported("an expression on a path is not run; its keyframed values are used")
        }
        return keyframed(node, decode: decode)
    }

    /// The property a slot gives in place of `node` (a property with `sid` takes the value of
    /// the file's `slots[sid].p`, as the Lottie specification says); `node` itself, its own
    /// value the slot's default, when the file fills no such slot.
    static func slotted(_ node: LottieNode) -> LottieNode {
        node.string("sid").flatMap { node.report.slots[$0] } ?? node
    }

    private static func keyframed(_ node: LottieNode, decode: (LottieNode) -> [Double]?) -> Animated? {
        guard let k = node["k"] else {
            // Some exporters write a bare value where a property is expected.
            if let v = decode(node) { return .fixed(v) }
            node.problem(expected: "an animatable property {\"a\", \"k\"}")
            return nil
        }
        // Keyframes whatever `a` says: some exporters write `a` 0 over a keyframe list (no
        // value is a list of objects with `t`), and the players read them as keyframes.
        let isKeyed = k.first?["t"] != nil
        guard isKeyed else {
            guard let v = decode(k) else {
                k.problem(expected: "a value")
                return nil
            }
            return .fixed(v)
        }
        return keyframes(k, decode: decode)
    }

    private static func keyframes(_ k: LottieNode, decode: (LottieNode) -> [Double]?) -> Animated? {
        guard k.count <= Animated.maximumKeyframes else {
            k.problem(expected: "at most \(Animated.maximumKeyframes) keyframes in one property", found: "\(k.count)")
            return nil
        }
        let items = k.items
        var keys: [LottieKeyframe] = []
        keys.reserveCapacity(items.count)
        var pendingEnd: [Double]?
        for item in items {
            guard let t = item.number("t") else {
                (item["t"] ?? item).problem(expected: "a keyframe time `t` (a number)")
                return nil
            }
            if let last = keys.last, t < last.time {
                item["t"]!.problem(expected: "keyframes in time order (at or after frame \(last.time))", found: "frame \(t)")
                return nil
            }
            // The older form gives each keyframe its start `s` and end `e`; its last keyframe,
            // only `t`, shows the end before it.
            guard let value = item["s"].flatMap({ decode($0) }) ?? pendingEnd ?? keys.last?.value else {
                (item["s"] ?? item).problem(expected: "a keyframe value `s`")
                return nil
            }
            pendingEnd = item["e"].flatMap { decode($0) }
            var key = LottieKeyframe(time: t, value: value)
            key.hold = item.number("h") == 1
            if let o = item["o"], let x = o["x"]?.numbers, let y = o["y"]?.numbers, !x.isEmpty, !y.isEmpty {
                key.easeOut = .init(x: x, y: y)
            }
            if let i = item["i"], let x = i["x"]?.numbers, let y = i["y"]?.numbers, !x.isEmpty, !y.isEmpty {
                key.easeIn = .init(x: x, y: y)
            }
            key.spatialOut = item["to"]?.numbers
            key.spatialIn = item["ti"]?.numbers
            keys.append(key)
        }
        guard !keys.isEmpty else {
            k.problem(expected: "at least one keyframe")
            return nil
        }
        return keys.count == 1 ? .fixed(keys[0].value) : .keyed(keys)
    }
}
