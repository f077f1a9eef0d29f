import Foundation
import ReelCore
import ReelTestSupport
import Testing

@testable import ReelRaster

@Suite struct SamplingKernelsTests {
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

}
