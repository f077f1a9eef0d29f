import Foundation
import Testing

@testable import ReelCore

@Suite struct AffineTransformTests {
    @Test func inverseUndoesTheTransform() throws {
        let (s, c) = (sin(0.7), cos(0.7))
        let a = AffineTransform(a: 2 * c, b: 3 * s, c: -2 * s, d: 3 * c, tx: 4, ty: 5)
        let inv = try #require(a.inverted)
        let p = inv.apply(a.apply(Point(x: 3, y: -2)))
        #expect(abs(p.x - 3) < 1e-12 && abs(p.y + 2) < 1e-12)
        #expect(AffineTransform.scale(2, 0).inverted == nil)
    }

    @Test func concatenationAppliesLeftFirst() {
        let m = AffineTransform.scale(2, 2).concatenating(AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 10, ty: 0))
        #expect(m.apply(Point(x: 1, y: 1)) == Point(x: 12, y: 2))
    }
}
