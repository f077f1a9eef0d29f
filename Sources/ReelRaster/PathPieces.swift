import ReelCore

/// A path flattened once, measured, and cut into the pieces a stroke draws: dashes laid along
/// each subpath from its start (shifted by the phase; the pattern restarts at every subpath,
/// as Core Graphics does), then trimmed to `strokeStart ... strokeEnd` of the whole length
/// (all subpaths in order, a closed subpath's closing line included). Trimming never re-lays
/// the pattern, so an animated `strokeEnd` only re-cuts what was flattened already.
public struct PathPieces: Sendable {
    /// A stretch of the path to stroke: its points, whether it is a whole closed subpath
    /// (joined where it closes, no caps), which points lie inside a curve, and the direction
    /// at its start (what orients the caps of a piece of no length).
    public struct Piece: Hashable, Sendable {
        public var points: [Point]
        public var isClosed: Bool
        public var isSmooth: [Bool]
        public var direction: Point
    }

    /// A subpath as measured: its points (a closed one ends where it started) and the
    /// distance along it to each point.
    struct Measured: Sendable {
        var points: [Point]
        var isSmooth: [Bool]
        var distances: [Double]
        var isClosed: Bool
        var length: Double { distances.last ?? 0 }
    }

    let subpaths: [Measured]
    /// The length of all subpaths together.
    public let length: Double

    /// `path` flattened in its own space within `tolerance`, and measured.
    public init(path: Path, tolerance: Double) {
        var total = 0.0
        subpaths = path.polylines { Path.segments($0, tolerance: tolerance) }.map { line in
            var points = line.points
            var smooth = line.isSmooth
            if line.isClosed, let first = points.first, points.last != first {
                points.append(first)
                smooth.append(false)
            }
            var distances = [0.0]
            for i in 1..<max(points.count, 1) { distances.append(distances[i - 1] + (points[i] - points[i - 1]).length) }
            total += distances.last ?? 0
            return Measured(points: points, isSmooth: smooth, distances: distances, isClosed: line.isClosed)
        }
        length = total
    }

    /// The pieces `style`'s dashes and trim leave. The trimmed part is `start ... end`
    /// (clamped to 0...1) moved by `offset` along the whole length, modulo 1: past the path's
    /// end it wraps into two parts, each cut with caps (also on a closed path); a part of 1 or
    /// more is the whole path whatever the offset. Dashes stay where they were laid.
    public func cut(_ style: StrokeStyle) -> [Piece] {
        let start = min(max(style.start, 0), 1)
        let end = min(max(style.end, 0), 1)
        guard style.offset != 0, style.offset.isFinite, end - start < 1 else { return cut(style, from: start, to: end) }
        let shift = style.offset - style.offset.rounded(.down)
        let (a, b) = (start + shift, end + shift)
        // Within rounding of the end, the part does not wrap (no piece of no length at the start).
        if b <= 1 + 1e-12 { return cut(style, from: a, to: min(b, 1)) }
        if a >= 1 - 1e-12 { return cut(style, from: max(a - 1, 0), to: b - 1) }
        return cut(style, from: a, to: 1) + cut(style, from: 0, to: b - 1)
    }

    /// The pieces of the part `start ... end` (fractions of the whole length, in order).
    private func cut(_ style: StrokeStyle, from start: Double, to end: Double) -> [Piece] {
        let from = start * length
        let to = end * length
        guard from < to || (length == 0 && start < end) else { return [] }
        let dashes = style.evenDashes
        var pieces: [Piece] = []
        var offset = 0.0
        for sub in subpaths {
            defer { offset += sub.length }
            let (lo, hi) = (from - offset, to - offset)
            // A lone point (a move and nothing after it) strokes nothing.
            guard sub.points.count > 1, hi >= 0, lo <= sub.length else { continue }
            if dashes.isEmpty {
                // Compared in the whole path's lengths: a subtraction could miss the end by an ulp.
                if sub.isClosed, from <= offset, to >= offset + sub.length {
                    pieces.append(Piece(points: sub.points, isClosed: true, isSmooth: sub.isSmooth, direction: direction(sub, 0)))
                } else if max(lo, 0) < min(hi, sub.length) || sub.length == 0 {  // of no length: a dot with caps
                    pieces.append(piece(sub, max(lo, 0), min(hi, sub.length)))
                }
                continue
            }
            for (a, b) in Self.dashes(
                dashes, phase: style.dashPhase, length: sub.length, limit: StrokeStyle.maximumDashes - pieces.count)
            {
                let (s, e) = (max(a, lo), min(b, hi))
                // A dash of no length is a mark (a dot with round caps) when the trim keeps its place.
                if s < e || (a == b && a >= lo && a <= hi) { pieces.append(piece(sub, s, min(max(e, s), sub.length))) }
            }
        }
        return pieces
    }

    /// The "on" stretches of `pattern` laid from `phase` along a subpath of `length`.
    /// At most `limit` of them: a pattern far finer than the path (which validation refuses in a
    /// file, and an animation can reach) stops there, the rest of the path left undrawn.
    static func dashes(_ pattern: [Double], phase: Double, length: Double, limit: Int) -> [(Double, Double)] {
        let period = pattern.reduce(0, +)
        var shift = phase.truncatingRemainder(dividingBy: period)
        if shift < 0 { shift += period }
        var result: [(Double, Double)] = []
        var position = -shift
        var index = 0
        var budget = 2 * max(limit, 0)
        while position <= length, budget > 0 {
            let end = position + pattern[index]
            // An "on" length of 0 is a mark (a dot with round caps); others need some length on the path.
            if index % 2 == 0, pattern[index] == 0 ? (end >= 0 && end <= length) : (end > 0 && position < length) {
                result.append((max(position, 0), min(end, length)))
            }
            if result.count >= limit { break }
            position = end
            index = (index + 1) % pattern.count
            budget -= 1
        }
        return result
    }

    /// The stretch of `sub` from distance `a` to `b`.
    private func piece(_ sub: Measured, _ a: Double, _ b: Double) -> Piece {
        var points = [point(sub, a)]
        var smooth = [false]
        for i in sub.points.indices where sub.distances[i] > a && sub.distances[i] < b {
            points.append(sub.points[i])
            smooth.append(sub.isSmooth[i])
        }
        if b > a { points.append(point(sub, b)) }
        smooth.append(false)
        return Piece(points: points, isClosed: false, isSmooth: Array(smooth.prefix(points.count)), direction: direction(sub, a))
    }

    /// The segment of `sub` at distance `d` (the first one that reaches past it).
    private func segment(_ sub: Measured, _ d: Double) -> Int {
        guard sub.points.count > 1 else { return 0 }
        var lo = 1
        var hi = sub.points.count - 1
        while lo < hi {
            let mid = (lo + hi) / 2
            if sub.distances[mid] < d { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    private func point(_ sub: Measured, _ d: Double) -> Point {
        guard sub.points.count > 1 else { return sub.points.first ?? .zero }
        let i = segment(sub, d)
        let span = sub.distances[i] - sub.distances[i - 1]
        let t = span > 0 ? min(max((d - sub.distances[i - 1]) / span, 0), 1) : 0
        return sub.points[i - 1] + (sub.points[i] - sub.points[i - 1]) * t
    }

    private func direction(_ sub: Measured, _ d: Double) -> Point {
        guard sub.points.count > 1 else { return Point(x: 1, y: 0) }
        var i = segment(sub, d)
        // A segment of no length says nothing: the next one that has a length does.
        while i < sub.points.count - 1, (sub.points[i] - sub.points[i - 1]).length == 0 { i += 1 }
        let v = unit(sub.points[i] - sub.points[i - 1])
        return v == .zero ? Point(x: 1, y: 0) : v
    }
}
