import ReelCore

/// What a CAGradientLayer draws over its bounds (rounded by `cornerRadius`) as its contents.
public struct GradientProperties: Hashable, Sendable {
    /// The stops' colours; none draws nothing, one fills solid. Default none.
    public var colors: [Color] = []
    /// Each colour's place, 0...1, non-decreasing; empty spaces them evenly. Default empty.
    public var locations: [Double] = []
    /// In unit coordinates of the bounds, (0, 0) top-left. Default (0.5, 0): the top middle.
    public var startPoint = Point(x: 0.5, y: 0)
    /// In unit coordinates of the bounds. Default (0.5, 1): the bottom middle.
    public var endPoint = Point(x: 0.5, y: 1)
    /// Default `axial`.
    public var type: GradientType = .axial

    public init() {}

    /// The stops as drawn: each colour with its location (given, or evenly spaced).
    public var stops: [(location: Double, color: Color)] {
        let n = colors.count
        return colors.enumerated().map { i, c in
            (locations.count == n ? locations[i] : (n > 1 ? Double(i) / Double(n - 1) : 0), c)
        }
    }
}
