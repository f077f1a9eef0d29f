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

/// `arc` as UIKit draws it: the sweep raised by whole turns, at most one, cubic pieces of at most 90 degrees.
@Suite struct PathArcTests {
    func arc(_ a0: Double, _ a1: Double, clockwise: Bool, after start: Point? = nil) -> Path {
        var p = Path()
        if let start { p.move(to: start) }
        p.arc(center: Point(x: 50, y: 50), radius: 20, startAngle: a0, endAngle: a1, clockwise: clockwise)
        return p
    }

    func end(_ p: Path) -> Point? {
        if case .cubic(_, _, let e)? = p.elements.last { return e }
        return nil
    }

    @Test func aFullRingFromTheTopIsFourQuarters() {
        let ring = arc(-Double.pi / 2, 3 * Double.pi / 2, clockwise: true)
        #expect(ring.elements.count == 5)
        #expect(ring.elements.first == .move(Point(x: 50, y: 30)))
        let e = end(ring)!
        #expect(abs(e.x - 50) < 1e-9 && abs(e.y - 30) < 1e-9)
    }

    @Test func sweepsRiseByWholeTurnsAndMirrorCounterClockwise() {
        // Clockwise from 0 to -pi/2 is three quarters (through the bottom); counter-clockwise a quarter.
        #expect(arc(0, -Double.pi / 2, clockwise: true).elements.count == 4)
        #expect(arc(0, -Double.pi / 2, clockwise: false).elements.count == 2)
        // Half way along a clockwise quarter from 0 the curve is below the centre (y down).
        guard case .cubic(let c1, _, _) = arc(0, Double.pi / 2, clockwise: true).elements[1] else {
            Issue.record("no curve")
            return
        }
        #expect(c1.y > 50)
    }

    @Test func aCurrentPointIsJoinedByALine() {
        let p = arc(0, Double.pi, clockwise: true, after: Point(x: 0, y: 0))
        #expect(p.elements[1] == .line(Point(x: 70, y: 50)))
    }
}
