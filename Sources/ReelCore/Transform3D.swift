#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A 4x4 homogeneous transform laid out as CATransform3D: row vectors, `p' = p * M`,
/// translation in `m41 m42 m43`, perspective in `m34` (`-1/d`).
public struct Transform3D: Hashable, Sendable {
    public var m11, m12, m13, m14: Double
    public var m21, m22, m23, m24: Double
    public var m31, m32, m33, m34: Double
    public var m41, m42, m43, m44: Double

    /// Builds a matrix from its 16 entries in row order (m11, m12, ..., m44).
    public init(rows v: [Double]) {
        precondition(v.count == 16, "Transform3D needs 16 values")
        (m11, m12, m13, m14) = (v[0], v[1], v[2], v[3])
        (m21, m22, m23, m24) = (v[4], v[5], v[6], v[7])
        (m31, m32, m33, m34) = (v[8], v[9], v[10], v[11])
        (m41, m42, m43, m44) = (v[12], v[13], v[14], v[15])
    }

    /// The 16 entries in row order.
    public var rows: [Double] {
        [m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44]
    }

    public static let identity = Transform3D(rows: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])

    public static func translation(_ x: Double, _ y: Double, _ z: Double = 0) -> Transform3D {
        Transform3D(rows: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, x, y, z, 1])
    }

    public static func scale(_ x: Double, _ y: Double, _ z: Double = 1) -> Transform3D {
        Transform3D(rows: [x, 0, 0, 0, 0, y, 0, 0, 0, 0, z, 0, 0, 0, 0, 1])
    }

    /// The identity with `m34` set: perspective with the eye at distance `-1/m34`.
    public static func perspective(_ m34: Double) -> Transform3D {
        var t = Transform3D.identity
        t.m34 = m34
        return t
    }

    /// Drops z, keeping x, y and w: how a layer's 3D content lands flat in its superlayer's
    /// plane (CALayer flattens; only the perspective already applied survives).
    public static let flatten = Transform3D(rows: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1])

    /// CATransform3DMakeRotation: `angle` radians about the axis (x, y, z).
    public static func rotation(_ angle: Double, x: Double, y: Double, z: Double) -> Transform3D {
        let len = (x * x + y * y + z * z).squareRoot()
        guard len > 0, angle != 0 else { return .identity }
        let (ux, uy, uz) = (x / len, y / len, z / len)
        let (s, c) = (sin(angle), cos(angle))
        let t = 1 - c
        return Transform3D(rows: [
            t * ux * ux + c, t * ux * uy + s * uz, t * ux * uz - s * uy, 0,
            t * ux * uy - s * uz, t * uy * uy + c, t * uy * uz + s * ux, 0,
            t * ux * uz + s * uy, t * uy * uz - s * ux, t * uz * uz + c, 0,
            0, 0, 0, 1
        ])
    }

    /// `self` applied first, then `n` (CATransform3DConcat(self, n)). Written out in full: it
    /// runs several times per layer per frame, and must not allocate.
    public func concatenating(_ n: Transform3D) -> Transform3D {
        var r = self
        func row(_ a1: Double, _ a2: Double, _ a3: Double, _ a4: Double) -> (Double, Double, Double, Double) {
            (
                a1 * n.m11 + a2 * n.m21 + a3 * n.m31 + a4 * n.m41,
                a1 * n.m12 + a2 * n.m22 + a3 * n.m32 + a4 * n.m42,
                a1 * n.m13 + a2 * n.m23 + a3 * n.m33 + a4 * n.m43,
                a1 * n.m14 + a2 * n.m24 + a3 * n.m34 + a4 * n.m44
            )
        }
        (r.m11, r.m12, r.m13, r.m14) = row(m11, m12, m13, m14)
        (r.m21, r.m22, r.m23, r.m24) = row(m21, m22, m23, m24)
        (r.m31, r.m32, r.m33, r.m34) = row(m31, m32, m33, m34)
        (r.m41, r.m42, r.m43, r.m44) = row(m41, m42, m43, m44)
        return r
    }

    /// The 2D affine part when the matrix maps the z = 0 plane without perspective, else nil.
    public var affine: AffineTransform? {
        guard m14 == 0, m24 == 0, m44 == 1 else { return nil }
        return AffineTransform(a: m11, b: m12, c: m21, d: m22, tx: m41, ty: m42)
    }

    /// Maps a point of the z = 0 plane, dividing by w (perspective). Points behind the eye
    /// (w <= 0) have no image; callers that can meet them clip first (see `Homography`).
    public func apply(_ p: Point) -> Point {
        let w = p.x * m14 + p.y * m24 + m44
        return Point(x: (p.x * m11 + p.y * m21 + m41) / w, y: (p.x * m12 + p.y * m22 + m42) / w)
    }

    public var isIdentity: Bool { self == .identity }
}
