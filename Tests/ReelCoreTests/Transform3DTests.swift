import Testing

@testable import ReelCore

@Suite struct Transform3DTests {
    func close(_ a: Transform3D, _ b: Transform3D) -> Bool {
        zip(a.rows, b.rows).allSatisfy { abs($0 - $1) < 1e-9 }
    }

    @Test func rotationTurnsXTowardY() {
        let p = Transform3D.rotation(.pi / 2, x: 0, y: 0, z: 1).apply(Point(x: 1, y: 0))
        #expect(abs(p.x) < 1e-12 && abs(p.y - 1) < 1e-12)
    }

    @Test func concatenationAppliesLeftFirst() {
        let m = Transform3D.scale(2, 2).concatenating(.translation(10, 0))
        #expect(m.apply(Point(x: 1, y: 1)) == Point(x: 12, y: 2))
    }

    @Test func componentsRoundTrip() throws {
        let c = TransformComponents(
            translation: (5, -7, 3), rotation: (0.3, -0.4, 1.2), scale: (2, 0.5, 1.5), perspective: -1.0 / 500)
        let back = try #require(TransformComponents(c.matrix))
        #expect(close(back.matrix, c.matrix))
        #expect(abs(back.rotation.z - 1.2) < 1e-9 && abs(back.scale.x - 2) < 1e-9 && abs(back.perspective + 0.002) < 1e-12)
    }

    @Test func shearHasNoComponents() {
        var m = Transform3D.identity
        m.m21 = 0.5
        #expect(TransformComponents(m) == nil)
    }

    @Test func affineInverse() throws {
        let a = AffineTransform.rotation(0.7).concatenating(.scale(2, 3)).concatenating(.translation(4, 5))
        let inv = try #require(a.inverted)
        let p = inv.apply(a.apply(Point(x: 3, y: -2)))
        #expect(abs(p.x - 3) < 1e-12 && abs(p.y + 2) < 1e-12)
    }
}
