import ReelCore
import ReelTestSupport
import Testing

@testable import ReelRaster

@Suite struct BlendKernelsTests {
    /// The lanes compute in Float, the twin in Double: each channel may differ by one level
    /// where the exact value lies at a rounding boundary, never more.
    static let tolerance: UInt32 = 1

    static func maxDifference(_ a: [UInt32], _ b: [UInt32]) -> UInt32 {
        var worst: UInt32 = 0
        for (x, y) in zip(a, b) {
            for shift in stride(from: UInt32(0), to: 32, by: 8) {
                let p = (x >> shift) & 0xFF
                let q = (y >> shift) & 0xFF
                worst = max(worst, p > q ? p - q : q - p)
            }
        }
        return worst
    }

    @Test(arguments: BlendMode.allCases.filter { $0 != .normal })
    func everyModeMatchesItsTwin(mode: BlendMode) {
        var g = SeededGenerator(state: 7)
        var worst: UInt32 = 0
        for count in [0, 1, 7, 8, 9, 16, 31, 67] {
            for withCoverage in [false, true] {
                for _ in 0..<40 {
                    let dst = (0..<count).map { _ in randomPixel(&g) }
                    let src = (0..<count).map { _ in randomPixel(&g) }
                    let cov = (0..<count).map { _ in UInt8.random(in: 0...255, using: &g) }
                    let opacity = [255, 0, UInt32.random(in: 0...255, using: &g)][Int.random(in: 0..<3, using: &g)]
                    var a = dst
                    var b = dst
                    cov.withUnsafeBufferPointer { c in
                        a.withUnsafeMutableBufferPointer {
                            BlendKernels.composite(
                                $0.baseAddress!, source: src, coverage: withCoverage ? c.baseAddress! : nil, count: count,
                                opacity: opacity, mode: mode)
                        }
                        b.withUnsafeMutableBufferPointer {
                            ReferenceBlending.composite(
                                $0.baseAddress!, source: src, coverage: withCoverage ? c.baseAddress! : nil, count: count,
                                opacity: opacity, mode: mode)
                        }
                    }
                    worst = max(worst, Self.maxDifference(a, b))
                    // A result is a valid premultiplied pixel.
                    #expect(a.allSatisfy { p in (0..<3).allSatisfy { (p >> UInt32(8 * $0)) & 0xFF <= p >> 24 } })
                }
            }
        }
        #expect(worst <= Self.tolerance, "\(mode): worst channel difference \(worst)")
    }

    /// One colour landed on a run, as a group's uniform run lands: the same as the twin.
    @Test(arguments: BlendMode.allCases)
    func uniformColourMatchesItsTwin(mode: BlendMode) {
        var g = SeededGenerator(state: 13)
        var worst: UInt32 = 0
        for count in [0, 1, 5, 8, 13, 64] {
            for _ in 0..<40 {
                let dst = (0..<count).map { _ in randomPixel(&g) }
                let color = randomPixel(&g)
                let opacity = [255, 0, UInt32.random(in: 0...255, using: &g)][Int.random(in: 0..<3, using: &g)]
                var a = dst
                var b = dst
                a.withUnsafeMutableBufferPointer {
                    BlendKernels.blend($0.baseAddress!, count: count, color: color, opacity: opacity, mode: mode)
                }
                b.withUnsafeMutableBufferPointer {
                    ReferenceBlending.blend($0.baseAddress!, count: count, color: color, opacity: opacity, mode: mode)
                }
                worst = max(worst, Self.maxDifference(a, b))
            }
        }
        #expect(worst <= Self.tolerance, "\(mode): worst channel difference \(worst)")
    }

    /// Values worked out by hand from the W3C formulas on opaque pixels.
    @Test func knownValues() {
        func land(_ s: UInt32, _ d: UInt32, _ mode: BlendMode) -> UInt32 {
            var out = [d]
            let src = [s]
            BlendKernels.composite(&out, source: src, coverage: nil, count: 1, opacity: 255, mode: mode)
            return out[0]
        }
        let grey: UInt32 = 0xFF80_8080
        let red: UInt32 = 0xFF00_00FF
        let white: UInt32 = 0xFFFF_FFFF
        // multiply: 0.502 x 1 (red channel only), the others 0.
        #expect(land(red, grey, .multiply) == 0xFF00_0080)
        #expect(land(red, grey, .screen) == 0xFF80_80FF)
        #expect(land(white, grey, .difference) == 0xFF7F_7F7F)
        #expect(land(red, grey, .plusLighter) == 0xFF80_80FF)
        // Opaque source over opaque backdrop: sourceIn is the source, destinationOut clears.
        #expect(land(red, grey, .sourceIn) == red)
        #expect(land(red, grey, .destinationOut) == 0)
        #expect(land(red, 0, .sourceIn) == 0)
        #expect(land(0, grey, .destinationIn) == 0)
        #expect(land(0, grey, .xor) == grey)
        // luminosity of white onto red keeps red's hue at white's luminance: clipped to white.
        #expect(land(white, red, .luminosity) == white)
    }
}

@Suite struct ColorMatrixTests {
    /// Float lanes against the Double twin: within one level per channel.
    @Test func matchesItsTwin() {
        var g = SeededGenerator(state: 11)
        let matrices: [[Double]] = [
            (0..<20).map { $0 % 6 == 0 ? 1 : 0 },
            [0.3, 0.59, 0.11, 0, 0, 0.3, 0.59, 0.11, 0, 0, 0.3, 0.59, 0.11, 0, 0, 0, 0, 0, 1, 0],
            [0, 0, 1, 0, 0, 0, 1, 0, 0, 0.2, 1, 0, 0, 0, 0.1, 0, 0, 0, 0.5, 0.25],
            (0..<20).map { _ in Double.random(in: -2...2, using: &g) }
        ]
        var worst: UInt32 = 0
        for m in matrices {
            for count in [0, 1, 8, 13, 64] {
                let pixels = (0..<count).map { _ in randomPixel(&g) }
                var out = pixels
                out.withUnsafeMutableBufferPointer { ColorMatrix(m).apply($0.baseAddress!, count: count) }
                worst = max(worst, BlendKernelsTests.maxDifference(out, pixels.map { ReferenceBlending.colorMatrix(m, $0) }))
            }
        }
        #expect(worst <= BlendKernelsTests.tolerance, "worst channel difference \(worst)")
    }

    /// The identity leaves pixels as they are; an alpha offset makes a transparent pixel a tint.
    @Test func knownValues() {
        var p: [UInt32] = [0xFF20_4080, 0x8040_2010, 0]
        p.withUnsafeMutableBufferPointer { ColorMatrix(LayerFilterIdentity.matrix).apply($0.baseAddress!, count: 3) }
        #expect(p == [0xFF20_4080, 0x8040_2010, 0])
        var clear: [UInt32] = [0]
        let lift = [0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0.5]
        clear.withUnsafeMutableBufferPointer { ColorMatrix(lift).apply($0.baseAddress!, count: 1) }
        // Straight red 1 at alpha 0.5: premultiplied red 128 (127.5 rounded), alpha 128.
        #expect(clear == [0x8000_0080])
    }
}

/// The identity colour matrix, written out (ReelRaster does not know layers).
enum LayerFilterIdentity {
    static let matrix: [Double] = [1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0]
}
