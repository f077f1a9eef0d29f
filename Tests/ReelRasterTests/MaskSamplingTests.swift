import Foundation
import ReelCore
import ReelTestSupport
import Testing

@testable import ReelRaster

@Suite struct MaskSamplingTests {
    /// A mask of pseudo-random coverage with its region away from the origin.
    func randomMask(_ region: PixelRect, seed: UInt64) -> CoverageMask {
        let mask = CoverageMask(region: region)
        var state = seed
        for y in region.y..<region.maxY {
            for x in 0..<region.width {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                mask.row(y)[x] = UInt8(truncatingIfNeeded: state >> 33)
            }
        }
        return mask
    }

    @Test func maskWalkMatchesItsTwinInsideItsSpan() throws {
        let mask = randomMask(PixelRect(x: -7, y: 5, width: 61, height: 43), seed: 3)
        var out = [UInt8](repeating: 0, count: 200)
        var twin = out
        for (angle, scale, x, y) in [
            (0.0, 1.0, -20.3, 20.1), (0.5, 1.0, -15.7, 9.2), (2.1, 0.8, 70.2, 30.6), (-0.3, 1.7, -9.9, 40.0)
        ] {
            let walk = try #require(MaskSampling.Walk(x: x, y: y, dx: cos(angle) * scale, dy: sin(angle) * scale))
            guard let span = MaskSampling.span(of: walk, count: 200, inside: mask.region) else { continue }
            let from = MaskSampling.Walk(
                u: walk.u &+ Int32(span.lowerBound) &* walk.du, v: walk.v &+ Int32(span.lowerBound) &* walk.dv,
                du: walk.du, dv: walk.dv)
            MaskSampling.bilinear(mask, from, count: span.count, into: &out)
            ReferenceSampling.bilinear(mask, from, count: span.count, into: &twin)
            #expect(out[0..<span.count] == twin[0..<span.count])
            // Just outside the span a position's four pixels leave the region.
            for i in [span.lowerBound - 1, span.upperBound] where i >= 0 && i < 200 {
                let u = Int(walk.u) + i * Int(walk.du)
                let v = Int(walk.v) + i * Int(walk.dv)
                let (px, py) = (u >> 16, v >> 16)
                #expect(px < mask.region.x || px > mask.region.maxX - 2 || py < mask.region.y || py > mask.region.maxY - 2)
            }
        }
    }

    @Test func imageWalkMatchesItsTwin() throws {
        let image = PixelBuffer(width: 37, height: 23)
        var state: UInt64 = 11
        for y in 0..<23 {
            for x in 0..<37 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let a = UInt32(truncatingIfNeeded: state >> 56)
                let c = UInt32(truncatingIfNeeded: state >> 24) & 0x00FF_FFFF
                // Premultiplied: no channel above alpha.
                let r = min(c & 0xFF, a)
                let g = min(c >> 8 & 0xFF, a)
                let b = min(c >> 16 & 0xFF, a)
                image.row(y)[x] = r | g << 8 | b << 16 | a << 24
            }
        }
        var out = [UInt32](repeating: 0, count: 77)
        var twin = out
        for (u, v, du, dv) in [(-3.2, 4.4, 0.61, 0.13), (40.0, 30.0, -0.7, -0.2), (10.5, 10.5, 0, 0), (2.0, -5.0, 0.25, 0.5)] {
            let walk = try #require(SamplingKernels.Walk(u: u, v: v, du: du, dv: dv, minX: 2, maxX: 33, minY: 1, maxY: 22))
            for count in [77, 8, 5] {
                SamplingKernels.bilinear(image, walk: walk, count: count, into: &out)
                ReferenceSampling.bilinear(image, walk: walk, count: count, into: &twin)
                #expect(out[0..<count] == twin[0..<count], "walk \(walk), count \(count)")
            }
        }
    }
}
