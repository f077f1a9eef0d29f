#if canImport(Glibc)
    import Glibc
#endif

/// A Lottie property's value over the layer's frames: fixed, or keyframes. Every kind of
/// value is a vector of numbers (a shape's vertices and tangents flattened), so one
/// evaluation and one combination serve them all.
enum Animated: Hashable {
    case fixed([Double])
    case keyed([LottieKeyframe])

    /// The most keyframes one property may have.
    static let maximumKeyframes = 100_000
    /// The most samples a derived value is drawn from.
    static let maximumSamples = 20_000

    var isAnimated: Bool {
        if case .keyed = self { return true }
        return false
    }

    /// The value at frame `t`, as the players compute it: held before the first and after
    /// the last keyframe, eased (and along spatial tangents) between.
    func value(at t: Double) -> [Double] {
        switch self {
        case .fixed(let v): return v
        case .keyed(let keys):
            guard let first = keys.first else { return [] }
            if t <= first.time || keys.count == 1 { return first.value }
            guard let last = keys.last, t < last.time else { return keys.last!.value }
            // The segment t falls in: the last keyframe at or before t.
            var lo = 0
            var hi = keys.count - 1
            while hi - lo > 1 {
                let mid = (lo + hi) / 2
                if keys[mid].time <= t { lo = mid } else { hi = mid }
            }
            let a = keys[lo]
            let b = keys[lo + 1]
            if a.hold || b.time <= a.time { return a.value }
            guard a.value.count == b.value.count else { return a.value }
            let p = (t - a.time) / (b.time - a.time)
            if a.isSpatial, a.value.count >= 2 {
                let f = CubicEase(a.ease(0)).value(p)
                return SpatialSegment(from: a.value, to: b.value, out: a.spatialOut, in: a.spatialIn).point(atLength: f)
            }
            let uniform = a.easeOut.isUniform && a.easeIn.isUniform
            let shared = uniform ? CubicEase(a.ease(0)).value(p) : 0
            return a.value.indices.map { d in
                let f = uniform ? shared : CubicEase(a.ease(d)).value(p)
                return a.value[d] + (b.value[d] - a.value[d]) * f
            }
        }
    }

    /// The value until the first keyframe (the value, when fixed).
    var firstValue: [Double] {
        switch self {
        case .fixed(let v): return v
        case .keyed(let keys): return keys.first?.value ?? []
        }
    }

    /// The first and last keyframe frames; nil when fixed.
    var span: ClosedRange<Double>? {
        guard case .keyed(let keys) = self, let a = keys.first, let b = keys.last else { return nil }
        return a.time...b.time
    }

    /// This value mapped through `f` (a change of units, a colour's alpha dropped); the keyframes' timing stays.
    func map(_ f: ([Double]) -> [Double]) -> Animated {
        switch self {
        case .fixed(let v): return .fixed(f(v))
        case .keyed(let keys):
            return .keyed(
                keys.map {
                    var k = $0
                    k.value = f(k.value)
                    return k
                })
        }
    }

    /// Values of several properties combined by `f` at every moment: fixed when all are; when
    /// `f` is `linear` (its result moves in proportion to its inputs, as a concatenation or a
    /// centre and size do), the keyframes of the animated ones where they share times and
    /// eases; otherwise samples at every whole frame of their span (exact at the frames a
    /// video shows: a rotation or a clamp between keyframes is not their straight blend).
    static func combine(_ parts: [Animated], linear: Bool = false, _ f: ([[Double]]) -> [Double]) -> Animated {
        let keyed = parts.compactMap { part -> [LottieKeyframe]? in
            if case .keyed(let k) = part { return k }
            return nil
        }
        guard let lead = keyed.first else { return .fixed(f(parts.map { $0.value(at: 0) })) }
        if linear, keyed.count == 1, parts.count == 1 { return parts[0].map { f([$0]) } }
        let shared = keyed.allSatisfy { keys in
            keys.count == lead.count
                && zip(keys, lead).allSatisfy {
                    $0.time == $1.time && $0.hold == $1.hold && $0.easeOut == $1.easeOut && $0.easeIn == $1.easeIn
                        && !$0.isSpatial && !$1.isSpatial
                }
        }
        if linear, shared, lead.allSatisfy({ $0.easeOut.isUniform && $0.easeIn.isUniform }) {
            return .keyed(
                lead.indices.map { i in
                    var k = lead[i]
                    k.spatialOut = nil
                    k.spatialIn = nil
                    k.value = f(
                        parts.map { part in
                            if case .keyed(let keys) = part { return keys[i].value }
                            return part.value(at: 0)
                        })
                    return k
                })
        }
        let start = keyed.map { $0.first!.time }.min()!.rounded(.down)
        let end = keyed.map { $0.last!.time }.max()!.rounded(.up)
        return sampled(from: start, to: end) { t in f(parts.map { $0.value(at: t) }) }
    }

    /// `value` sampled at every whole frame from `start` to `end` (fewer, evenly spaced, over a
    /// very long span), joined linearly.
    static func sampled(from start: Double, to end: Double, _ value: (Double) -> [Double]) -> Animated {
        guard end > start else { return .fixed(value(start)) }
        let step = max(1, ((end - start) / Double(maximumSamples)).rounded(.up))
        let count = Int(((end - start) / step).rounded(.up))
        var keys: [LottieKeyframe] = []
        keys.reserveCapacity(count + 1)
        for i in 0...count {
            let t = min(start + Double(i) * step, end)
            keys.append(LottieKeyframe(time: t, value: value(t)))
        }
        // A value that never changes is fixed.
        if keys.allSatisfy({ $0.value == keys[0].value }) { return .fixed(keys[0].value) }
        return .keyed(keys)
    }
}

/// A cubic-bezier ease from (0, 0) to (1, 1): progress in time to progress in value.
struct CubicEase {
    let x1, y1, x2, y2: Double

    init(_ c: [Double]) { (x1, y1, x2, y2) = (c[0], c[1], c[2], c[3]) }

    func value(_ p: Double) -> Double {
        if p <= 0 { return 0 }
        if p >= 1 { return 1 }
        if x1 == y1 && x2 == y2 { return p }
        func bez(_ a: Double, _ b: Double, _ u: Double) -> Double {
            let v = 1 - u
            return 3 * v * v * u * a + 3 * v * u * u * b + u * u * u
        }
        // x(u) rises monotonically for x1, x2 in 0...1: bisect, then polish with Newton.
        var lo = 0.0
        var hi = 1.0
        var u = p
        for _ in 0..<40 {
            let x = bez(x1, x2, u)
            if abs(x - p) < 1e-12 { break }
            if x < p { lo = u } else { hi = u }
            u = (lo + hi) / 2
        }
        return bez(y1, y2, u)
    }
}
