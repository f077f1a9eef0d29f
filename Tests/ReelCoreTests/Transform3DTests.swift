import Testing

@testable import ReelCore

@Suite struct Transform3DTests {
    @Test func rotationTurnsXTowardY() {
        let p = Transform3D.rotation(.pi / 2, x: 0, y: 0, z: 1).apply(Point(x: 1, y: 0))
        #expect(abs(p.x) < 1e-12 && abs(p.y - 1) < 1e-12)
    }

    @Test func concatenationAppliesLeftFirst() {
        let m = Transform3D.scale(2, 2).concatenating(.translation(10, 0))
        #expect(m.apply(Point(x: 1, y: 1)) == Point(x: 12, y: 2))
    }

}
