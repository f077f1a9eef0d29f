import ReelCore

/// Movement along a path (CAKeyframeAnimation.path): each element but moveTo is a keyframe
/// whose Bezier parameter moves linearly in time; the paced modes move at constant speed.
public struct PathMotion: Hashable, Sendable {
    public let path: Path
    /// One more than the keyframe elements; empty: evenly spaced.
    public let keyTimes: [Double]
    public let timingFunctions: [TimingFunction]
    public let mode: Animation.CalculationMode
    /// How time moves within each element (Reel's `pathParameter`): the Bezier parameter
    /// (Core Animation's), or the length travelled. The paced modes move by length anyway.
    public let parameter: PathParameter

    /// What the fraction of an element's time moves along it.
    public enum PathParameter: String, Hashable, Sendable, CaseIterable {
        /// The Bezier parameter (Core Animation's rule).
        case bezier
        /// The fraction of the element's length (Lottie's spatial keyframes).
        case arcLength
    }

    /// A drawn piece of the path: start point and element (close becomes a line back).
    struct Piece: Hashable, Sendable {
        let start: Point
        let element: Path.Element

        func point(_ t: Double) -> Point {
            let u = 1 - t
            switch element {
            case .line(let p): return start * u + p * t
            case .quad(let c, let p): return start * (u * u) + c * (2 * u * t) + p * (t * t)
            case .cubic(let c1, let c2, let p):
                return start * (u * u * u) + c1 * (3 * u * u * t) + c2 * (3 * u * t * t) + p * (t * t * t)
            default: return start
            }
        }

        func tangent(_ t: Double) -> Point {
            let u = 1 - t
            switch element {
            case .line(let p): return p - start
            case .quad(let c, let p): return (c - start) * (2 * u) + (p - c) * (2 * t)
            case .cubic(let c1, let c2, let p):
                return (c1 - start) * (3 * u * u) + (c2 - c1) * (6 * u * t) + (p - c2) * (3 * t * t)
            default: return Point(x: 1, y: 0)
            }
        }
    }

    let pieces: [Piece]
    /// Arc length along the pieces, measured once for the paced modes.
    private var arcLength: ArcLength?

    public init(
        path: Path, keyTimes: [Double] = [], timingFunctions: [TimingFunction] = [], mode: Animation.CalculationMode = .linear,
        parameter: PathParameter = .bezier
    ) {
        self.path = path
        self.parameter = parameter
        self.keyTimes = keyTimes
        self.timingFunctions = timingFunctions
        self.mode = mode
        var pieces: [Piece] = []
        var current = Point.zero
        var start = Point.zero
        for e in path.elements {
            switch e {
            case .move(let p):
                current = p
                start = p
            case .line(let p), .quad(_, let p), .cubic(_, _, let p):
                pieces.append(Piece(start: current, element: e))
                current = p
            case .close:
                if current != start { pieces.append(Piece(start: current, element: .line(start))) }
                current = start
            }
        }
        self.pieces = pieces
        if mode == .paced || mode == .cubicPaced || parameter == .arcLength, !pieces.isEmpty {
            arcLength = ArcLength(pieces: pieces.count) { pieces[$0].tangent($1).length }
        }
    }

    public static func == (a: PathMotion, b: PathMotion) -> Bool {
        a.path == b.path && a.keyTimes == b.keyTimes && a.timingFunctions == b.timingFunctions && a.mode == b.mode
            && a.parameter == b.parameter
    }

    public func hash(into h: inout Hasher) {
        h.combine(path)
        h.combine(keyTimes)
        h.combine(timingFunctions)
        h.combine(mode)
        h.combine(parameter)
    }

    /// The number of keyframe elements.
    public var keyframeCount: Int { pieces.count }

    /// Piece and Bezier parameter at `progress` of the cycle.
    func locate(_ progress: Double) -> (Int, Double) {
        guard !pieces.isEmpty else { return (0, 0) }
        switch mode {
        case .paced, .cubicPaced:
            return arcLength!.locate(progress) { pieces[$0].tangent($1).length }
        case .discrete:
            let times = keyTimes.isEmpty ? KeyframeMath.evenTimes(pieces.count + 1) : keyTimes
            var i = 0
            while i + 1 < pieces.count, progress >= times[i + 1] { i += 1 }
            return progress >= 1 ? (pieces.count - 1, 1) : (i, 0)
        case .linear, .cubic:
            let (i, f) = KeyframeMath.segment(keyTimes.isEmpty ? KeyframeMath.evenTimes(pieces.count + 1) : keyTimes, progress)
            let eased = i < timingFunctions.count ? timingFunctions[i].value(at: f) : f
            guard parameter == .arcLength, let arcLength else { return (i, eased) }
            return (i, arcLength.parameter(in: i, fraction: eased) { pieces[$0].tangent($1).length })
        }
    }

    public func point(at progress: Double) -> Point {
        guard !pieces.isEmpty else {
            return path.elements.first.map { if case .move(let p) = $0 { return p } else { return .zero } } ?? .zero
        }
        let (i, t) = locate(progress)
        return pieces[i].point(t)
    }

    /// Direction of travel at `progress`, radians from +x toward +y.
    public func angle(at progress: Double) -> Double {
        guard !pieces.isEmpty else { return 0 }
        let (i, t) = locate(progress)
        var d = pieces[i].tangent(t)
        if d.length < 1e-12 { d = pieces[i].point(min(1, t + 1e-4)) - pieces[i].point(max(0, t - 1e-4)) }
        return atan2(d.y, d.x)
    }
}

#if canImport(Glibc)
    import Glibc
#endif
