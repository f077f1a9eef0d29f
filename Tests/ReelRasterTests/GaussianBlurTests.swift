import Foundation
import ReelCore
import ReelTestSupport
import Testing

@testable import ReelRaster

@Suite struct GaussianBlurTests {
    @Test func gaussianBlurPassesMatchTheirTwins() {
        var g = SeededGenerator(state: 3)
        let source = CoverageMask(region: PixelRect(x: 3, y: 2, width: 37, height: 21))
        for y in 2..<23 { for x in 0..<37 { source.row(y)[x] = UInt8.random(in: 0...255, using: &g) } }
        for (sigma, dx, dy) in [(0.0, 0.3, -1.7), (2.5, 4.25, 0), (6, -3.5, 8.75)] {
            let region = PixelRect(x: -10, y: -8, width: 70, height: 45)
            let h = GaussianBlur.Taps(sigma: sigma, shift: dx)
            let v = GaussianBlur.Taps(sigma: sigma, shift: dy)
            let a = GaussianBlur.apply(source, region: region, horizontal: h, vertical: v)
            let b = GaussianBlur.apply(source, region: region, horizontal: h, vertical: v, reference: true)
            for y in region.y..<region.maxY {
                #expect(
                    Array(UnsafeBufferPointer(start: a.row(y), count: region.width))
                        == Array(UnsafeBufferPointer(start: b.row(y), count: region.width)))
            }
        }
    }

    @Test func blurKeepsFlatAreasAndMovesByTheOffset() {
        let source = CoverageMask(region: PixelRect(x: 0, y: 0, width: 60, height: 60))
        for y in 20..<40 { for x in 20..<40 { source.row(y)[x - 0] = 255 } }
        let h = GaussianBlur.Taps(sigma: 2, shift: 5)
        let v = GaussianBlur.Taps(sigma: 2, shift: -3)
        #expect(h.weights.reduce(0, +) == 65536)
        let out = GaussianBlur.apply(source, region: source.region, horizontal: h, vertical: v)
        #expect(out.value(x: 35, y: 27) == 255)  // the square's middle, moved by (5, -3)
        #expect(out.value(x: 10, y: 50) == 0)
        // The moved left edge lies at x = 25: pixel centres half a pixel either side get the
        // Gaussian's cumulative share, about 60% and 40% for sigma 2.
        #expect(abs(Int(out.value(x: 25, y: 27)) - 153) <= 4)
        #expect(abs(Int(out.value(x: 24, y: 27)) - 102) <= 4)
    }
}
