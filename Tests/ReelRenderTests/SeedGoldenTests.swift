import Foundation
import Reel
import ReelCore
import ReelLayers
import ReelTimeline
import Testing

/// The seed chapters' listings as timelines (`Timelines/seeds/`), rendered and compared with
/// goldens Reel recorded and a person checked against the seed text. Exact integer paths:
/// tolerance 2 only absorbs floating-point differences between compilers and CPUs.
@Suite struct SeedGoldenTests {
    static let seeds = GoldenImage.repository.appendingPathComponent("Timelines/seeds")
    static let exact = GoldenImage.Tolerance(tolerance: 2)

    @Test(arguments: [
        ("3-anchorPoint", 4.2), ("3-zPosition", 0), ("3-geometryFlipped", 0), ("3-hitTest", 0),
        ("4.1-cornerRadius", 0), ("4.2-borders", 0), ("4.7-groupOpacity", 0),
        ("2-contents", 0), ("4.3-shadowClipping", 0), ("4.4-shadowPath", 0), ("4.5-mask", 0), ("4.6-lcdDigits", 3.5)
    ])
    func rendersAsRecorded(name: String, time: Double) throws {
        try GoldenImage.checkTimeline(
            Self.seeds.appendingPathComponent(name + ".json"), at: time, golden: "seeds/\(name)", Self.exact)
    }

    func render(_ name: String, at time: Double = 0) throws -> PixelBuffer {
        let timeline = try Timeline.load(contentsOf: Self.seeds.appendingPathComponent(name + ".json").path)
        let buffer = PixelBuffer(width: timeline.canvas.pixelWidth, height: timeline.canvas.pixelHeight)
        RenderHarness.render(timeline, at: time, into: buffer)
        return buffer
    }

    /// 4.1: only the right view, with masksToBounds, cuts its red sublayers at the rounded corner.
    @Test func onlyTheClippingViewCutsItsSublayers() throws {
        let image = try render("4.1-cornerRadius")
        // The red sublayer poking out at the bottom left: x = 50 - 30 + 10, y = 50 + 120 + 90.
        #expect(image.pixel(x: 30, y: 260) == (255, 0, 0, 255))  // left view: pokes out
        #expect(image.pixel(x: 290, y: 260) == (176, 176, 176, 255))  // right view: cut off (background grey)
        #expect(image.pixel(x: 312, y: 248) == (176, 176, 176, 255))  // and cut along the rounded corner
        #expect(image.pixel(x: 330, y: 230) == (255, 0, 0, 255))  // inside the bounds it shows
    }

    /// 4.3: the clipping view's own shadow is cut away with everything outside its bounds; the
    /// outer shadow layer of the fix casts it again.
    @Test func clippedShadowIsGoneAndTheFixBringsItBack() throws {
        let image = try render("4.3-shadowClipping")
        let background = image.pixel(x: 150, y: 280)  // well below both views
        #expect(background == (176, 176, 176, 255))
        // 4 px below the bottom edge (y = 250), in the middle of each view: the shadow falls 5 down.
        #expect(image.pixel(x: 150, y: 254) == background)
        #expect(Int(image.pixel(x: 410, y: 254).r) < 176 - 20)
    }

    /// 4.6: magnified 5x, linear filtering smears the digits' pixel edges into in-between
    /// colours; nearest keeps only the sprite sheet's own colours.
    @Test func nearestDigitsAreCrispLinearAreBlurry() throws {
        let image = try render("4.6-lcdDigits", at: 3.5)
        func colours(_ rows: Range<Int>) -> Int {
            var seen = Set<UInt32>()
            for y in rows { for x in 40..<600 { seen.insert(image.row(y)[x]) } }
            return seen.count
        }
        let linear = colours(20..<120)
        let nearest = colours(140..<240)
        #expect(nearest <= 4, "nearest shows \(nearest) colours")
        #expect(linear > 20, "linear shows \(linear) colours")
    }

    /// 4.7: at half opacity without group opacity the white label adds up to 75% and shows
    /// through; grouped or rasterized the button fades as one picture and it does not.
    @Test func groupedButtonHidesItsLabel() throws {
        let image = try render("4.7-groupOpacity")
        let y = 140  // a row through the label, above its "text"
        let faded = (button: image.pixel(x: 270 - 70, y: y), label: image.pixel(x: 270 - 50, y: y))
        #expect(faded.label.r > faded.button.r + 20)
        for x in [440, 610] {
            let button = image.pixel(x: x - 70, y: y)
            let label = image.pixel(x: x - 50, y: y)
            #expect(abs(Int(label.r) - Int(button.r)) <= 1, "button at \(x)")
        }
    }
}
