import Foundation
import ReelCore
import ReelTestSupport
import Testing

@testable import ReelRaster

@Suite struct GaussianBlurTests {
    /// The exact Gaussian of `sigma` sampled at whole distances less `fraction`, normalised
    /// over its whole (untruncated) support: weight of distance d.
    func exactKernel(sigma: Double, fraction: Double) -> (Int) -> Double {
        let span = Int(12 * sigma) + 4
        let total = (-span...span).reduce(0.0) { $0 + exp(-pow(Double($1) - fraction, 2) / (2 * sigma * sigma)) }
        return { d in exp(-pow(Double(d) - fraction, 2) / (2 * sigma * sigma)) / total }
    }

    /// A source that is a product of two profiles (a bar of 255 across, any levels down, or
    /// the other way round) blurs into the product of their 1-D blurs, so the exact answer is
    /// cheap to work out at every pixel, at sigma 100 too. Every pixel of the blur, moved by a
    /// fractional offset, must lie within one level of it.
    @Test(arguments: [0.5, 2, 8, 30, 100])
    func theBlurIsWithinOneLevelOfTheExactGaussian(sigma: Double) {
        var g = SeededGenerator(state: UInt64(sigma * 10))
        for (across, shift) in [(true, Point(x: 3.3, y: -7.8)), (false, Point(x: -0.5, y: 0.25))] {
            let src = PixelRect(x: 5, y: -3, width: 61, height: 47)
            let levels = (0..<(across ? src.height : src.width)).map { _ in Double(UInt8.random(in: 0...255, using: &g)) }
            let bar = (0..<(across ? src.width : src.height)).map { i in i >= 10 && i < 40 ? 1.0 : 0.0 }
            let source = CoverageMask(region: src)
            for y in 0..<src.height {
                for x in 0..<src.width {
                    source.row(src.y + y)[x] = UInt8(across ? levels[y] * bar[x] : levels[x] * bar[y])
                }
            }
            let reach = GaussianBlur.reach(sigma: sigma) + 1
            let region = PixelRect(
                x: src.x + Int(shift.x.rounded(.down)) - reach, y: src.y + Int(shift.y.rounded(.down)) - reach,
                width: src.width + 2 * reach + 1, height: src.height + 2 * reach + 1)
            let out = GaussianBlur.apply(source, region: region, sigma: sigma, shift: shift)
            /// The exact 1-D blur of `profile` (starting at `start`) at output positions `range`, moved by `move`.
            func blurred(_ profile: [Double], start: Int, range: Range<Int>, move: Double) -> [Double] {
                let whole = Int(move.rounded(.down))
                let kernel = exactKernel(sigma: sigma, fraction: move - Double(whole))
                return range.map { n in
                    profile.indices.reduce(0.0) { $0 + profile[$1] * kernel(n - whole - (start + $1)) }
                }
            }
            let columns = blurred(across ? bar : levels, start: src.x, range: region.x..<region.maxX, move: shift.x)
            let rows = blurred(across ? levels : bar, start: src.y, range: region.y..<region.maxY, move: shift.y)
            var worst = 0.0
            for y in 0..<region.height {
                for x in 0..<region.width {
                    worst = max(worst, abs(Double(out.row(region.y + y)[x]) - columns[x] * rows[y]))
                }
            }
            #expect(worst <= 1, "sigma \(sigma), \(across ? "bar across" : "bar down"): worst \(worst) levels")
        }
    }

    @Test func blurKeepsFlatAreasAndMovesByTheOffset() {
        let source = CoverageMask(region: PixelRect(x: 0, y: 0, width: 60, height: 60))
        for y in 20..<40 { for x in 20..<40 { source.row(y)[x - 0] = 255 } }
        let out = GaussianBlur.apply(source, region: source.region, sigma: 2, shift: Point(x: 5, y: -3))
        #expect(out.value(x: 35, y: 27) == 255)  // the square's middle, moved by (5, -3)
        #expect(out.value(x: 10, y: 50) == 0)
        // The moved left edge lies at x = 25: pixel centres half a pixel either side get the
        // Gaussian's cumulative share, about 60% and 40% for sigma 2.
        #expect(abs(Int(out.value(x: 25, y: 27)) - 153) <= 4)
        #expect(abs(Int(out.value(x: 24, y: 27)) - 102) <= 4)
    }

    @Test func withoutBlurAFractionalMoveInterpolates() {
        let source = CoverageMask(region: PixelRect(x: 0, y: 0, width: 4, height: 1))
        source.row(0)[1] = 200
        let out = GaussianBlur.apply(source, region: source.region, sigma: 0, shift: Point(x: 0.25, y: 0))
        #expect((0..<4).map { out.value(x: $0, y: 0) } == [0, 150, 50, 0])
    }
}
