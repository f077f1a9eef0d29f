/// A CAMediaTimingFunction: a cubic Bezier from (0, 0) to (1, 1) mapping time progress x to
/// value progress y through the control points (x1, y1) and (x2, y2).
public struct TimingFunction: Hashable, Sendable {
    public let x1, y1, x2, y2: Double

    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        (self.x1, self.y1, self.x2, self.y2) = (x1, y1, x2, y2)
    }

    public static let linear = TimingFunction(0, 0, 1, 1)
    public static let easeIn = TimingFunction(0.42, 0, 1, 1)
    public static let easeOut = TimingFunction(0, 0, 0.58, 1)
    public static let easeInEaseOut = TimingFunction(0.42, 0, 0.58, 1)
    /// `kCAMediaTimingFunctionDefault`.
    public static let `default` = TimingFunction(0.25, 0.1, 0.25, 1)

    /// The named functions by their Core Animation names.
    public static let named: [String: TimingFunction] = [
        "linear": .linear, "easeIn": .easeIn, "easeOut": .easeOut, "easeInEaseOut": .easeInEaseOut, "default": .default
    ]

    /// y at time progress x (clamped to 0...1); x is solved to 1e-9 for the curve parameter.
    public func value(at x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        if self == .linear { return x }
        let t = parameter(forX: x)
        return Self.bezier(t, y1, y2)
    }

    private static func bezier(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t
    }

    private static func derivative(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * p1 + 6 * u * t * (p2 - p1) + 3 * t * t * (1 - p2)
    }

    /// The curve parameter whose x is `x`: Newton's method, falling back to bisection (x(t) is
    /// monotonic because x1 and x2 lie in 0...1).
    private func parameter(forX x: Double) -> Double {
        var t = x
        for _ in 0..<8 {
            let err = Self.bezier(t, x1, x2) - x
            if abs(err) < 1e-12 { return t }
            let d = Self.derivative(t, x1, x2)
            if abs(d) < 1e-9 { break }
            t -= err / d
            if t < 0 || t > 1 { break }
        }
        var lo = 0.0
        var hi = 1.0
        t = x
        for _ in 0..<64 {
            let v = Self.bezier(t, x1, x2)
            if abs(v - x) < 1e-12 { break }
            if v < x { lo = t } else { hi = t }
            t = (lo + hi) / 2
        }
        return t
    }
}
