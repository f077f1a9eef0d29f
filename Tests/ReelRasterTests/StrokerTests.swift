import Foundation
import ReelCore
import Testing

@testable import ReelRaster

/// The stroker on geometry: areas of strokes whose exact area is known, measured through the
/// rasterizer's exact-area coverage.
@Suite struct StrokerTests {
    /// The area (in pixels) `polygons` cover, from their 8-bit coverage.
    func coveredArea(_ polygons: [[Point]]) -> Double {
        let clip = PixelRect(x: 0, y: 0, width: 400, height: 400)
        let mask = Rasterizer().mask(polygons, clip: clip)
        var sum = 0.0
        for y in 0..<clip.height {
            for x in 0..<clip.width { sum += Double(mask.value(x: x, y: y)) }
        }
        return sum / 255
    }

    func stroke(_ path: Path, _ style: StrokeStyle) -> [[Point]] {
        Stroker.outline(of: path, style: style, transform: .identity)
    }

    @Test func aStrokedSegmentCoversItsLengthTimesItsWidth() {
        var path = Path()
        path.move(to: Point(x: 20.3, y: 30.7))
        path.line(to: Point(x: 310.2, y: 190.4))
        let length = (Point(x: 310.2, y: 190.4) - Point(x: 20.3, y: 30.7)).length
        for width in [1.0, 6.5, 24] {
            let area = coveredArea(stroke(path, StrokeStyle(lineWidth: width)))
            #expect(abs(area / (length * width) - 1) < 0.005, "width \(width): \(area) against \(length * width)")
        }
    }

    /// Two segments at a right angle with a round join: both rectangles, less the square they
    /// share inside the corner, plus a quarter disc outside it.
    @Test func aRoundJoinAddsAQuarterDisc() {
        var path = Path()
        path.move(to: Point(x: 40, y: 60))
        path.line(to: Point(x: 300, y: 60))
        path.line(to: Point(x: 300, y: 340))
        let w = 40.0
        let exact = 260 * w + 280 * w - (w / 2) * (w / 2) + Double.pi * (w / 2) * (w / 2) / 4
        let area = coveredArea(stroke(path, StrokeStyle(lineWidth: w, lineJoin: .round)))
        #expect(abs(area / exact - 1) < 0.01, "\(area) against \(exact)")
        // A bevel cuts the corner: a triangle of the two half widths instead of the quarter disc.
        let bevel = coveredArea(stroke(path, StrokeStyle(lineWidth: w, lineJoin: .bevel)))
        #expect(abs(bevel / (260 * w + 280 * w - (w / 2) * (w / 2) + (w / 2) * (w / 2) / 2) - 1) < 0.01)
        // A miter fills the corner's square (its length w / sqrt 2 over w is under the limit of 10).
        let miter = coveredArea(stroke(path, StrokeStyle(lineWidth: w)))
        #expect(abs(miter / (260 * w + 280 * w) - 1) < 0.01)
    }

    /// A loop crossing itself is one coverage: its area is the union's, not the pieces' sum.
    @Test func aSelfCrossingStrokeCoversItsCrossingOnce() {
        var path = Path()
        path.move(to: Point(x: 50, y: 50))
        path.line(to: Point(x: 350, y: 350))
        path.move(to: Point(x: 350, y: 50))
        path.line(to: Point(x: 50, y: 350))
        let w = 20.0
        let length = 300 * 2.0.squareRoot()
        // Two bars crossing at right angles share a w x w square.
        let exact = 2 * length * w - w * w
        let area = coveredArea(stroke(path, StrokeStyle(lineWidth: w)))
        #expect(abs(area / exact - 1) < 0.005, "\(area) against \(exact)")
    }

    /// A stroke far wider than what shows (round caps and joins hundreds of pixels across over
    /// a 24-pixel window) is cut to the window before its parts are united: the window's
    /// coverage is the uncut stroke's, byte for byte, from far fewer corners.
    @Test func aStrokeCutToWhatShowsCoversItAsTheWholeDoes() {
        var path = Path()
        path.move(to: Point(x: 0, y: 0))
        path.cubic(to: Point(x: 30, y: 25), control1: Point(x: 40, y: -60), control2: Point(x: -20, y: 90))
        path.line(to: Point(x: 5, y: 40))
        let style = StrokeStyle(lineWidth: 500, lineCap: .round, lineJoin: .round)
        let transform = Transform3D.scale(1.7, 1.1)
        let window = PixelRect(x: 20, y: 18, width: 24, height: 24)
        let pieces = PathPieces(path: path, tolerance: Stroker.localTolerance(transform)).cut(style)
        let tolerance = Stroker.localTolerance(transform)
        let whole = Stroker.outline(of: pieces, style: style, transform: transform, tolerance: tolerance)
        let cut = Stroker.outline(of: pieces, style: style, transform: transform, tolerance: tolerance, visible: window)
        let a = Rasterizer().mask(whole, clip: window)
        let b = Rasterizer().mask(cut, clip: window)
        for y in window.y..<window.maxY {
            for x in window.x..<window.maxX { #expect(a.value(x: x, y: y) == b.value(x: x, y: y), "(\(x), \(y))") }
        }
        let (cutCorners, wholeCorners) = (cut.reduce(0) { $0 + $1.count }, whole.reduce(0) { $0 + $1.count })
        #expect(cutCorners * 4 < wholeCorners, "\(cutCorners) corners against \(wholeCorners)")
    }

    @Test func capsExtendOpenEnds() {
        var path = Path()
        path.move(to: Point(x: 100, y: 100))
        path.line(to: Point(x: 300, y: 100))
        let w = 30.0
        let square = coveredArea(stroke(path, StrokeStyle(lineWidth: w, lineCap: .square)))
        #expect(abs(square / ((200 + w) * w) - 1) < 0.005)
        let round = coveredArea(stroke(path, StrokeStyle(lineWidth: w, lineCap: .round)))
        #expect(abs(round / (200 * w + Double.pi * w * w / 4) - 1) < 0.01)
    }

    @Test func dashesAreLaidFromEachSubpathsStartThenTrimmed() {
        var path = Path()
        path.move(to: .zero)
        path.line(to: Point(x: 100, y: 0))
        path.move(to: Point(x: 0, y: 10))
        path.line(to: Point(x: 50, y: 10))
        let pieces = PathPieces(path: path, tolerance: 0.01)
        #expect(pieces.length == 150)
        // On 10, off 5 (an odd pattern repeats: 10 5 10 5 ...), phase 3: the first dash is 7 long.
        let dashed = pieces.cut(StrokeStyle(dashPattern: [10, 5, 10], dashPhase: 3))
        func near(_ a: [Point]?, _ b: [Point]) -> Bool {
            guard let a, a.count == b.count else { return false }
            return zip(a, b).allSatisfy { ($0 - $1).length < 1e-9 }
        }
        #expect(near(dashed.first?.points, [Point(x: 0, y: 0), Point(x: 7, y: 0)]))
        // The pattern restarts on the second subpath.
        #expect(dashed.contains { near($0.points, [Point(x: 0, y: 10), Point(x: 7, y: 10)]) })
        // Trimming to 0.5 of the whole length (75) keeps the dashes up to x = 75 and cuts the one across it.
        let trimmed = pieces.cut(StrokeStyle(dashPattern: [10, 5], dashPhase: 3, end: 0.5))
        #expect(trimmed.last?.points.last == Point(x: 75, y: 0))
        #expect(pieces.cut(StrokeStyle(start: 0.6, end: 0.6)).isEmpty)
    }

    /// A closed subpath after others is whole at strokeEnd 1 however its lengths add up; a
    /// dash pattern ending exactly at the path's end leaves no dot there.
    @Test func wholeAndExactEndsStayWhole() {
        var path = Path(ellipseIn: Rect(x: 0, y: 0, width: 30, height: 20))
        for e in Path(rect: Rect(x: 0.3, y: 0.1, width: 0.6, height: 0.7)).elements { path = Path(elements: path.elements + [e]) }
        let pieces = PathPieces(path: path, tolerance: 0.01).cut(StrokeStyle())
        #expect(pieces.count == 2 && pieces.allSatisfy(\.isClosed))
        var line = Path()
        line.move(to: .zero)
        line.line(to: Point(x: 20, y: 0))
        #expect(PathPieces(path: line, tolerance: 0.01).cut(StrokeStyle(dashPattern: [10, 10])).count == 1)
        #expect(PathPieces(path: line, tolerance: 0.01).cut(StrokeStyle(dashPattern: [0, 10])).count == 3)
    }

    @Test func aClosedSubpathLeftWholeKeepsItsJoinAndNoCaps() {
        let pieces = PathPieces(path: Path(rect: Rect(x: 0, y: 0, width: 10, height: 10)), tolerance: 0.01)
        #expect(pieces.length == 40)
        let whole = pieces.cut(StrokeStyle())
        #expect(whole.count == 1 && whole[0].isClosed)
        // strokeStart 0.3 is 12 along: past the top-right corner.
        let trimmed = pieces.cut(StrokeStyle(start: 0.3))
        #expect(trimmed.count == 1 && !trimmed[0].isClosed && trimmed[0].points.first == Point(x: 10, y: 2))
    }

    /// The SIMD gradient rows against the Double twin, within one level, for each type under a turned, scaled map.
    @Test func gradientRowsMatchTheirTwin() {
        let toDevice = Transform3D.rotation(0.4, x: 0, y: 0, z: 1).concatenating(.scale(1.7, 1.2)).concatenating(
            .translation(30, 12))
        let toLayer = Homography(toDevice).inverted!
        let stops: [(location: Double, color: Color)] = [
            (0.1, Color(red: 1, green: 0, blue: 0, alpha: 0.5)), (0.4, Color(red: 0, green: 1, blue: 0.3)),
            (0.4, Color(red: 0.2, green: 0.2, blue: 1, alpha: 0.8)), (0.9, Color(red: 1, green: 1, blue: 1, alpha: 0))
        ]
        for kind in GradientType.allCases {
            let shader = GradientShader(
                kind: kind, stops: stops, start: Point(x: 40, y: 30), end: Point(x: 90, y: 70), toLayer: toLayer)
            var row = [UInt32](repeating: 0, count: 203)
            for y in stride(from: 0, to: 160, by: 7) {
                row.withUnsafeMutableBufferPointer { shader.row(x0: -3, y: y, count: 203, into: $0.baseAddress!) }
                for (i, p) in row.enumerated() {
                    let r = shader.exactPixel(x: i - 3, y: y)
                    let worst = (0..<4).map { (c: Int) -> Int in
                        let shift = UInt32(c * 8)
                        return abs(Int((p >> shift) & 0xFF) - Int((r >> shift) & 0xFF))
                    }.max()!
                    #expect(worst <= 1, "\(kind) at (\(i - 3), \(y)): \(String(p, radix: 16)) against \(String(r, radix: 16))")
                }
            }
        }
    }

    @Test func tintMatchesItsTwin() {
        var g = UInt32(7)
        func next() -> UInt32 {
            g = g &* 1_664_525 &+ 1_013_904_223
            return g
        }
        for count in 0...37 {
            let factors = next()
            let pixels = (0..<count).map { _ in next() }
            var a = pixels
            var b = pixels
            a.withUnsafeMutableBufferPointer { SpanKernels.tint($0.baseAddress!, count: count, factors: factors) }
            b.withUnsafeMutableBufferPointer { ReferenceKernels.tint($0.baseAddress!, count: count, factors: factors) }
            #expect(a == b, "count \(count)")
        }
    }
}
