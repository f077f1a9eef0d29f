/// A projective map of the plane, `(x, y, 1) -> (x', y', w)` then divide by w: what a
/// Transform3D does to the z = 0 plane once z is dropped. Perspective-correct drawing and
/// hit testing invert it.
public struct Homography: Hashable, Sendable {
    /// Row-vector layout as Transform3D: x' = x*m11 + y*m21 + m31, y' = x*m12 + y*m22 + m32, w = x*m13 + y*m23 + m33.
    public var m11, m12, m13, m21, m22, m23, m31, m32, m33: Double

    public init(
        m11: Double, m12: Double, m13: Double, m21: Double, m22: Double, m23: Double, m31: Double, m32: Double, m33: Double
    ) {
        (self.m11, self.m12, self.m13, self.m21, self.m22, self.m23, self.m31, self.m32, self.m33) = (
            m11, m12, m13, m21, m22, m23, m31, m32, m33
        )
    }

    /// The plane-to-plane part of a 3D transform: rows and columns 1, 2 and 4.
    public init(_ t: Transform3D) {
        self.init(m11: t.m11, m12: t.m12, m13: t.m14, m21: t.m21, m22: t.m22, m23: t.m24, m31: t.m41, m32: t.m42, m33: t.m44)
    }

    /// (x', y', w) before the divide.
    @inlinable
    public func homogeneous(_ p: Point) -> (x: Double, y: Double, w: Double) {
        (p.x * m11 + p.y * m21 + m31, p.x * m12 + p.y * m22 + m32, p.x * m13 + p.y * m23 + m33)
    }

    /// The mapped point, or nil when it lies on or behind the eye (w <= 0).
    public func apply(_ p: Point) -> Point? {
        let h = homogeneous(p)
        guard h.w > 0 else { return nil }
        return Point(x: h.x / h.w, y: h.y / h.w)
    }

    /// The inverse map, or nil when singular.
    public var inverted: Homography? {
        let c11 = m22 * m33 - m23 * m32
        let c12 = m13 * m32 - m12 * m33
        let c13 = m12 * m23 - m13 * m22
        let det = m11 * c11 + m21 * c12 + m31 * c13
        guard det != 0, det.isFinite else { return nil }
        let inv = 1 / det
        return Homography(
            m11: c11 * inv, m12: c12 * inv, m13: c13 * inv,
            m21: (m23 * m31 - m21 * m33) * inv, m22: (m11 * m33 - m13 * m31) * inv, m23: (m13 * m21 - m11 * m23) * inv,
            m31: (m21 * m32 - m22 * m31) * inv, m32: (m12 * m31 - m11 * m32) * inv, m33: (m11 * m22 - m12 * m21) * inv)
    }

    /// True when w is constant (an affine map).
    public var isAffine: Bool { m13 == 0 && m23 == 0 }

    /// The most its plane part stretches a length: the largest singular value of the linear
    /// part (what flattening tolerances are divided by).
    public var largestStretch: Double {
        let (a, b, c, d) = (m11, m12, m21, m22)
        let s = a * a + b * b + c * c + d * d
        let det = a * d - b * c
        return ((s + (max(s * s - 4 * det * det, 0)).squareRoot()) / 2).squareRoot()
    }
}
