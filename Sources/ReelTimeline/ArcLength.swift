/// True arc length along a curve made of pieces (each with parameter s in 0...1): what the
/// constant-speed (paced) modes move by. Lengths are integrals of the curve's speed |dP/ds|
/// by adaptive Gauss-Legendre quadrature; a progress is turned into a piece and parameter by
/// Newton's method inside a bracket, so positions are exact to far below a millionth of a point.
struct ArcLength: Hashable, Sendable {
    /// `marks[i][k]`: the length from the curve's start to piece i at s = k / `steps`.
    private let marks: [[Double]]
    private static let steps = 8

    /// The lengths of `pieces` pieces whose speed at (piece, s) is `speed`.
    init(pieces: Int, speed: (Int, Double) -> Double) {
        var marks: [[Double]] = []
        var total = 0.0
        for i in 0..<pieces {
            var row = [total]
            for k in 1...Self.steps {
                total += Self.integral(
                    of: { speed(i, $0) }, from: Double(k - 1) / Double(Self.steps), to: Double(k) / Double(Self.steps))
                row.append(total)
            }
            marks.append(row)
        }
        self.marks = marks
    }

    /// The length of the whole curve.
    var total: Double { marks.last?.last ?? 0 }

    /// The piece and parameter at which the length from the start reaches `progress` of the
    /// total; where pieces meet, the later one (a corner's exact time shows the next segment).
    func locate(_ progress: Double, speed: (Int, Double) -> Double) -> (Int, Double) {
        let pieces = marks.count
        guard total > 0 else { return (min(pieces - 1, max(0, Int(progress * Double(pieces)))), 0) }
        let target = min(max(progress, 0), 1) * total
        guard let i = marks.firstIndex(where: { $0[Self.steps] > target }) else { return (pieces - 1, 1) }
        return (i, parameter(in: i, reaching: target, speed: speed))
    }

    /// The parameter of piece `i` at which `fraction` of that piece's own length is travelled
    /// (`pathParameter: arcLength`).
    func parameter(in i: Int, fraction: Double, speed: (Int, Double) -> Double) -> Double {
        let (start, end) = (marks[i][0], marks[i][Self.steps])
        guard end > start else { return min(max(fraction, 0), 1) }
        if fraction >= 1 { return 1 }
        return parameter(in: i, reaching: start + max(fraction, 0) * (end - start), speed: speed)
    }

    /// The parameter of piece `i` at which the length from the curve's start reaches `target`
    /// (inside that piece).
    private func parameter(in i: Int, reaching target: Double, speed: (Int, Double) -> Double) -> Double {
        let row = marks[i]
        let k = (1...Self.steps).first { row[$0] > target } ?? Self.steps
        // Solve row[k-1] + integral from a to s of the speed = target, for s in [a, b].
        var (lo, hi) = (Double(k - 1) / Double(Self.steps), Double(k) / Double(Self.steps))
        let a = lo
        let start = row[k - 1]
        var s = lo + (hi - lo) * (target - start) / max(row[k] - start, .leastNormalMagnitude)
        for _ in 0..<50 {
            let error = start + Self.integral(of: { speed(i, $0) }, from: a, to: s) - target
            if abs(error) <= 1e-12 * max(1, total) { break }
            if error > 0 { hi = s } else { lo = s }
            let v = speed(i, s)
            let newton = v > 0 ? s - error / v : .nan
            s = newton > lo && newton < hi ? newton : (lo + hi) / 2
            if hi - lo < 1e-15 { break }
        }
        return min(max(s, 0), 1)
    }

    /// The integral of `f` over [a, b]: ten-point Gauss-Legendre, halved until the halves agree.
    static func integral(of f: (Double) -> Double, from a: Double, to b: Double, depth: Int = 0) -> Double {
        let whole = gauss(f, a, b)
        guard depth < 12, b - a > 1e-12 else { return whole }
        let m = (a + b) / 2
        let halves = gauss(f, a, m) + gauss(f, m, b)
        if abs(halves - whole) <= 1e-13 * max(1, abs(halves)) { return halves }
        return integral(of: f, from: a, to: m, depth: depth + 1) + integral(of: f, from: m, to: b, depth: depth + 1)
    }

    /// Ten-point Gauss-Legendre quadrature of `f` over [a, b].
    private static func gauss(_ f: (Double) -> Double, _ a: Double, _ b: Double) -> Double {
        let half = (b - a) / 2
        let mid = (a + b) / 2
        var sum = 0.0
        for (x, w) in zip(nodes, weights) {
            sum += w * (f(mid - half * x) + f(mid + half * x))
        }
        return sum * half
    }

    /// Positive nodes and their weights of ten-point Gauss-Legendre quadrature on [-1, 1].
    private static let nodes = [
        0.1488743389816312, 0.4333953941292472, 0.6794095682990244, 0.8650633666889845, 0.9739065285171717
    ]
    private static let weights = [
        0.2955242247147529, 0.2692667193099963, 0.2190863625159820, 0.1494513491505806, 0.0666713443086881
    ]
}
