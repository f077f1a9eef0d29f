/// A linear map of one span of a coordinate onto another, one piece of a piecewise-linear
/// axis mapping (how nine-slice contents stretch: fixed ends, stretched middle).
public struct AxisSegment: Hashable, Sendable {
    public var from: ClosedRange<Double>
    public var to: ClosedRange<Double>

    public init(from: ClosedRange<Double>, to: ClosedRange<Double>) {
        self.from = from
        self.to = to
    }

    /// Units of `to` per unit of `from` (0 when a span of `from` maps onto a single value).
    public var slope: Double { (to.upperBound - to.lowerBound) / max(from.upperBound - from.lowerBound, 1e-12) }

    public func map(_ v: Double) -> Double { to.lowerBound + (v - from.lowerBound) * slope }

    /// The segment of `segments` (in ascending order) holding `v`; the first or last beyond the ends.
    public static func find(_ segments: [AxisSegment], _ v: Double) -> AxisSegment {
        for s in segments.dropLast() where v < s.from.upperBound { return s }
        return segments[segments.count - 1]
    }
}
