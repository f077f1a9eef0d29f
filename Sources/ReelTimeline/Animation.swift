import ReelCore
import ReelLayers

/// An animation as Core Animation plays it: of one layer property (basic, keyframe, path,
/// spring), or a group of animations sharing a timing.
public struct Animation: Hashable, Sendable {
    /// How keyframe values are spaced and joined: CAAnimationCalculationMode.
    public enum CalculationMode: String, Hashable, Sendable, CaseIterable {
        case linear, discrete, paced, cubic, cubicPaced
    }

    /// How a layer moving along a `path` turns: to follow the tangent, or the tangent plus 180 degrees.
    public enum RotationMode: String, Hashable, Sendable, CaseIterable {
        case auto, autoReverse
    }

    public indirect enum Kind: Hashable, Sendable {
        /// CABasicAnimation: whichever of from, to and by are set, combined by CA's rules.
        case basic(from: PropertyValue?, to: PropertyValue?, by: PropertyValue?)
        /// CAKeyframeAnimation with `values`.
        case keyframe(Keyframes)
        /// CAKeyframeAnimation of a point along a path, turning with it when `rotation` is set.
        case path(PathMotion, rotation: RotationMode?)
        /// CASpringAnimation from `from` to `to` (CA's from/to/by rules, as a basic animation).
        case spring(Spring, from: PropertyValue?, to: PropertyValue?, by: PropertyValue?)
        /// CAAnimationGroup: the children play in the group's time, cut off at its duration.
        case group([Animation])
    }

    /// The animated property's key path from the layer the animation is attached to,
    /// including `sublayers.ID.` and `mask.` steps; empty for groups.
    public let keyPath: String
    /// `keyPath` resolved once, not on every frame; nil for groups and unknown paths.
    private let target: AnimationTarget?
    public var kind: Kind
    public var timing: MediaTiming
    /// Warps each cycle's progress (for groups: the children's time). Default linear, as in CA.
    public var timingFunction: TimingFunction
    /// The value is added to the property's value before this animation instead of replacing it.
    public var isAdditive: Bool
    /// Each repeat cycle builds on the end value of the one before.
    public var isCumulative: Bool
    /// Whether it animates its layer's `timeRemap`: it runs in the superlayer's time, before
    /// the layer's other animations, whose time it sets.
    public let remapsTime: Bool

    public init(
        keyPath: String, kind: Kind, timing: MediaTiming = MediaTiming(), timingFunction: TimingFunction = .linear,
        isAdditive: Bool = false, isCumulative: Bool = false
    ) {
        self.keyPath = keyPath
        remapsTime = keyPath == "timeRemap"
        target = AnimationTarget(keyPath)
        self.kind = kind
        self.timing = timing
        self.timingFunction = timingFunction
        self.isAdditive = isAdditive
        self.isCumulative = isCumulative
    }

    /// Applies the animation at `time` (seconds of its parent's time) to `layer`, the layer it
    /// is attached to. `inGroup`: the animation is a group's child, playing in the group's time.
    public func apply(at time: Double, to layer: inout Layer, inGroup: Bool = false) {
        var timing = self.timing
        if case .spring(let spring, _, _, _) = kind, timing.duration == 0 { timing.duration = spring.settlingDuration }
        guard let (cycle, local) = timing.localTime(at: time, inGroup: inGroup) else { return }
        if case .group(let children) = kind {
            let d = timing.simpleDuration
            let childTime = timingFunction.value(at: local / d) * d
            for child in children { child.apply(at: childTime, to: &layer, inGroup: true) }
            return
        }
        guard let target else { return }
        guard !target.steps.isEmpty else {
            // The layer's own key (most animations): set directly, with no closure holding a copy of the animation.
            update(target.property, of: &layer, cycle: cycle, local: local, duration: timing.simpleDuration)
            return
        }
        target.modify(&layer) { property, l in
            update(property, of: &l, cycle: cycle, local: local, duration: timing.simpleDuration)
        }
    }

    /// Sets `property` of `layer` to its value `local` seconds into cycle `cycle` (and turns
    /// the layer along a motion path that rotates it).
    private func update(_ property: LayerProperty, of l: inout Layer, cycle: Int, local: Double, duration: Double) {
        let base = property.value(of: l)
        property.setValue(value(cycle: cycle, local: local, duration: duration, base: base), on: &l)
        if case .path(let motion, let rotation?) = kind {
            let angle = motion.angle(at: pathProgress(motion, local / duration)) + (rotation == .autoReverse ? .pi : 0)
            l.transform = l.transform.concatenating(.rotation(angle, x: 0, y: 0, z: 1))
        }
    }

    /// The property's value `local` seconds into cycle `cycle`.
    func value(cycle: Int, local: Double, duration: Double, base: PropertyValue) -> PropertyValue {
        let linearProgress = local / duration
        var v: PropertyValue
        switch kind {
        case .basic:
            let (start, end) = endpoints(base: base)
            v = start.interpolated(to: end, timingFunction.value(at: linearProgress))
        case .keyframe(let k):
            let progress = k.mode == .paced || k.mode == .cubicPaced ? linearProgress : timingFunction.value(at: linearProgress)
            v = k.value(at: progress)
        case .path(let motion, _):
            v = .point(motion.point(at: pathProgress(motion, linearProgress)))
        case .spring(let spring, _, _, _):
            let (start, end) = endpoints(base: base)
            v = start.interpolated(to: end, 1 - spring.displacement(at: local))
        case .group:
            v = base
        }
        // With autoreverses a cycle ends where it started: there is nothing to accumulate.
        if isCumulative, cycle > 0, !timing.autoreverses {
            v = endpoints(base: base).1.times(cycle).adding(v)
        }
        return isAdditive ? base.adding(v) : v
    }

    /// Progress along a path: the paced modes ignore the animation's timing function.
    private func pathProgress(_ motion: PathMotion, _ linear: Double) -> Double {
        motion.mode == .paced || motion.mode == .cubicPaced ? linear : timingFunction.value(at: linear)
    }

    /// The first and last value of one cycle, before additive combination.
    private func endpoints(base: PropertyValue) -> (PropertyValue, PropertyValue) {
        switch kind {
        case .basic(let from, let to, let by), .spring(_, let from, let to, let by):
            // Core Animation's rules for which of fromValue, toValue and byValue are used.
            let current = isAdditive ? base.times(0) : base
            switch (from, to, by) {
            case (let f?, let t?, _): return (f, t)
            case (let f?, nil, let b?): return (f, f.adding(b))
            case (nil, let t?, let b?): return (t.adding(b.negated), t)
            case (let f?, nil, nil): return (f, current)
            case (nil, let t?, nil): return (current, t)
            case (nil, nil, let b?): return (current, current.adding(b))
            case (nil, nil, nil): return (current, current)
            }
        case .keyframe(let k):
            return (k.values.first ?? base, k.values.last ?? base)
        case .path(let motion, _):
            return (.point(motion.point(at: 0)), .point(motion.point(at: 1)))
        case .group:
            return (base, base)
        }
    }
}
