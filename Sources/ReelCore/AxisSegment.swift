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
}

/// A piecewise-linear map of a rectangle onto image pixels, axis by axis: `columns` map x,
/// `rows` map y, each in ascending order (one segment each for plain placement, up to three
/// for nine-slice).
public struct AxisMapping: Hashable, Sendable {
    public var columns: [AxisSegment]
    public var rows: [AxisSegment]

    public init(columns: [AxisSegment], rows: [AxisSegment]) {
        self.columns = columns
        self.rows = rows
    }

    /// The rectangle the mapping covers.
    public var destination: Rect {
        Rect(
            x: columns[0].from.lowerBound, y: rows[0].from.lowerBound,
            width: columns[columns.count - 1].from.upperBound - columns[0].from.lowerBound,
            height: rows[rows.count - 1].from.upperBound - rows[0].from.lowerBound)
    }

    /// The index of the segment of `segments` holding `v`; the first or last beyond the ends.
    @inlinable
    public static func index(_ segments: [AxisSegment], _ v: Double) -> Int {
        var i = 0
        while i < segments.count - 1, v >= segments[i].from.upperBound { i += 1 }
        return i
    }
}
