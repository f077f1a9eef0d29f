import ReelCore
import Testing

@testable import ReelRaster

/// Each transition's pixel rule on two flat pictures: opaque red going (A), opaque blue coming (B).
@Suite struct TransitionPixelsTests {
    static let red: UInt32 = 0xFF00_00FF
    static let blue: UInt32 = 0xFFFF_0000
    static let (w, h) = (40, 20)

    /// A pixel of `buffer`, read while the buffer is alive.
    private func pixel(_ buffer: PixelBuffer, _ x: Int, _ y: Int) -> UInt32 {
        withExtendedLifetime(buffer) { buffer.row(y)[x] }
    }

    private func run(_ kind: TransitionPixels.Kind, _ p: Double) -> PixelBuffer {
        let a = PixelBuffer(width: Self.w, height: Self.h)
        let b = PixelBuffer(width: Self.w, height: Self.h)
        for y in 0..<Self.h {
            for x in 0..<Self.w {
                a.row(y)[x] = Self.red
                b.row(y)[x] = Self.blue
            }
        }
        let out = PixelBuffer(width: Self.w, height: Self.h)
        TransitionPixels.composite(kind, progress: p, a: a, b: b, into: out)
        return out
    }

    @Test func fadeLaysBAtOpacityPOverA() {
        // B at 102/255 over A: red 255 − 102 = 153 left, blue 102.
        #expect(pixel(run(.fade, 0.4), 5, 5) == 0xFF66_0099)
    }

    @Test func fadeThroughColorPassesThroughTheColourAtHalfway() {
        let white: UInt32 = 0xFFFF_FFFF
        #expect(pixel(run(.fadeThroughColor(white), 0.5), 3, 3) == white)
        #expect(
            pixel(run(.fadeThroughColor(white), 0.25), 3, 3)
                == TransitionPixels.over(TransitionPixels.scaled(white, 128), Self.red))
        #expect(pixel(run(.fadeThroughColor(white), 1), 3, 3) == Self.blue)
    }

    @Test func wipeCoversColumnsByTheirAreaUncovered() {
        // p·W = 10.25: columns 0...9 are B, column 10 a quarter B, 11 on A.
        let out = run(.wipe(.left), 10.25 / 40)
        #expect(pixel(out, 9, 0) == Self.blue && pixel(out, 11, 0) == Self.red)
        #expect(pixel(out, 10, 0) == TransitionPixels.mix(Self.red, Self.blue, 0.25))
        let fromRight = run(.wipe(.right), 10.25 / 40)
        #expect(pixel(fromRight, 30, 0) == Self.blue && pixel(fromRight, 28, 0) == Self.red)
    }

    @Test func slideCoverAndRevealMoveByWholePixels() {
        // round(0.3 · 40) = 12: B's right edge at 12, A from 12 on.
        let slide = run(.slide(.left), 0.3)
        #expect(pixel(slide, 11, 0) == Self.blue && pixel(slide, 12, 0) == Self.red && pixel(slide, 39, 0) == Self.red)
        let cover = run(.cover(.top), 0.5)
        #expect(pixel(cover, 0, 9) == Self.blue && pixel(cover, 0, 10) == Self.red)
        let reveal = run(.reveal(.right), 0.25)
        #expect(pixel(reveal, 29, 0) == Self.red && pixel(reveal, 30, 0) == Self.blue)
    }

    @Test func irisAndClockWipeShowBInsideTheirShapes() {
        let iris = run(.iris, 0.3)
        #expect(pixel(iris, 20, 10) == Self.blue && pixel(iris, 0, 0) == Self.red)
        // A quarter turn from 12 o'clock: the top-right quarter is B, the top-left still A.
        let clock = run(.clockWipe, 0.25)
        #expect(pixel(clock, 30, 2) == Self.blue && pixel(clock, 10, 2) == Self.red && pixel(clock, 30, 17) == Self.red)
    }

    @Test func zoomGrowsAOutAndBIn() {
        #expect(pixel(run(.zoom, 0), 20, 10) == Self.red)
        // Halfway: B at three quarters of its size and half opacity over A grown 1.5 times at
        // half opacity; the corner lies outside B, so A alone shows there.
        let half = run(.zoom, 0.5)
        #expect(pixel(half, 0, 0) == TransitionPixels.scaled(Self.red, 128))
        #expect(
            pixel(half, 20, 10)
                == TransitionPixels.over(TransitionPixels.scaled(Self.blue, 128), TransitionPixels.scaled(Self.red, 128)))
        #expect(pixel(run(.zoom, 1), 0, 0) == Self.blue)
    }
}
