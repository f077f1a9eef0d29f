import ReelTimeline
import Testing

@testable import ReelLottie

/// After Effects' motion blur: a layer with `mb` is exposed over the composition's shutter (`mb`: sa, sp, spf).
@Suite struct MotionBlurMappingTests {
    typealias F = LottieFixture

    /// A 10-wide square crossing the 40-wide canvas in 10 frames, its layer's `mb` as given.
    private func document(mb: String, shutter: String = "") -> String {
        let ks =
            #"{"p": {"a": 1, "k": [{"t": 0, "s": [5, 20], "o": {"x": 0, "y": 0}, "i": {"x": 1, "y": 1}}, {"t": 10, "s": [35, 20]}]}}"#
        return F.document(
            F.shapeLayer([F.rect(0, 0, 10, 10), F.fill(1, 1, 1)].joined(separator: ","), ks: ks, extra: mb), extra: shutter)
    }

    private func blurs(_ layers: [AnimatedLayer]) -> [MotionBlur] {
        layers.flatMap { ($0.motionBlur.map { [$0] } ?? []) + blurs($0.sublayers) }
    }

    @Test func aLayersSwitchTakesTheCompositionsShutter() throws {
        let t = try F.timeline(document(mb: #", "mb": true"#, shutter: #", "mb": {"sa": 360, "sp": 0, "spf": 4}"#))
        #expect(blurs(t.layers) == [MotionBlur(shutterAngle: 360, shutterPhase: 0, samples: 4)])
        #expect(blurs(try F.timeline(document(mb: #", "mb": true"#)).layers) == [MotionBlur()])
        #expect(blurs(try F.timeline(document(mb: "")).layers).isEmpty)
    }

    @Test func theBlurredLayersEdgesRamp() throws {
        // 3 points a frame; a 360° shutter from the frame's time spreads the right edge over 3 pixels.
        let blurred = try F.render(document(mb: #", "mb": true"#, shutter: #", "mb": {"sa": 360, "sp": 0, "spf": 8}"#), frame: 5)
        let sharp = try F.render(document(mb: ""), frame: 5)
        #expect(sharp.rgba(24, 20) == [255, 255, 255, 255] && sharp.rgba(26, 20) == [0, 0, 0, 0])
        let ramp = blurred.rgba(26, 20)[3]
        #expect(ramp > 0 && ramp < 255, "\(ramp)")
    }
}
