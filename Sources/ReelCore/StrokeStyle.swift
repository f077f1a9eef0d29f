/// Everything that shapes a stroke besides its path (CAShapeLayer's stroke keys), in the
/// path's own units: width, ends, corners, dashes and the trimmed part.
public struct StrokeStyle: Hashable, Sendable {
    public var lineWidth: Double = 1
    public var lineCap: LineCap = .butt
    public var lineJoin: LineJoin = .miter
    /// A miter longer than `miterLimit` x `lineWidth` becomes a bevel.
    public var miterLimit: Double = 10
    /// Lengths on, off, on, ...; empty for a solid line. An odd count is repeated to make it even.
    public var dashPattern: [Double] = []
    /// How far into the pattern each subpath starts.
    public var dashPhase: Double = 0
    /// The stroked part, as fractions of the path's whole length (clamped to 0...1).
    public var start: Double = 0
    public var end: Double = 1
    /// Moves the stroked part along the path by this fraction, wrapping past its end (Reel's
    /// `strokeOffset`; Lottie's trim offset). 0 changes nothing.
    public var offset: Double = 0

    /// The most dashes laid along one subpath: validation refuses a pattern that would lay
    /// more along its path, and drawing stops there for one reached by animation.
    public static let maximumDashes = 100_000

    public init(
        lineWidth: Double = 1, lineCap: LineCap = .butt, lineJoin: LineJoin = .miter, miterLimit: Double = 10,
        dashPattern: [Double] = [], dashPhase: Double = 0, start: Double = 0, end: Double = 1
    ) {
        self.lineWidth = lineWidth
        self.lineCap = lineCap
        self.lineJoin = lineJoin
        self.miterLimit = miterLimit
        self.dashPattern = dashPattern
        self.dashPhase = dashPhase
        self.start = start
        self.end = end
    }

    /// The dash pattern as laid: even in count (an odd one doubled), or empty when it draws
    /// no dashes (empty, or nothing on and off to lay).
    public var evenDashes: [Double] {
        let pattern = dashPattern.count % 2 == 1 ? dashPattern + dashPattern : dashPattern
        guard !pattern.isEmpty, pattern.allSatisfy({ $0 >= 0 && $0.isFinite }), pattern.reduce(0, +) > 0 else { return [] }
        return pattern
    }
}
