import Foundation
import ReelCore
import ReelTestSupport
import Testing

@testable import ReelRaster

/// A valid premultiplied pixel (no channel above alpha).
func randomPixel(_ g: inout SeededGenerator) -> UInt32 {
    let a = UInt32.random(in: 0...255, using: &g)
    let special = UInt32.random(in: 0..<8, using: &g)
    let alpha: UInt32 = special == 0 ? 0 : (special == 1 ? 255 : a)
    func c() -> UInt32 { UInt32.random(in: 0...alpha, using: &g) }
    return c() | c() << 8 | c() << 16 | alpha << 24
}

@Suite struct KernelTwinTests {
    /// Runs `simd` and `reference` on identical random spans of every length 0...67 and compares the bytes.
    func compare(
        _ simd: (UnsafeMutablePointer<UInt32>, UnsafePointer<UInt32>, UnsafePointer<UInt8>, Int, UInt32) -> Void,
        _ reference: (UnsafeMutablePointer<UInt32>, UnsafePointer<UInt32>, UnsafePointer<UInt8>, Int, UInt32) -> Void
    ) {
        var g = SeededGenerator(state: 42)
        for count in 0...67 {
            for _ in 0..<20 {
                let dst = (0..<count).map { _ in randomPixel(&g) }
                let src = (0..<count).map { _ in randomPixel(&g) }
                let cov = (0..<count).map { _ in [0, 255, UInt8.random(in: 0...255, using: &g)][Int.random(in: 0..<3, using: &g)]
                }
                let color = randomPixel(&g)
                var a = dst
                var b = dst
                a.withUnsafeMutableBufferPointer { d in simd(d.baseAddress!, src, cov, count, color) }
                b.withUnsafeMutableBufferPointer { d in reference(d.baseAddress!, src, cov, count, color) }
                #expect(a == b, "count \(count)")
            }
        }
    }

    @Test func blendUniform() {
        compare({ SpanKernels.blend($0, count: $3, color: $4) }, { ReferenceKernels.blend($0, count: $3, color: $4) })
    }

    @Test func blendThroughCoverage() {
        compare(
            { SpanKernels.blend($0, coverage: $2, count: $3, color: $4) },
            { ReferenceKernels.blend($0, coverage: $2, count: $3, color: $4) })
    }

    @Test func compositeWithOpacity() {
        compare(
            { SpanKernels.composite($0, source: $1, count: $3, opacity: $4 >> 24) },
            { ReferenceKernels.composite($0, source: $1, count: $3, opacity: $4 >> 24) })
    }

    @Test func compositeThroughCoverageWithOpacity() {
        compare(
            { SpanKernels.composite($0, source: $1, coverage: $2, count: $3, opacity: $4 >> 24) },
            { ReferenceKernels.composite($0, source: $1, coverage: $2, count: $3, opacity: $4 >> 24) })
    }

    @Test func fillStoresTheColour() {
        compare(
            { SpanKernels.fill($0, count: $3, color: $4 | 0xFF00_0000) },
            { dst, _, _, count, color in for i in 0..<count { dst[i] = color | 0xFF00_0000 } })
    }

    @Test func scalarTailMatchesReferenceExhaustively() {
        for c: UInt32 in 0...255 {
            for f: UInt32 in 0...255 {
                #expect(ScalarPixel.scale(c * 0x0101_0101, by: f) == ReferenceKernels.scale(c * 0x0101_0101, by: f))
                #expect(ScalarPixel.scaleChannel(c, by: f) == (c * f + 127) / 255)
            }
        }
    }
}

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
}

@Suite struct CoverageAccuracyTests {
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

@Suite struct NewKernelTwinTests {
    @Test func blendUnderAndCoverageKernels() {
        var g = SeededGenerator(state: 11)
        for count in 0...40 {
            let dst = (0..<count).map { _ in randomPixel(&g) }
            let cov = (0..<count).map { _ in UInt8.random(in: 0...255, using: &g) }
            let other = (0..<count).map { _ in UInt8.random(in: 0...255, using: &g) }
            let color = randomPixel(&g)
            var a = dst
            var b = dst
            a.withUnsafeMutableBufferPointer {
                SpanKernels.blendUnder($0.baseAddress!, coverage: cov, count: count, color: color)
            }
            b.withUnsafeMutableBufferPointer {
                ReferenceKernels.blendUnder($0.baseAddress!, coverage: cov, count: count, color: color)
            }
            #expect(a == b)
            var ea = [UInt8](repeating: 0, count: count)
            var eb = ea
            ea.withUnsafeMutableBufferPointer { SpanKernels.extractAlpha(dst, count: count, into: $0.baseAddress!) }
            eb.withUnsafeMutableBufferPointer { ReferenceKernels.extractAlpha(dst, count: count, into: $0.baseAddress!) }
            #expect(ea == eb)
            var ma = cov
            var mb = cov
            ma.withUnsafeMutableBufferPointer { SpanKernels.multiply($0.baseAddress!, by: other, count: count) }
            mb.withUnsafeMutableBufferPointer { ReferenceKernels.multiply($0.baseAddress!, by: other, count: count) }
            #expect(ma == mb)
        }
    }

    @Test func bilinearFetchAndMix() {
        var g = SeededGenerator(state: 5)
        let image = PixelBuffer(width: 13, height: 9)
        for y in 0..<9 { for x in 0..<13 { image.row(y)[x] = randomPixel(&g) } }
        for count in [1, 7, 8, 9, 31] {
            var span = SampleSpan(capacity: count)
            for i in 0..<count {
                span.set(
                    i, u: Double.random(in: -2...15, using: &g), v: Double.random(in: -2...11, using: &g), nearest: i % 5 == 0,
                    minX: 0, maxX: 12, minY: 0, maxY: 8)
            }
            var a = [UInt32](repeating: 0, count: count)
            var b = a
            a.withUnsafeMutableBufferPointer { SamplingKernels.bilinear(image, span, count: count, into: $0.baseAddress!) }
            b.withUnsafeMutableBufferPointer { ReferenceSampling.bilinear(image, span, count: count, into: $0.baseAddress!) }
            #expect(a == b)
            let other = (0..<count).map { _ in randomPixel(&g) }
            let t = UInt32.random(in: 0...256, using: &g)
            var c = a
            var d = a
            c.withUnsafeMutableBufferPointer { SamplingKernels.mix($0.baseAddress!, other, count: count, t: t) }
            d.withUnsafeMutableBufferPointer { ReferenceSampling.mix($0.baseAddress!, other, count: count, t: t) }
            #expect(c == d)
        }
    }

    @Test func bilinearAtPixelCentresIsExact() {
        let image = PixelBuffer(width: 4, height: 4)
        for y in 0..<4 { for x in 0..<4 { image.row(y)[x] = UInt32(x * 40 + y * 3) * 0x0101_0101 } }
        var span = SampleSpan(capacity: 16)
        for i in 0..<16 {
            span.set(i, u: Double(i % 4) + 0.5, v: Double(i / 4) + 0.5, nearest: false, minX: 0, maxX: 3, minY: 0, maxY: 3)
        }
        var out = [UInt32](repeating: 0, count: 16)
        out.withUnsafeMutableBufferPointer { SamplingKernels.bilinear(image, span, count: 16, into: $0.baseAddress!) }
        #expect(out == (0..<16).map { image.row($0 / 4)[$0 % 4] })
    }

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

@Suite struct WalkKernelTwinTests {
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
            MaskSampling.bilinearReference(mask, from, count: span.count, into: &twin)
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
        for nearest in [false, true] {
            for (u, v, du, dv) in [(-3.2, 4.4, 0.61, 0.13), (40.0, 30.0, -0.7, -0.2), (10.5, 10.5, 0, 0), (2.0, -5.0, 0.25, 0.5)]
            {
                let walk = try #require(
                    SamplingKernels.Walk(u: u, v: v, du: du, dv: dv, nearest: nearest, minX: 2, maxX: 33, minY: 1, maxY: 22))
                for count in [77, 8, 5] {
                    SamplingKernels.bilinear(image, walk: walk, count: count, into: &out)
                    ReferenceSampling.bilinear(image, walk: walk, count: count, into: &twin)
                    #expect(out[0..<count] == twin[0..<count], "nearest \(nearest), walk \(walk), count \(count)")
                }
            }
        }
    }
}
