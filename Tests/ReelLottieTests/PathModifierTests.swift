import Testing

@testable import ReelLottie

/// Lottie's path modifiers on a known outline, worked out by hand from lottie-web's rules: a
/// 40-point square drawn clockwise on screen from its top-left corner (y down).
@Suite struct PathModifierTests {
    static let square: [Double] = [1, 4] + [[0.0, 0], [40, 0], [40, 40], [0, 40]].flatMap { $0 + [0, 0, 0, 0] }

    func vertex(_ numbers: [Double], _ j: Int) -> [Double] { Array(numbers[(2 + j * 6)..<(8 + j * 6)]) }

    func close(_ a: [Double], _ b: [Double]) -> Bool { a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) < 1e-9 } }

    /// Each sharp corner becomes two vertices `radius` along its edges, the handles reaching
    /// kappa of the way back to the corner.
    @Test func roundCornersSplitsEachSharpCorner() {
        let out = PathModifier.roundCorners(Self.square, radius: 10)
        #expect(out[0] == 1 && out[1] == 8)
        let k = BezierShape.kappa
        #expect(close(vertex(out, 0), [0, 10, 0, 0, 0, -10 * k]))
        #expect(close(vertex(out, 1), [10, 0, -10 * k, 0, 0, 0]))
        // A radius past half an edge is held to half of it.
        #expect(close(vertex(PathModifier.roundCorners(Self.square, radius: 100), 0), [0, 20, 0, 0, 0, -20 * k]))
        // Vertices with tangents, and an open outline's ends, are left alone.
        let open: [Double] = [0, 3, 0, 0, 0, 0, 0, 0, 20, 0, 0, 0, 0, 0, 20, 20, -5, 0, 0, 0]
        let rounded = PathModifier.roundCorners(open, radius: 4)
        #expect(
            rounded[1] == 4 && close(vertex(rounded, 0), [0, 0, 0, 0, 0, 0]) && close(vertex(rounded, 3), [20, 20, -5, 0, 0, 0]))
    }

    /// Vertices move toward the vertices' mean by the amount, tangent points away from it.
    @Test func puckerAndBloatMovesVerticesAndTangentsOppositeWays() {
        let out = PathModifier.puckerBloat(Self.square, amount: 50)
        // (0, 0) moves halfway to (20, 20); its tangent points, (0, 0), move to (-10, -10).
        #expect(close(vertex(out, 0), [10, 10, -20, -20, -20, -20]))
        #expect(close(vertex(PathModifier.puckerBloat(Self.square, amount: -50), 2), [50, 50, -20, -20, -20, -20]))
        #expect(PathModifier.puckerBloat(Self.square, amount: 0) == Self.square)
    }

    /// One ridge a side, corner points: every vertex and each side's middle, moved 5 along the
    /// left-hand normal with the side alternating, the first inward.
    @Test func zigZagAlternatesAlongThePath() {
        let out = PathModifier.zigZag(Self.square, ridges: 1, size: 5, smooth: false)
        #expect(out[0] == 1 && out[1] == 9)
        let d = 5 / 2.0.squareRoot()
        #expect(close(vertex(out, 0), [d, d, 0, 0, 0, 0]))
        #expect(close(vertex(out, 1), [20, -5, 0, 0, 0, 0]))
        #expect(close(vertex(out, 2), [40 - d, d, 0, 0, 0, 0]))
        #expect(close(vertex(out, 3), [45, 20, 0, 0, 0, 0]))
        // The ninth point is the first vertex again (eight points before it: the same side).
        #expect(close(vertex(out, 8), vertex(out, 0)))
        // Smooth points carry tangents along the path, a quarter of a side long with one ridge.
        let smooth = PathModifier.zigZag(Self.square, ridges: 1, size: 5, smooth: true)
        #expect(close(vertex(smooth, 1), [20, -5, -10, 0, 10, 0]))
        #expect(PathModifier.zigZag(Self.square, ridges: 3, size: 0, smooth: false) == Self.square)
    }

    /// Offset: a positive amount grows the square whichever way it runs; a miter keeps its
    /// corners square, a bevel cuts them, a negative amount shrinks it.
    @Test func offsetGrowsAndShrinksWithItsJoins() {
        func box(_ numbers: [Double]) -> [Double] {
            let points = BezierShape.shapes(numbers).flatMap { shape in
                (0..<shape.count).map { [numbers[shape.base + $0 * 6], numbers[shape.base + $0 * 6 + 1]] }
            }
            return [
                points.map { $0[0] }.min()!, points.map { $0[1] }.min()!, points.map { $0[0] }.max()!, points.map { $0[1] }.max()!
            ]
        }
        let grown = PathModifier.offset(Self.square, amount: 5, join: .miter, miterLimit: 4)
        #expect(close(box(grown), [-5, -5, 45, 45]))
        #expect(BezierShape.shapes(grown).first?.count == 12)
        // The same square drawn the other way grows too.
        let reversed: [Double] = [1, 4] + [[0.0, 0], [0, 40], [40, 40], [40, 0]].flatMap { $0 + [0, 0, 0, 0] }
        #expect(close(box(PathModifier.offset(reversed, amount: 5, join: .miter, miterLimit: 4)), [-5, -5, 45, 45]))
        // A square corner mitres under a limit of 1.5 (ratio 1.41), bevels under 1.2.
        let beveled = PathModifier.offset(Self.square, amount: 5, join: .miter, miterLimit: 1.2)
        #expect(
            close(box(beveled), [-5, -5, 45, 45])
                && !stride(from: 2, to: beveled.count, by: 6).contains { beveled[$0] == -5 && beveled[$0 + 1] == -5 })
        // Shrunk, the offset sides overlap at the corners and meet where they cross (the ends
        // past it are spurs of no area).
        let shrunk = PathModifier.offset(Self.square, amount: -5, join: .miter, miterLimit: 4)
        let points = Set(stride(from: 2, to: shrunk.count, by: 6).map { "\(shrunk[$0]),\(shrunk[$0 + 1])" })
        #expect(points.isSuperset(of: ["5.0,5.0", "35.0,5.0", "35.0,35.0", "5.0,35.0"]), "\(points)")
    }
}
