/// When a cell's particles are born: the cumulative birth count N(t), the integral from the
/// layer's time 0 of the cell's birth rate (the cell's rate × the layer's, while the cell
/// emits), and particle i born at the first time N reaches i + 1/2 (core-animation.md,
/// Reel's choice). Pieces where the rate holds are exact lines; where an animation moves it,
/// adaptive Simpson pieces, each a quadratic through its ends and middle, accurate to within
/// `tolerance` particles in all. Built up to the time a frame needs, so a frame late in a
/// timeline costs what an early one does unless an animation of the rate runs all along.
struct BirthSchedule {
    /// One piece of the rate: from `start` over `width` seconds, the rate at its start,
    /// middle and end (equal for a piece where it holds), and N at its start.
    struct Piece {
        var start: Double
        var width: Double
        var rates: (start: Double, middle: Double, end: Double)
        var count: Double

        /// Births in the first `u` (0...1) of the piece.
        func births(upTo u: Double) -> Double {
            let (a, m, b) = rates
            if a == m, m == b { return a * width * u }
            let u2 = u * u
            let u3 = u2 * u
            return width
                * (a * (2 * u3 / 3 - 1.5 * u2 + u) + m * (2 * u2 - 4 * u3 / 3) + b * (2 * u3 / 3 - 0.5 * u2))
        }

        var total: Double { births(upTo: 1) }
    }

    /// Births counted to within this many particles over the pieces an animation moves.
    static let tolerance = 1e-7

    private(set) var pieces: [Piece] = []
    /// The time the schedule reaches.
    let end: Double

    /// The schedule from 0 to `end` of `rate`, which is constant between the sorted `breaks`
    /// except inside `moving` (spans where animations change it).
    init(end: Double, breaks: [Double], moving: [ClosedRange<Double>], rate: (Double) -> Double) {
        self.end = end
        var edges = Set([0.0, end])
        for b in breaks where b > 0 && b < end { edges.insert(b) }
        for span in moving {
            for b in [span.lowerBound, span.upperBound] where b > 0 && b < end { edges.insert(b) }
        }
        let sorted = edges.sorted()
        var count = 0.0
        for (a, b) in zip(sorted, sorted.dropFirst()) where b > a {
            let middle = (a + b) / 2
            if moving.contains(where: { $0.lowerBound < b && $0.upperBound > a }) {
                let ra = rate(a + (b - a) * 1e-12)
                let rb = rate(b - (b - a) * 1e-12)
                let rm = rate(middle)
                adapt(
                    a, b, ra, rm, rb, depth: 0, tolerance: Self.tolerance * min((b - a) / max(end, 1e-9), 1), count: &count,
                    rate: rate)
            } else {
                let r = rate(middle)
                pieces.append(Piece(start: a, width: b - a, rates: (r, r, r), count: count))
                count += r * (b - a)
            }
        }
    }

    /// Adaptive Simpson over [a, b], keeping the two halves as pieces once they agree with the whole.
    private mutating func adapt(
        _ a: Double, _ b: Double, _ ra: Double, _ rm: Double, _ rb: Double, depth: Int, tolerance: Double,
        count: inout Double, rate: (Double) -> Double
    ) {
        let m = (a + b) / 2
        let (l, r) = ((a + m) / 2, (m + b) / 2)
        let (rl, rr) = (rate(l), rate(r))
        let whole = (b - a) * (ra + 4 * rm + rb) / 6
        let halves = (m - a) * (ra + 4 * rl + rm) / 6 + (b - m) * (rm + 4 * rr + rb) / 6
        if depth >= 40 || b - a < 1e-9 || abs(halves - whole) <= 15 * tolerance {
            for (s, w, rates) in [(a, m - a, (ra, rl, rm)), (m, b - m, (rm, rr, rb))] {
                let piece = Piece(start: s, width: w, rates: rates, count: count)
                pieces.append(piece)
                count += piece.total
            }
            return
        }
        adapt(a, m, ra, rl, rm, depth: depth + 1, tolerance: tolerance / 2, count: &count, rate: rate)
        adapt(m, b, rm, rr, rb, depth: depth + 1, tolerance: tolerance / 2, count: &count, rate: rate)
    }

    /// N(t): births from 0 to `t` (t at most `end`).
    func count(at t: Double) -> Double {
        guard t > 0, !pieces.isEmpty else { return 0 }
        // The last piece whose start is at or before t.
        var (lo, hi) = (0, pieces.count - 1)
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if pieces[mid].start <= t { lo = mid } else { hi = mid - 1 }
        }
        let p = pieces[lo]
        return p.count + p.births(upTo: min(max((t - p.start) / p.width, 0), 1))
    }

    /// The first time N reaches `n`; nil when it does not by `end`.
    func time(reaching n: Double) -> Double? {
        // The first piece whose births reach n by its end.
        var (lo, hi) = (0, pieces.count)
        while lo < hi {
            let mid = (lo + hi) / 2
            if pieces[mid].count + pieces[mid].total >= n { hi = mid } else { lo = mid + 1 }
        }
        guard lo < pieces.count else { return nil }
        let p = pieces[lo]
        let needed = n - p.count
        let (a, m, b) = p.rates
        if a == m, m == b { return a > 0 ? p.start + min(max(needed / a, 0), p.width) : p.start + p.width }
        // The cubic N is increasing where the rate is not negative: halve the bracket.
        var (u0, u1) = (0.0, 1.0)
        for _ in 0..<60 {
            let u = (u0 + u1) / 2
            if p.births(upTo: u) >= needed { u1 = u } else { u0 = u }
        }
        return p.start + u1 * p.width
    }
}
