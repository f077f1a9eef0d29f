import Foundation
import ReelCore
import ReelTimeline
import Testing

/// A `CAEmitterLayer`'s particles on pixels: drawn above everything else the layer draws, in
/// the order of its `renderMode`, added for `additive`, under the layer's opacity and clip;
/// and the example's three effects against goldens.
@Suite struct EmitterRuleTests {
    static let timelines = GoldenImage.repository.appendingPathComponent("Timelines")

    /// Two particles on one spot (birthRate 2 from time 0, no velocity), a white 8x16 image
    /// tinted black with redSpeed 1: at 1 s the older (age 0.75) is red 191, the newer 64.
    func render(_ keys: String, layer: String = "", frame: String = "[0, 0, 100, 100]", at time: Double = 1) throws -> PixelBuffer
    {
        let json =
            ##"{"canvas": {"width": 100, "height": 100, "duration": 2, "background": "#000000"}, "##
            + #""assets": {"piece": {"path": "assets/particles/confetti.png"}}, "layers": [{"id": "e", "class": "CAEmitterLayer", "#
            + #""frame": \#(frame), "emitterPosition": [50, 50], \#(keys) "emitterCells": [{"name": "c", "contents": "piece", "#
            + #""birthRate": 2, "lifetime": 10, "color": [0, 0, 0, 1], "redSpeed": 1}]\#(layer)}]}"#
        let t = try Timeline.decode(json, file: "test.json", baseDirectory: Self.timelines.path)
        let buffer = PixelBuffer(width: 100, height: 100)
        RenderHarness.render(t, at: time, into: buffer)
        return buffer
    }

    @Test func renderModesOrderParticlesByBirth() throws {
        for mode in ["unordered", "oldestFirst", "backToFront"] {
            #expect(try render(#""renderMode": "\#(mode)","#).pixel(x: 50, y: 50) == (64, 0, 0, 255), "\(mode)")
        }
        #expect(try render(#""renderMode": "oldestLast","#).pixel(x: 50, y: 50) == (191, 0, 0, 255))
        // Added: 191 + 64.
        #expect(try render(#""renderMode": "additive","#).pixel(x: 50, y: 50) == (255, 0, 0, 255))
        // The image is 8 wide and 16 high, centred: (46...53, 42...57).
        let image = try render("")
        #expect(image.pixel(x: 46, y: 42) == (64, 0, 0, 255) && image.pixel(x: 53, y: 57) == (64, 0, 0, 255))
        #expect(image.pixel(x: 45, y: 50) == (0, 0, 0, 255) && image.pixel(x: 50, y: 58) == (0, 0, 0, 255))
    }

    /// Particles lie above the layer's background, sublayers and border.
    @Test func particlesAreTheTopOfTheLayer() throws {
        let image = try render(
            ##""backgroundColor": "#00FF00", "borderWidth": 60, "borderColor": "#0000FF","##,
            layer: ##", "sublayers": [{"id": "s", "frame": [0, 0, 100, 100], "backgroundColor": "#FFFFFF"}]"##)
        #expect(image.pixel(x: 50, y: 50) == (64, 0, 0, 255))
        #expect(image.pixel(x: 5, y: 5) == (0, 0, 255, 255))
    }

    /// Faded as one picture (the particles overlap), or each on its own without group
    /// opacity; cut by masksToBounds; scaled by the layer's transform.
    @Test func opacityClipAndTransformApplyToParticles() throws {
        #expect(try render(#""opacity": 0.5,"#).pixel(x: 50, y: 50) == (32, 0, 0, 255))
        // Each faded: 191 / 2 = 96 below, then 32 + 96 / 2.
        #expect(try render(#""opacity": 0.5, "allowsGroupOpacity": false,"#).pixel(x: 50, y: 50) == (80, 0, 0, 255))
        #expect(try render(#""masksToBounds": true,"#, frame: "[0, 0, 40, 40]").pixel(x: 50, y: 50) == (0, 0, 0, 255))
        // Twice the size about the middle: 16 wide.
        let big = try render(#""transform": {"scale": 2},"#)
        #expect(big.pixel(x: 42, y: 50) == (64, 0, 0, 255) && big.pixel(x: 41, y: 50) == (0, 0, 0, 255))
    }

    /// Positive spin turns clockwise on screen, like every rotation in Reel: the 8x16 piece,
    /// born at 0.5 s (one a second), has turned 1.2 rad/s x 1.05 s = 72 degrees at 1.55 s, so
    /// its top end lies up and to the right of the centre, not up and to the left. The
    /// layer's `spin` multiplies the cell's the same way.
    @Test(arguments: [("1.2", "1"), ("0.6", "2")])
    func positiveSpinTurnsClockwise(cellSpin: String, layerSpin: String) throws {
        let json =
            ##"{"canvas": {"width": 100, "height": 100, "duration": 2, "background": "#000000"}, "##
            + #""assets": {"piece": {"path": "assets/particles/confetti.png"}}, "layers": [{"id": "e", "class": "CAEmitterLayer", "#
            + #""frame": [0, 0, 100, 100], "emitterPosition": [50, 50], "spin": \#(layerSpin), "#
            + #""emitterCells": [{"name": "c", "contents": "piece", "birthRate": 1, "lifetime": 10, "spin": \#(cellSpin)}]}]}"#
        let t = try Timeline.decode(json, file: "test.json", baseDirectory: Self.timelines.path)
        let image = PixelBuffer(width: 100, height: 100)
        RenderHarness.render(t, at: 1.55, into: image)
        // (0, -7) from the centre turned 72 degrees clockwise: (6.7, -2.2).
        #expect(image.pixel(x: 56, y: 47).r > 200)
        #expect(image.pixel(x: 42, y: 47).r == 0)
    }

    /// `Timelines/particles.json`'s three effects (snow over the title, the confetti burst,
    /// sparks added) at two times each, at half size. Tolerance 0: the frames are pure
    /// functions of time, drawn by Reel's own kernels.
    @Test(arguments: [("snow", 1.2), ("snow", 4.0), ("confetti", 1.2), ("confetti", 4.0), ("sparks", 1.2), ("sparks", 4.0)])
    func exampleEffects(effect: String, time: Double) throws {
        var t = try Timeline.load(contentsOf: Self.timelines.appendingPathComponent("particles.json").path)
        t.layers = t.layers.filter { $0.model.id == effect || (effect == "snow" && $0.model.id == "title") }
        t.canvas.scale = 0.5
        let buffer = PixelBuffer(width: t.canvas.pixelWidth, height: t.canvas.pixelHeight)
        RenderHarness.render(t, at: time, into: buffer)
        try GoldenImage.check(buffer, golden: "particles/\(effect)-\(time)", .init(tolerance: 0))
    }
}
