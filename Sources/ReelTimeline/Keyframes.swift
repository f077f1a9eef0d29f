/// The values of a keyframe animation and how they are timed and joined.
public struct Keyframes: Hashable, Sendable {
    public let values: [PropertyValue]
    /// Fractions of the duration, ascending from 0 to 1; one per value (one more for discrete).
    /// Empty: evenly spaced. Ignored by the paced modes.
    public let keyTimes: [Double]
    /// One per segment; empty: linear. Ignored by the paced modes.
    public let timingFunctions: [TimingFunction]
    public let mode: Animation.CalculationMode
    /// Kochanek-Bartels parameters per keyframe for the cubic modes (all 0: Catmull-Rom).
    public let tension: [Double], continuity: [Double], bias: [Double]
    /// Each value's components, taken once: the spline reads them many times a frame.
    private let points: [[Double]]
    /// The spline's arc length, measured once for `cubicPaced`.
    private var arcLength: ArcLength?

    public init(
        values: [PropertyValue], keyTimes: [Double] = [], timingFunctions: [TimingFunction] = [],
        mode: Animation.CalculationMode = .linear,
        tension: [Double] = [], continuity: [Double] = [], bias: [Double] = []
    ) {
        self.values = values
        points = values.map(\.components)
        self.keyTimes = keyTimes
        self.timingFunctions = timingFunctions
        self.mode = mode
        self.tension = tension
        self.continuity = continuity
        self.bias = bias
        if mode == .cubicPaced, values.count > 1 {
            arcLength = ArcLength(pieces: values.count - 1, speed: splineSpeed)
        }
    }

    /// The value at `progress` (0...1 of one cycle, after the animation's timing function).
    func value(at progress: Double) -> PropertyValue {
        let n = values.count
        if n == 1 { return values[0] }
        switch mode {
        case .discrete:
            let times = keyTimes.isEmpty ? (0...n).map { Double($0) / Double(n) } : keyTimes
            var i = 0
            while i + 1 < n, progress >= times[i + 1] { i += 1 }
            return values[i]
        case .linear, .paced:
            let times = mode == .paced ? pacedTimes() : (keyTimes.isEmpty ? KeyframeMath.evenTimes(n) : keyTimes)
            let (i, f) = KeyframeMath.segment(times, progress)
            let eased = mode == .paced || i >= timingFunctions.count ? f : timingFunctions[i].value(at: f)
            return values[i].interpolated(to: values[i + 1], eased)
        case .cubic:
            let (i, f) = KeyframeMath.segment(keyTimes.isEmpty ? KeyframeMath.evenTimes(n) : keyTimes, progress)
            let eased = i < timingFunctions.count ? timingFunctions[i].value(at: f) : f
            return spline(i, eased)
        case .cubicPaced:
            let (i, s) = arcLength!.locate(progress, speed: splineSpeed)
            return spline(i, s)
        }
    }

    /// Key times that give each segment time in proportion to its length.
    private func pacedTimes() -> [Double] {
        let lengths = (1..<values.count).map { values[$0 - 1].distance(to: values[$0]) }
        let total = lengths.reduce(0, +)
        var times = [0.0]
        for l in lengths { times.append(times.last! + (total > 0 ? l / total : 1 / Double(lengths.count))) }
        return times
    }

    /// The Kochanek-Bartels spline through the values (component by component), at parameter
    /// `s` of segment `i`; end tangents come from duplicated end points.
    func spline(_ i: Int, _ s: Double) -> PropertyValue {
        let s2 = s * s
        let s3 = s2 * s
        return values[i].with(components: hermite(i, 2 * s3 - 3 * s2 + 1, s3 - 2 * s2 + s, -2 * s3 + 3 * s2, s3 - s2))
    }

    /// How fast the spline moves (Euclidean, all components) at parameter `s` of segment `i`.
    func splineSpeed(_ i: Int, _ s: Double) -> Double {
        let s2 = s * s
        let v = hermite(i, 6 * s2 - 6 * s, 3 * s2 - 4 * s + 1, -6 * s2 + 6 * s, 3 * s2 - 2 * s)
        return v.reduce(0) { $0 + $1 * $1 }.squareRoot()
    }

    /// Segment `i` in Hermite form, its end values and tangents weighted by the four basis
    /// values given (the basis functions at some s, or their derivatives).
    private func hermite(_ i: Int, _ h00: Double, _ h10: Double, _ h01: Double, _ h11: Double) -> [Double] {
        let n = points.count
        let p0 = points[max(i - 1, 0)]
        let p1 = points[i]
        let p2 = points[i + 1]
        let p3 = points[min(i + 2, n - 1)]
        func param(_ a: [Double], _ k: Int) -> Double { k < a.count ? a[k] : 0 }
        let (t1, c1, b1) = (param(tension, i), param(continuity, i), param(bias, i))
        let (t2, c2, b2) = (param(tension, i + 1), param(continuity, i + 1), param(bias, i + 1))
        return (0..<p1.count).map { c in
            // Continuity as CAAnimation.h has it: +1 lays each segment's end tangents along its
            // own chord (sharp corners), -1 along the neighbouring chords.
            let outgoing =
                (1 - t1) * (1 + b1) * (1 - c1) / 2 * (p1[c] - p0[c]) + (1 - t1) * (1 - b1) * (1 + c1) / 2 * (p2[c] - p1[c])
            let incoming =
                (1 - t2) * (1 + b2) * (1 + c2) / 2 * (p2[c] - p1[c]) + (1 - t2) * (1 - b2) * (1 - c2) / 2 * (p3[c] - p2[c])
            return h00 * p1[c] + h10 * outgoing + h01 * p2[c] + h11 * incoming
        }
    }
}
