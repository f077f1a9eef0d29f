import Foundation
import Reel
import ReelBuilder
import ReelCore
import ReelLayers
import ReelTimeline
import Testing

/// A confetti burst built in a few lines of Swift is the timeline its JSON twin writes, and draws.
@Suite struct EmitterBuilderTests {
    static let timelines = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Timelines").standardized.path

    @Test func aConfettiBurstInAFewLines() throws {
        var piece = EmitterCell.burst("piece", image: "confetti", count: 200, at: 0.5, lifetime: 3)
        (piece.velocity, piece.velocityRange, piece.emissionRange, piece.yAcceleration) = (300, 150, .pi, 400)
        (piece.spin, piece.spinRange, piece.blueRange, piece.greenRange) = (3, 8, 1, 1)
        let built = try TimelineDocument(name: "burst", width: 320, height: 180, fps: 10, duration: 2) {
            LayerDocument("burst", class: .emitterLayer).frame(0, 0, 320, 180)
                .emitter(position: 160, 90, size: Size(width: 40, height: 10), shape: .rectangle).seed(9)
                .emitterCells([piece])
        }
        .asset("confetti", path: "assets/particles/confetti.png").build(baseDirectory: Self.timelines)
        let twin = try Timeline.decode(
            #"""
            {"version": 1, "name": "burst", "canvas": {"width": 320, "height": 180, "fps": 10, "duration": 2},
             "assets": {"confetti": {"path": "assets/particles/confetti.png"}},
             "layers": [{"id": "burst", "class": "CAEmitterLayer", "frame": [0, 0, 320, 180], "emitterPosition": [160, 90],
               "emitterSize": [40, 10], "emitterShape": "rectangle", "seed": 9,
               "emitterCells": [{"name": "piece", "contents": "confetti", "birthRate": 800, "beginTime": 0.5, "duration": 0.25,
                 "lifetime": 3, "velocity": 300, "velocityRange": 150, "emissionRange": 3.141592653589793,
                 "yAcceleration": 400, "spin": 3, "spinRange": 8, "greenRange": 1, "blueRange": 1}]}]}
            """#, baseDirectory: Self.timelines)
        #expect(built.layers == twin.layers)
        // All 200 born by 0.75 s, none before 0.5 s.
        #expect(built.layers[0].presentation(at: 0.4).emitter.particles.isEmpty)
        #expect(built.layers[0].presentation(at: 1).emitter.particles.count == 200)
        let frame = PixelBuffer(width: 320, height: 180)
        try FrameRenderer(timeline: built).render(time: 0.8, into: frame)
        let lit = (0..<180).reduce(0) { n, y in n + (0..<320).filter { frame.pixel(x: $0, y: y).a > 0 }.count }
        #expect(lit > 1000)
    }
}
