/// A layer's own timing, as `CALayer` adopts `CAMediaTiming`: its local time is (its
/// superlayer's local time - `beginTime`) x `speed` + `timeOffset`, and its animations and
/// sublayers run in that time. `speed` 0 with a `timeOffset` pauses a subtree at that time
/// (Core Animation's pause-and-scrub idiom); a negative speed runs it backward.
public struct LayerTiming: Hashable, Sendable {
    public var beginTime = 0.0
    public var speed = 1.0
    public var timeOffset = 0.0

    public init(beginTime: Double = 0, speed: Double = 1, timeOffset: Double = 0) {
        (self.beginTime, self.speed, self.timeOffset) = (beginTime, speed, timeOffset)
    }

    /// The layer's local time when its superlayer's is `parentTime`.
    public func localTime(at parentTime: Double) -> Double {
        (parentTime - beginTime) * speed + timeOffset
    }
}
