#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A transform split into the parts Core Animation's key paths name
/// (`transform.translation.x`, `transform.rotation.z`, `transform.scale.y`, ...).
/// The matrix is scale, then rotation about x, y, z, then translation, then the perspective
/// `m34` (as `t.m34 = -1/d` set on a transform before rotating it in the usual CA recipe).
public struct TransformComponents: Hashable, Sendable {
    public var translation: (x: Double, y: Double, z: Double)
    public var rotation: (x: Double, y: Double, z: Double)
    public var scale: (x: Double, y: Double, z: Double)
    public var perspective: Double

    public init(
        translation: (x: Double, y: Double, z: Double) = (0, 0, 0),
        rotation: (x: Double, y: Double, z: Double) = (0, 0, 0),
        scale: (x: Double, y: Double, z: Double) = (1, 1, 1),
        perspective: Double = 0
    ) {
        self.translation = translation
        self.rotation = rotation
        self.scale = scale
        self.perspective = perspective
    }

    public static let identity = TransformComponents()

    /// The matrix these components describe.
    public var matrix: Transform3D {
        Transform3D.scale(scale.x, scale.y, scale.z)
            .concatenating(.rotation(rotation.x, x: 1, y: 0, z: 0))
            .concatenating(.rotation(rotation.y, x: 0, y: 1, z: 0))
            .concatenating(.rotation(rotation.z, x: 0, y: 0, z: 1))
            .concatenating(.translation(translation.x, translation.y, translation.z))
            .concatenating(Transform3D.perspective(perspective))
    }

    /// Splits a matrix into components; nil when it shears or has perspective other than
    /// a trailing `m34`.
    public init?(_ m: Transform3D) {
        // M = A * P: A's first three columns are M's; M's last column is A * (0, 0, p, 1).
        let norm = m.m13 * m.m13 + m.m23 * m.m23 + m.m33 * m.m33 + m.m43 * m.m43
        let p = norm > 0 ? (m.m14 * m.m13 + m.m24 * m.m23 + m.m34 * m.m33 + (m.m44 - 1) * m.m43) / norm : 0
        let residual = abs(m.m14 - m.m13 * p) + abs(m.m24 - m.m23 * p) + abs(m.m34 - m.m33 * p) + abs(m.m44 - 1 - m.m43 * p)
        guard residual < 1e-9 else { return nil }
        var sx = (m.m11 * m.m11 + m.m12 * m.m12 + m.m13 * m.m13).squareRoot()
        let sy = (m.m21 * m.m21 + m.m22 * m.m22 + m.m23 * m.m23).squareRoot()
        let sz = (m.m31 * m.m31 + m.m32 * m.m32 + m.m33 * m.m33).squareRoot()
        guard sx > 0, sy > 0, sz > 0 else { return nil }
        // A mirror (negative determinant) is a negative x scale, not a rotation.
        let det =
            m.m11 * (m.m22 * m.m33 - m.m23 * m.m32) - m.m12 * (m.m21 * m.m33 - m.m23 * m.m31) + m.m13
            * (m.m21 * m.m32 - m.m22 * m.m31)
        if det < 0 { sx = -sx }
        // Rows of the pure rotation R = Rx * Ry * Rz.
        let r1 = (m.m11 / sx, m.m12 / sx, m.m13 / sx)
        let r2 = (m.m21 / sy, m.m22 / sy, m.m23 / sy)
        let r3 = (m.m31 / sz, m.m32 / sz, m.m33 / sz)
        let shear =
            abs(r1.0 * r2.0 + r1.1 * r2.1 + r1.2 * r2.2) + abs(r1.0 * r3.0 + r1.1 * r3.1 + r1.2 * r3.2)
            + abs(r2.0 * r3.0 + r2.1 * r3.1 + r2.2 * r3.2)
        guard shear < 1e-9 else { return nil }
        // With row vectors, R = Rx Ry Rz has R13 = -sin(ry), R12 = cos(ry) sin(rz), R11 = cos(ry) cos(rz),
        // R23 = sin(rx) cos(ry), R33 = cos(rx) cos(ry).
        let ry = asin(max(-1, min(1, -r1.2)))
        let rx: Double
        let rz: Double
        if abs(cos(ry)) > 1e-9 {
            rx = atan2(r2.2, r3.2)
            rz = atan2(r1.1, r1.0)
        } else {
            rx = 0
            rz = atan2(-r2.0, r2.1)
        }
        self.init(translation: (m.m41, m.m42, m.m43), rotation: (rx, ry, rz), scale: (sx, sy, sz), perspective: p)
    }

    public static func == (l: TransformComponents, r: TransformComponents) -> Bool {
        l.translation == r.translation && l.rotation == r.rotation && l.scale == r.scale && l.perspective == r.perspective
    }

    public func hash(into h: inout Hasher) {
        for v in [
            translation.x, translation.y, translation.z, rotation.x, rotation.y, rotation.z, scale.x, scale.y, scale.z,
            perspective
        ] {
            h.combine(v)
        }
    }
}
