import Foundation
import ReelCore
import ReelTestSupport
import Testing

@testable import ReelRaster

@Suite struct RasterizerTests {
    let red = PixelBuffer.pack((255, 0, 0, 255))

    @Test func areaCoverageOfAFractionalRectangle() {
        let buffer = PixelBuffer(width: 8, height: 8)
        Rasterizer().fill(
            [[Point(x: 1.5, y: 2), Point(x: 5.25, y: 2), Point(x: 5.25, y: 6), Point(x: 1.5, y: 6)]],
            color: red, into: buffer, clip: PixelRect(x: 0, y: 0, width: 8, height: 8))
        #expect(buffer.pixel(x: 0, y: 3).a == 0)
        #expect(buffer.pixel(x: 1, y: 3).a == 128)  // half covered
        #expect(buffer.pixel(x: 3, y: 3) == (255, 0, 0, 255))
        #expect(buffer.pixel(x: 5, y: 3).a == 64)  // a quarter
        #expect(buffer.pixel(x: 3, y: 1).a == 0 && buffer.pixel(x: 3, y: 6).a == 0)
    }

    @Test func rectangleFastPathMatchesPolygonFill() {
        let r = Rect(x: 3.3, y: 2.7, width: 20.45, height: 11.1)
        let clip = PixelRect(x: 0, y: 0, width: 32, height: 20)
        let a = PixelBuffer(width: 32, height: 20)
        let b = PixelBuffer(width: 32, height: 20)
        let color = PixelBuffer.pack((0, 100, 200, 200))
        Rasterizer().fill(rect: r, color: color, into: a, clip: clip)
        Rasterizer().fill(Path(rect: r).polygons(transform: .identity), color: color, into: b, clip: clip)
        let diff = zip(a.packedBytes, b.packedBytes).map { abs(Int($0) - Int($1)) }.max()!
        #expect(diff <= 1)
    }

    @Test func shapesOutsideTheBufferAreClipped() {
        let buffer = PixelBuffer(width: 4, height: 4)
        Rasterizer().fill(
            [[Point(x: -10, y: -10), Point(x: 2, y: -10), Point(x: 2, y: 30), Point(x: -10, y: 30)]],
            color: red, into: buffer, clip: PixelRect(x: 0, y: 0, width: 4, height: 4))
        #expect(buffer.pixel(x: 0, y: 0) == (255, 0, 0, 255))
        #expect(buffer.pixel(x: 1, y: 3) == (255, 0, 0, 255))
        #expect(buffer.pixel(x: 2, y: 0).a == 0)
    }

    @Test func oppositeWindingCutsAHole() {
        let buffer = PixelBuffer(width: 10, height: 10)
        let outer = [Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 10, y: 10), Point(x: 0, y: 10)]
        let inner = [Point(x: 3, y: 3), Point(x: 3, y: 7), Point(x: 7, y: 7), Point(x: 7, y: 3)]
        Rasterizer().fill([outer, inner], color: red, into: buffer, clip: PixelRect(x: 0, y: 0, width: 10, height: 10))
        #expect(buffer.pixel(x: 5, y: 5).a == 0)
        #expect(buffer.pixel(x: 1, y: 5).a == 255)
    }

    /// A 16 x 16 image turned by atan(3/4) and scaled by 5 (x = 4u - 3v + 48.5, y = 3u + 4v + 0.5):
    /// pixel centres map to u = (4i + 3j) / 25, v = (4j - 3i) / 25, so hundreds of them land on
    /// texel edges. Under nearest filtering every pixel well inside must show the texel the
    /// double-precision mapping of its centre picks (a walk with an accumulated step picks the
    /// neighbour at some of them).
    @Test func nearestShowsTheTexelTheExactMappingPicksOnTexelEdges() throws {
        let pixels = PixelBuffer(width: 16, height: 16)
        for y in 0..<16 { for x in 0..<16 { pixels.row(y)[x] = PixelBuffer.pack((UInt8(x * 16), UInt8(y * 16), 77, 255)) } }
        let transform = Transform3D(rows: [4, 3, 0, 0, -3, 4, 0, 0, 0, 0, 1, 0, 48.5, 0.5, 0, 1])
        let buffer = PixelBuffer(width: 113, height: 113)
        Rasterizer().draw(
            ImageSource(image: Image(pixels: pixels, mipmapped: false), filter: .nearest), transform: transform, opacity: 255,
            into: buffer, clip: PixelRect(x: 0, y: 0, width: 113, height: 113))
        let inverse = try #require(Homography(transform).inverted)
        var (checked, onEdges, wrong) = (0, 0, 0)
        for y in 0..<113 {
            for x in 0..<113 {
                let p = try #require(inverse.apply(Point(x: Double(x) + 0.5, y: Double(y) + 0.5)))
                guard p.x > 0.5, p.x < 15.5, p.y > 0.5, p.y < 15.5 else { continue }
                let (u, v) = (Int(p.x.rounded(.down)), Int(p.y.rounded(.down)))
                checked += 1
                if abs(p.x - p.x.rounded()) < 1e-9 || abs(p.y - p.y.rounded()) < 1e-9 { onEdges += 1 }
                if buffer.row(y)[x] != pixels.row(v)[u] { wrong += 1 }
            }
        }
        #expect(onEdges > 100, "\(onEdges) of \(checked) centres on texel edges")
        #expect(wrong == 0, "\(wrong) of \(checked) pixels show another texel")
    }
}
