import Foundation
import Testing

@testable import ReelCore

@Suite struct FillRuleTests {
    /// A rectangle's corners, clockwise on a y-down screen, or the other way round.
    func rect(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, clockwise: Bool = true) -> [Point] {
        let corners = [Point(x: x0, y: y0), Point(x: x1, y: y0), Point(x: x1, y: y1), Point(x: x0, y: y1)]
        return clockwise ? corners : corners.reversed()
    }

    /// Signed area (shoelace), summed over the polygons.
    func area(_ polygons: [[Point]]) -> Double {
        var total = 0.0
        for p in polygons {
            for i in p.indices {
                let a = p[i]
                let b = p[(i + 1) % p.count]
                total += (a.x * b.y - b.x * a.y) / 2
            }
        }
        return total
    }

    @Test func overlapsCountOnceUnderNonZero() {
        // Two 10 x 10 squares overlapping in a 5 x 10 strip, wound the same way: their union, 150.
        let same = [rect(0, 0, 10, 10), rect(5, 0, 15, 10)]
        #expect(abs(abs(area(FillRule.nonZero.trapezoids(of: same))) - 150) < 1e-9)
        // Wound opposite ways, the strip winds 0 and is outside: 100.
        let opposite = [rect(0, 0, 10, 10), rect(5, 0, 15, 10, clockwise: false)]
        #expect(abs(abs(area(FillRule.nonZero.trapezoids(of: opposite))) - 100) < 1e-9)
        // Even-odd: the strip is outside whichever way the squares turn.
        #expect(abs(abs(area(FillRule.evenOdd.trapezoids(of: same))) - 100) < 1e-9)
    }

    @Test func crossingEdgesSplitTheBands() {
        // A bow tie: one polygon whose two edges cross at (5, 5); its lobes wind +1 and -1,
        // each 25, both inside under either rule.
        let bowTie = [[Point(x: 0, y: 0), Point(x: 10, y: 10), Point(x: 10, y: 0), Point(x: 0, y: 10)]]
        for rule in FillRule.allCases {
            let pieces = rule.trapezoids(of: bowTie)
            #expect(abs(abs(area(pieces)) - 50) < 1e-9)
            // All wound one way: their signed areas add up instead of cancelling.
            #expect(pieces.allSatisfy { area([$0]) >= 0 } || pieces.allSatisfy { area([$0]) <= 0 })
        }
    }

    @Test func starCentreIsAHoleOnlyUnderEvenOdd() {
        // A pentagram of radius 1 drawn in one stroke: the centre pentagon winds twice.
        let star = [
            (0..<5).map { i -> Point in
                let a = Double(i) * 4 * Double.pi / 5
                return Point(x: sin(a), y: -cos(a))
            }
        ]
        // Pentagon (inner radius r = cos 72 / cos 36) and the five points around it.
        let r = cos(2 * Double.pi / 5) / cos(Double.pi / 5)
        let pentagon = 2.5 * r * r * sin(2 * Double.pi / 5)
        let outerStar = 5 * r * sin(Double.pi / 5)
        #expect(abs(abs(area(FillRule.nonZero.trapezoids(of: star))) - outerStar) < 1e-9)
        #expect(abs(abs(area(FillRule.evenOdd.trapezoids(of: star))) - (outerStar - pentagon)) < 1e-9)
    }

    @Test func simplePolygonsAreToldFromOnesThatCrossThemselves() {
        #expect(FillRule.isSimple(rect(0, 0, 10, 10)))
        // An L: concave, never crossing itself.
        let l = [0, 0, 10, 0, 10, 4, 4, 4, 4, 10, 0, 10].chunked()
        #expect(FillRule.isSimple(l))
        #expect(!FillRule.isSimple([Point(x: 0, y: 0), Point(x: 10, y: 10), Point(x: 10, y: 0), Point(x: 0, y: 10)]))
        let star = (0..<5).map { i -> Point in
            let a = Double(i * 2) * 2 * Double.pi / 5
            return Point(x: sin(a), y: -cos(a))
        }
        #expect(!FillRule.isSimple(star))
        // A long wavy outline across: simple, and a copy folded over itself is not.
        let wave = (0...400).map { Point(x: Double($0), y: 5 * sin(Double($0) / 7)) } + [Point(x: 400, y: 40), Point(x: 0, y: 40)]
        #expect(FillRule.isSimple(wave))
        #expect(!FillRule.isSimple(wave + [Point(x: 200, y: -30)]))
        // Touching itself is not simple either: a square traced twice, a loop meeting the outline at a corner.
        let square = rect(0, 0, 10, 10)
        #expect(!FillRule.isSimple(square + square))
        #expect(!FillRule.isSimple(square + [Point(x: 0, y: 0), Point(x: 8, y: 2), Point(x: 2, y: 8)]))
        #expect(!FillRule.isSimple([0, 0, 10, 10, 20, 20, 20, 0, 10, 10, 0, 20].chunked()))
    }

    @Test func aSimplePolygonFillsAsItIsWithTheSweepsArea() {
        let l = [0, 0, 10, 0, 10, 4, 4, 4, 4, 10, 0, 10].chunked()
        var path = Path()
        path.move(to: l[0])
        for p in l.dropFirst() { path.line(to: p) }
        path.close()
        let filled = path.area(transform: .identity)
        #expect(filled == [l])
        #expect(abs(abs(area(filled)) - abs(area(FillRule.nonZero.trapezoids(of: [l])))) < 1e-9)
    }

    @Test func degenerateInputEnclosesNothing() {
        #expect(FillRule.nonZero.trapezoids(of: []).isEmpty)
        #expect(FillRule.nonZero.trapezoids(of: [[Point(x: 0, y: 0), Point(x: 5, y: 0), Point(x: 9, y: 0)]]).isEmpty)
        #expect(
            FillRule.evenOdd.trapezoids(of: [[Point(x: 0, y: 0), Point(x: .nan, y: 1), Point(x: 3, y: 4)]]).allSatisfy {
                $0.count == 4
            })
    }
}

extension Array where Element == Int {
    /// Points from x, y pairs.
    fileprivate func chunked() -> [Point] {
        stride(from: 0, to: count - 1, by: 2).map { Point(x: Double(self[$0]), y: Double(self[$0 + 1])) }
    }
}
