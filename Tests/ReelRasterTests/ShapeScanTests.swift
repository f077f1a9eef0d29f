import Foundation
import ReelCore
import ReelTestSupport
import Testing

@testable import ReelRaster

@Suite struct ShapeScanTests {
    /// Fraction of the pixel (x, y) inside the polygon (non-zero), by 64 x 64 supersampling.
    func supersampled(_ poly: [Point], _ x: Int, _ y: Int) -> Double {
        var inside = 0
        let n = 64
        for sy in 0..<n {
            for sx in 0..<n {
                let p = Point(x: Double(x) + (Double(sx) + 0.5) / Double(n), y: Double(y) + (Double(sy) + 0.5) / Double(n))
                var winding = 0
                for i in 0..<poly.count {
                    let a = poly[i]
                    let b = poly[(i + 1) % poly.count]
                    if a.y <= p.y, b.y > p.y, (b.x - a.x) * (p.y - a.y) - (p.x - a.x) * (b.y - a.y) > 0 { winding += 1 }
                    if a.y > p.y, b.y <= p.y, (b.x - a.x) * (p.y - a.y) - (p.x - a.x) * (b.y - a.y) < 0 { winding -= 1 }
                }
                if winding != 0 { inside += 1 }
            }
        }
        return Double(inside) / Double(n * n)
    }

    @Test func matchesSupersampledAreaOnRandomTriangles() {
        var g = SeededGenerator(state: 7)
        for _ in 0..<30 {
            let poly = (0..<3).map { _ in Point(x: Double.random(in: 0...16, using: &g), y: Double.random(in: 0...16, using: &g))
            }
            let buffer = PixelBuffer(width: 16, height: 16)
            Rasterizer().fill(
                [poly], color: PixelBuffer.pack((255, 255, 255, 255)), into: buffer,
                clip: PixelRect(x: 0, y: 0, width: 16, height: 16))
            for y in 0..<16 {
                for x in 0..<16 {
                    let want = supersampled(poly, x, y) * 255
                    let got = Double(buffer.pixel(x: x, y: y).a)
                    #expect(abs(got - want) <= 6, "triangle \(poly) pixel \(x),\(y): \(got) vs \(want)")
                }
            }
        }
    }
}
