/// What an animation shows when it is not running: CAMediaTimingFillMode.
public enum FillMode: String, Hashable, Sendable, CaseIterable {
    case removed, forwards, backwards, both
}

/// CAMediaTiming: when an animation runs and how its local time maps to progress.
public struct MediaTiming: Hashable, Sendable {
    /// Seconds after the start of the parent's time at which the animation begins.
    public var beginTime: Double = 0
    /// Seconds for one cycle; 0 means 0.25 s, as in Core Animation.
    public var duration: Double = 0
    /// Rate of local time against the parent's: 0 freezes it at `timeOffset`, a negative
    /// speed plays the active interval backward.
    public var speed: Double = 1
    /// Seconds added to local time, wrapping within the active duration.
    public var timeOffset: Double = 0
    /// Cycles to play (fractional allowed; `.infinity` repeats forever); 0 means 1.
    public var repeatCount: Double = 0
    /// Seconds to repeat for; 0 means not set. The smaller of this and `repeatCount` wins.
    public var repeatDuration: Double = 0
    /// Whether each cycle plays forward then back.
    public var autoreverses = false
    public var fillMode: FillMode = .removed
    /// As in Core Animation: when true, the animation is gone after it ends, whatever `fillMode` says.
    public var removedOnCompletion = true

    public init() {}

    /// `duration`, with 0 read as Core Animation's 0.25 s.
    public var simpleDuration: Double { duration > 0 ? duration : 0.25 }

    /// One cycle: the duration, twice when autoreversing.
    public var cycleDuration: Double { simpleDuration * (autoreverses ? 2 : 1) }

    /// The active duration in local time.
    public var activeDuration: Double {
        let byCount = repeatCount > 0 ? repeatCount * cycleDuration : (repeatDuration > 0 ? .infinity : cycleDuration)
        return repeatDuration > 0 ? min(byCount, repeatDuration) : byCount
    }

    /// Where in one simple duration the animation is at `parentTime`, as (cycle index, time in
    /// 0...simpleDuration); nil when it shows nothing (before or after, without fill). Inside a
    /// group (`inGroup`) the animation's own `removedOnCompletion` is ignored: only the
    /// group's counts, and the fill mode decides what shows outside the active interval.
    public func localTime(at parentTime: Double, inGroup: Bool = false) -> (cycle: Int, time: Double)? {
        let active = activeDuration
        var elapsed = 0.0
        if speed != 0 {
            // Progress through the active interval in the parent's direction of time.
            var played = (parentTime - beginTime) * abs(speed)
            if played < 0 {
                guard fillMode == .backwards || fillMode == .both else { return nil }
                played = 0
            } else if played > active {
                guard !removedOnCompletion || inGroup, fillMode == .forwards || fillMode == .both else { return nil }
                played = active
            }
            // Backward, the interval starts at its end (a cycle from an endless one).
            elapsed =
                speed > 0
                ? played
                : (active.isFinite ? active - played : cycleDuration - played.truncatingRemainder(dividingBy: cycleDuration))
        }
        if timeOffset != 0 {
            elapsed += timeOffset
            if active.isFinite, active > 0 {
                elapsed -= active * (elapsed / active).rounded(.down)
                if elapsed < 0 { elapsed += active }
            }
        }
        elapsed = max(elapsed, 0)
        let cycle = cycleDuration
        var index = Int(min((elapsed / cycle).rounded(.down), 1e15))
        var inCycle = elapsed - Double(index) * cycle
        // The active interval is closed at its end: there the last cycle's final value shows.
        if elapsed >= active, index > 0, inCycle == 0 {
            index -= 1
            inCycle = cycle
        }
        let d = simpleDuration
        let t = autoreverses && inCycle > d ? 2 * d - inCycle : inCycle
        return (index, min(max(t, 0), d))
    }
}
