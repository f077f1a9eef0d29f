import Testing

@testable import ReelCore

@Suite struct PathTests {
    @Test func roundedRectRadiusIsClamped() {
        let a = Path(roundedRect: Rect(x: 0, y: 0, width: 40, height: 20), cornerRadius: 50)
        let b = Path(roundedRect: Rect(x: 0, y: 0, width: 40, height: 20), cornerRadius: 10)
        #expect(a == b)
    }

    @Test func flattenedCircleStaysWithinTolerance() {
        let polys = Path(ellipseIn: Rect(x: -100, y: -100, width: 200, height: 200)).polygons(
            transform: .identity, tolerance: 0.1)
        #expect(polys.count == 1)
        for p in polys[0] {
            // Points lie on the cubic approximation, which is within 0.03% of the circle.
            #expect(abs((p.x * p.x + p.y * p.y).squareRoot() - 100) < 0.05)
        }
        #expect(polys[0].count > 40)
    }
}
