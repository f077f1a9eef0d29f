/// A 2D affine transform in Core Graphics' row-vector form: `x' = a*x + c*y + tx`,
/// `y' = b*x + d*y + ty`. Concatenation `m.concatenating(n)` applies `m` first, then `n`.
public struct AffineTransform: Hashable, Sendable {
    public var a, b, c, d, tx, ty: Double

    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
    }

    public static func scale(_ sx: Double, _ sy: Double) -> AffineTransform {
        AffineTransform(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// `self` applied first, then `n`.
    public func concatenating(_ n: AffineTransform) -> AffineTransform {
        AffineTransform(
            a: a * n.a + b * n.c, b: a * n.b + b * n.d,
            c: c * n.a + d * n.c, d: c * n.b + d * n.d,
            tx: tx * n.a + ty * n.c + n.tx, ty: tx * n.b + ty * n.d + n.ty)
    }

    public func apply(_ p: Point) -> Point {
        Point(x: a * p.x + c * p.y + tx, y: b * p.x + d * p.y + ty)
    }

    /// The inverse, or nil when the transform is singular.
    public var inverted: AffineTransform? {
        let det = a * d - b * c
        guard det != 0, det.isFinite else { return nil }
        let ia = d / det
        let ib = -b / det
        let ic = -c / det
        let id = a / det
        return AffineTransform(
            a: ia, b: ib, c: ic, d: id,
            tx: -(tx * ia + ty * ic), ty: -(tx * ib + ty * id))
    }

    /// True when the transform only scales and translates (edges stay axis-aligned).
    public var isAxisAligned: Bool { b == 0 && c == 0 }
}
