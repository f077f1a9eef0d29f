import ReelCore

/// A rectangle of whole pixels: columns x..<x+width, rows y..<y+height.
public struct PixelRect: Hashable, Sendable {
    public var x, y, width, height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        (self.x, self.y, self.width, self.height) = (x, y, max(0, width), max(0, height))
    }

    public var isEmpty: Bool { width <= 0 || height <= 0 }
    public var maxX: Int { x + width }
    public var maxY: Int { y + height }

    public func intersection(_ o: PixelRect) -> PixelRect {
        let x0 = max(x, o.x)
        let y0 = max(y, o.y)
        return PixelRect(x: x0, y: y0, width: min(maxX, o.maxX) - x0, height: min(maxY, o.maxY) - y0)
    }

    /// Whether every pixel of `other` lies inside this rectangle.
    public func contains(_ other: PixelRect) -> Bool {
        other.x >= x && other.y >= y && other.maxX <= maxX && other.maxY <= maxY
    }

    /// The smallest rectangle holding both.
    public func union(_ other: PixelRect) -> PixelRect {
        let x0 = min(x, other.x)
        let y0 = min(y, other.y)
        return PixelRect(x: x0, y: y0, width: max(maxX, other.maxX) - x0, height: max(maxY, other.maxY) - y0)
    }

    public var pixelCount: Int { width * height }

    /// The rectangle grown by `d` pixels on every side.
    public func outset(by d: Int) -> PixelRect { PixelRect(x: x - d, y: y - d, width: width + 2 * d, height: height + 2 * d) }

    /// The pixels a rectangle in pixel coordinates touches.
    public init(covering r: Rect) {
        guard r.minX.isFinite, r.minY.isFinite, r.maxX.isFinite, r.maxY.isFinite else {
            self.init(x: 0, y: 0, width: 0, height: 0)
            return
        }
        let x0 = Int(max(-1e9, r.minX).rounded(.down))
        let y0 = Int(max(-1e9, r.minY).rounded(.down))
        let x1 = Int(min(1e9, r.maxX).rounded(.up))
        let y1 = Int(min(1e9, r.maxY).rounded(.up))
        self.init(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
