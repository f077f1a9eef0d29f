import Foundation
import Testing
import ReelCore
import ReelLayers
import ReelTimeline

/// The seed chapters' listings as timelines (`Timelines/seeds/`), rendered and compared with
/// goldens Reel recorded and a person checked against the seed text. Exact integer paths:
/// tolerance 2 only absorbs floating-point differences between compilers and CPUs.
@Suite struct SeedGoldenTests {
    static let seeds = GoldenImage.repository.appendingPathComponent("Timelines/seeds")
    static let exact = GoldenImage.Tolerance(tolerance: 2)

    @Test(arguments: [
        ("3-anchorPoint", 4.2), ("3-zPosition", 0), ("3-geometryFlipped", 0), ("3-hitTest", 0),
        ("4.1-cornerRadius", 0), ("4.2-borders", 0), ("4.7-groupOpacity", 0),
    ])
    func rendersAsRecorded(name: String, time: Double) throws {
        try GoldenImage.checkTimeline(Self.seeds.appendingPathComponent(name + ".json"), at: time, golden: "seeds/\(name)", Self.exact)
    }

    func render(_ name: String, at time: Double = 0) throws -> PixelBuffer {
        let timeline = try Timeline.load(contentsOf: Self.seeds.appendingPathComponent(name + ".json").path)
        let buffer = PixelBuffer(width: timeline.canvas.pixelWidth, height: timeline.canvas.pixelHeight)
        LayerRendererHarness.render(timeline, at: time, into: buffer)
        return buffer
    }

    /// 4.1: only the right view, with masksToBounds, cuts its red sublayers at the rounded corner.
    @Test func onlyTheClippingViewCutsItsSublayers() throws {
        let image = try render("4.1-cornerRadius")
        // The red sublayer poking out at the bottom left: x = 50 - 30 + 10, y = 50 + 120 + 90.
        #expect(image.pixel(x: 30, y: 260) == (255, 0, 0, 255))     // left view: pokes out
        #expect(image.pixel(x: 290, y: 260) == (176, 176, 176, 255)) // right view: cut off (background grey)
        #expect(image.pixel(x: 312, y: 248) == (176, 176, 176, 255)) // and cut along the rounded corner
        #expect(image.pixel(x: 330, y: 230) == (255, 0, 0, 255))     // inside the bounds it shows
    }

    /// 4.7: at half opacity without group opacity the white label adds up to 75% and shows
    /// through; grouped or rasterized the button fades as one picture and it does not.
    @Test func groupedButtonHidesItsLabel() throws {
        let image = try render("4.7-groupOpacity")
        let y = 140   // a row through the label, above its "text"
        let faded = (button: image.pixel(x: 270 - 70, y: y), label: image.pixel(x: 270 - 50, y: y))
        #expect(faded.label.r > faded.button.r + 20)
        for x in [440, 610] {
            let button = image.pixel(x: x - 70, y: y), label = image.pixel(x: x - 50, y: y)
            #expect(abs(Int(label.r) - Int(button.r)) <= 1, "button at \(x)")
        }
    }
}

import ReelRender

/// Renders a timeline frame with the layer renderer (what `reel frame` does, minus the PNG).
enum LayerRendererHarness {
    static func render(_ timeline: Timeline, at time: Double, into buffer: PixelBuffer) {
        LayerRenderer().render(timeline.presentation(at: time), into: buffer, scale: timeline.canvas.scale)
    }
}
