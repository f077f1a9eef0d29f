/// Shared maths of keyframe timing.
enum KeyframeMath {
    /// n key times spread evenly over 0...1.
    static func evenTimes(_ n: Int) -> [Double] {
        (0..<n).map { Double($0) / Double(max(n - 1, 1)) }
    }

    /// The segment of ascending `times` holding `progress`, and the fraction through it.
    static func segment(_ times: [Double], _ progress: Double) -> (Int, Double) {
        var i = 0
        while i + 2 < times.count, progress > times[i + 1] { i += 1 }
        let span = times[i + 1] - times[i]
        return (i, span > 0 ? min(max((progress - times[i]) / span, 0), 1) : 1)
    }
}

/// Arc length along a curve made of pieces, each `point(i, s)` for s in 0...1, sampled once:
/// where the constant-speed (paced) modes find the piece and parameter for a progress.
struct ArcLengthTable: Hashable, Sendable {
    /// Cumulative length at each sample of each piece.
    private let lengths: [[Double]]
    private let samples: Int

    init(pieces: Int, samples: Int = 64, point: (Int, Double) -> [Double]) {
        var lengths: [[Double]] = []
        var total = 0.0
        for i in 0..<pieces {
            var previous = point(i, 0)
            var row = [total]
            for k in 1...samples {
                let p = point(i, Double(k) / Double(samples))
                total += zip(p, previous).map { ($0 - $1) * ($0 - $1) }.reduce(0, +).squareRoot()
                row.append(total)
                previous = p
            }
            lengths.append(row)
        }
        self.lengths = lengths
        self.samples = samples
    }

    /// The piece and parameter at which the arc length reaches `progress` of the whole.
    func locate(_ progress: Double) -> (Int, Double) {
        let pieces = lengths.count
        let total = lengths.last?.last ?? 0
        guard total > 0 else { return (min(pieces - 1, max(0, Int(progress * Double(pieces)))), 0) }
        let target = min(max(progress, 0), 1) * total
        for i in 0..<pieces where target <= lengths[i][samples] || i == pieces - 1 {
            let row = lengths[i]
            var k = 1
            while k < samples, row[k] < target { k += 1 }
            let span = row[k] - row[k - 1]
            let f = span > 0 ? (target - row[k - 1]) / span : 0
            return (i, min(1, (Double(k - 1) + f) / Double(samples)))
        }
        return (pieces - 1, 1)
    }
}
