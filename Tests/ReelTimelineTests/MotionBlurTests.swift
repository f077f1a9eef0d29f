import ReelCore
import Testing

@testable import ReelTimeline

/// The shutter's sub-frame times: t_k = t0 + (phase + angle · (k + ½) / samples) / 360 / fps, clamped.
@Suite struct MotionBlurTests {
    @Test func theDefaultsCentreAHalfFrameShutterOnTheFrame() {
        // 180°, −90°, 16 samples at 10 fps: from t0 − 1/40 s to t0 + 1/40 s, a sample every 1/320 s.
        let times = MotionBlur().exposure(at: 1, fps: FrameRate(numerator: 10), duration: 2)
        #expect(times.count == 16)
        for (k, t) in times.enumerated() {
            #expect(abs(t - (1 + (-90 + 180 * (Double(k) + 0.5) / 16) / 360 / 10)) < 1e-12)
        }
        #expect(abs(times.reduce(0, +) / 16 - 1) < 1e-12)
    }

    @Test func timesAreClampedToTheTimeline() {
        let blur = MotionBlur(shutterAngle: 720, shutterPhase: 0, samples: 4)
        let fps = FrameRate(numerator: 30000, denominator: 1001)
        let times = blur.exposure(at: 1.99, fps: fps, duration: 2)
        #expect(times.first! > 1.99 && times.last == 2)
        #expect(MotionBlur(shutterPhase: -360).exposure(at: 0, fps: fps, duration: 2).allSatisfy { $0 == 0 })
    }

    @Test func aCanvasWithoutMotionBlurExposesTheFrameItself() {
        var canvas = Canvas(width: 10, height: 10, fps: FrameRate(numerator: 10), duration: 1)
        #expect(canvas.exposure(at: 0.5) == [0.5])
        canvas.motionBlur = MotionBlur(samples: 2)
        #expect(canvas.exposure(at: 0.5).count == 2)
    }
}
