/// An animation of one layer property, as Core Animation plays it.
public struct Animation: Hashable, Sendable {
    /// How keyframe values are spaced and joined: CAAnimationCalculationMode.
    public enum CalculationMode: String, Hashable, Sendable, CaseIterable {
        case linear, discrete, paced
    }

    public enum Kind: Hashable, Sendable {
        /// CABasicAnimation: whichever of from, to and by are set, combined by CA's rules.
        case basic(from: [Double]?, to: [Double]?, by: [Double]?)
        /// CAKeyframeAnimation: `values` at `keyTimes` (fractions of the duration), with one timing
        /// function per segment. Discrete mode has one more key time than values.
        case keyframe(values: [[Double]], keyTimes: [Double], timingFunctions: [TimingFunction], mode: CalculationMode)
    }

    public var keyPath: String
    public var kind: Kind
    public var timing: MediaTiming
    /// Warps the whole cycle's progress; basic animations default to linear, as in CA.
    public var timingFunction: TimingFunction
    /// The value is added to the property's model value instead of replacing it.
    public var isAdditive: Bool
    /// Each repeat cycle builds on the end value of the one before.
    public var isCumulative: Bool

    public init(keyPath: String, kind: Kind, timing: MediaTiming = MediaTiming(), timingFunction: TimingFunction = .linear,
                isAdditive: Bool = false, isCumulative: Bool = false) {
        self.keyPath = keyPath
        self.kind = kind
        self.timing = timing
        self.timingFunction = timingFunction
        self.isAdditive = isAdditive
        self.isCumulative = isCumulative
    }

    /// The property's presentation value at `time`, given its value before this animation
    /// (`base`); nil when the animation does not apply then.
    func value(at time: Double, base: [Double], kind valueKind: ValueKind) -> [Double]? {
        guard let (cycle, local) = timing.localTime(at: time) else { return nil }
        let progress = timingFunction.value(at: local / timing.simpleDuration)
        let (start, end) = endpoints(base: base, kind: valueKind)
        var v: [Double]
        switch kind {
        case .basic:
            v = valueKind.interpolate(start, end, progress)
        case .keyframe(let values, let keyTimes, let functions, let mode):
            v = Animation.keyframeValue(values, keyTimes, functions, mode, progress, valueKind)
        }
        if isCumulative, cycle > 0 {
            v = valueKind.add(valueKind.times(end, cycle), v)
        }
        return isAdditive ? valueKind.add(base, v) : v
    }

    /// The first and last value of one cycle, before additive combination.
    private func endpoints(base: [Double], kind valueKind: ValueKind) -> ([Double], [Double]) {
        switch kind {
        case let .basic(from, to, by):
            // Core Animation's rules for which of fromValue, toValue and byValue are used.
            let current = isAdditive ? valueKind.times(base, 0) : base
            switch (from, to, by) {
            case let (f?, t?, _): return (f, t)
            case let (f?, nil, b?): return (f, valueKind.add(f, b))
            case let (nil, t?, b?): return (valueKind.add(t, b.map { -$0 }), t)
            case let (f?, nil, nil): return (f, current)
            case let (nil, t?, nil): return (current, t)
            case let (nil, nil, b?): return (current, valueKind.add(current, b))
            case (nil, nil, nil): return (current, current)
            }
        case .keyframe(let values, _, _, _):
            return (values.first ?? base, values.last ?? base)
        }
    }

    private static func keyframeValue(_ values: [[Double]], _ keyTimes: [Double], _ functions: [TimingFunction],
                                      _ mode: CalculationMode, _ progress: Double, _ kind: ValueKind) -> [Double] {
        let n = values.count
        if n == 1 { return values[0] }
        var times = keyTimes
        if mode == .paced {
            let lengths = (1..<n).map { kind.distance(values[$0 - 1], values[$0]) }
            let total = lengths.reduce(0, +)
            times = [0]
            for l in lengths { times.append(times.last! + (total > 0 ? l / total : 1 / Double(n - 1))) }
        } else if times.isEmpty {
            let segments = mode == .discrete ? n : n - 1
            times = (0...segments).map { Double($0) / Double(segments) }
        }
        if mode == .discrete {
            // Each value holds from its key time until the next.
            var i = 0
            while i + 1 < n, progress >= times[i + 1] { i += 1 }
            return values[i]
        }
        var i = 0
        while i + 2 < times.count, progress > times[i + 1] { i += 1 }
        let span = times[i + 1] - times[i]
        var f = span > 0 ? (progress - times[i]) / span : 1
        f = min(max(f, 0), 1)
        if mode != .paced, i < functions.count { f = functions[i].value(at: f) }
        return kind.interpolate(values[i], values[i + 1], f)
    }
}
