/// An origin and a size (CGRect); a negative size is allowed and read as CGRect does.
public struct Rect: Hashable, Sendable {
    public var origin: Point
    public var size: Size

    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    public var minX: Double { min(origin.x, origin.x + size.width) }
    public var minY: Double { min(origin.y, origin.y + size.height) }
    public var maxX: Double { max(origin.x, origin.x + size.width) }
    public var maxY: Double { max(origin.y, origin.y + size.height) }
    public var midX: Double { origin.x + size.width / 2 }
    public var midY: Double { origin.y + size.height / 2 }
    public var width: Double { abs(size.width) }
    public var height: Double { abs(size.height) }
    public var isEmpty: Bool { size.width == 0 || size.height == 0 }

    /// A corner radius as this rectangle can hold it: clamped to half the shorter side, never
    /// negative (Reel's rule for `cornerRadius`).
    public func clampedCornerRadius(_ radius: Double) -> Double {
        max(0, min(radius, width / 2, height / 2))
    }

    /// True when `p` lies inside the rectangle (min edges inclusive, max edges exclusive, as CGRectContainsPoint).
    public func contains(_ p: Point) -> Bool {
        p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY
    }

    /// The smallest rectangle holding every point of `points`; nil when there is none.
    @inlinable
    public init?<S: Sequence>(bounding points: S) where S.Element == Point {
        var (x0, y0, x1, y1) = (Double.infinity, Double.infinity, -Double.infinity, -Double.infinity)
        for p in points { (x0, y0, x1, y1) = (min(x0, p.x), min(y0, p.y), max(x1, p.x), max(y1, p.y)) }
        guard x0 <= x1, y0 <= y1 else { return nil }
        self.init(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The smallest rectangle containing both.
    public func union(_ other: Rect) -> Rect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let x0 = min(minX, other.minX)
        let y0 = min(minY, other.minY)
        return Rect(x: x0, y: y0, width: max(maxX, other.maxX) - x0, height: max(maxY, other.maxY) - y0)
    }

    /// The rectangle grown by `d` on every side (shrunk when `d` is negative), as CGRectInset with -d.
    public func outset(by d: Double) -> Rect {
        Rect(x: minX - d, y: minY - d, width: width + 2 * d, height: height + 2 * d)
    }

    /// The rectangle with every coordinate times `factor`.
    public func scaled(by factor: Double) -> Rect {
        Rect(x: minX * factor, y: minY * factor, width: width * factor, height: height * factor)
    }
}
