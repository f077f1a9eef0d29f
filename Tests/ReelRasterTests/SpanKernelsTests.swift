import Foundation
import ReelCore
import ReelTestSupport
import Testing

@testable import ReelRaster

@Suite struct SpanKernelsTests {
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

    @Test func blendUnderUniform() {
        compare({ SpanKernels.blendUnder($0, count: $3, color: $4) }, { ReferenceKernels.blendUnder($0, count: $3, color: $4) })
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
            // Luminance: within 1 of the page's formula in floating point; inversion byte for byte.
            var la = [UInt8](repeating: 0, count: count)
            var lb = la
            la.withUnsafeMutableBufferPointer { SpanKernels.extractLuminance(dst, count: count, into: $0.baseAddress!) }
            lb.withUnsafeMutableBufferPointer { ReferenceKernels.extractLuminance(dst, count: count, into: $0.baseAddress!) }
            #expect(zip(la, lb).allSatisfy { abs(Int($0) - Int($1)) <= 1 }, "\(la) \(lb)")
            var ia = cov
            var ib = cov
            ia.withUnsafeMutableBufferPointer { SpanKernels.invert($0.baseAddress!, count: count) }
            ib.withUnsafeMutableBufferPointer { ReferenceKernels.invert($0.baseAddress!, count: count) }
            #expect(ia == ib)
            var ma = cov
            var mb = cov
            ma.withUnsafeMutableBufferPointer { SpanKernels.multiply($0.baseAddress!, by: other, count: count) }
            mb.withUnsafeMutableBufferPointer { ReferenceKernels.multiply($0.baseAddress!, by: other, count: count) }
            #expect(ma == mb)
        }
    }
}
