import Foundation
import ReelCore
import ReelLayers
import ReelRaster
import ReelTimeline
import Testing

@testable import Reel
@testable import ReelRender

/// Kept results: shadow masks made once in layer space and drawn through the layer's
/// transform, `shouldRasterize` bitmaps, scratch memory. Resampled results stay within
/// 2 levels of doing the work every frame; exact ones give the same bytes; nothing a
/// renderer keeps changes a frame's pixels or grows with the number of frames.
@Suite struct ShadowCacheTests {
    /// The bench scene's card: rounded, bordered, a soft offset shadow, faded as a group.
    func card(angle degrees: Double, scale: Double = 1, shadowPath: Bool = false) -> Layer {
        var card = Layer(id: "card")
        card.bounds = Rect(x: 0, y: 0, width: 240, height: 160)
        card.position = Point(x: 250.3, y: 210.7)
        card.transform = Transform3D.scale(scale, scale).concatenating(.rotation(degrees * .pi / 180, x: 0, y: 0, z: 1))
        card.cornerRadius = 20
        card.backgroundColor = Color(red: 0.2, green: 0.6, blue: 0.86)
        card.borderWidth = 4
        card.borderColor = .white
        card.shadowOpacity = 0.5
        card.shadowRadius = 6
        card.shadowOffset = Size(width: 0, height: 8)
        card.opacity = 0.7
        if shadowPath { card.shadowPath = Path(roundedRect: card.bounds, cornerRadius: 20) }
        var root = Layer(id: "root")
        root.bounds = Rect(x: 0, y: 0, width: 500, height: 420)
        root.position = Point(x: 250, y: 210)
        root.backgroundColor = Color(red: 30 / 255, green: 30 / 255, blue: 40 / 255)
        root.sublayers = [card]
        return root
    }

    func render(_ root: Layer, _ renderer: FrameRenderer) -> PixelBuffer {
        let buffer = PixelBuffer(width: 500, height: 420)
        renderer.render(root, into: buffer)
        return buffer
    }

    func renderer(keepsShadows: Bool = true) -> FrameRenderer {
        RenderHarness.renderer(width: 500, height: 420, keepsShadows: keepsShadows)
    }

    func maxDifference(_ a: PixelBuffer, _ b: PixelBuffer) -> Int {
        zip(a.packedBytes, b.packedBytes).reduce(0) { max($0, abs(Int($1.0) - Int($1.1))) }
    }

    @Test(arguments: [0.0, 7.5, 30, 45, -23, 90, 161])
    func keptShadowIsWithinTwoLevelsOfBlurringEachFrame(angle: Double) {
        for (scale, path) in [(1.0, false), (1.0, true), (1.37, false), (0.6, true)] {
            let root = card(angle: angle, scale: scale, shadowPath: path)
            let kept = render(root, renderer())
            let blurred = render(root, renderer(keepsShadows: false))
            #expect(maxDifference(kept, blurred) <= 2, "angle \(angle), scale \(scale), shadowPath \(path)")
        }
    }

    /// Group opacity off: the elements fade one by one (the sublayer over the background adds
    /// up to more alpha), but the shadow is made from the unfaded picture and faded once, by
    /// both the kept mask and the per-frame blur, which agree within 2 levels.
    @Test func shadowOfElementsFadedOneByOneComesFromTheUnfadedPicture() {
        var root = card(angle: 12)
        root.sublayers[0].allowsGroupOpacity = false
        root.sublayers[0].borderWidth = 0
        root.sublayers[0].opacity = 0.4
        root.sublayers[0].shadowOpacity = 1
        var inner = Layer(id: "inner")
        inner.frame = Rect(x: 40, y: 30, width: 120, height: 80)
        inner.backgroundColor = .white
        root.sublayers[0].sublayers = [inner]
        let kept = render(root, renderer())
        let blurred = render(root, renderer(keepsShadows: false))
        #expect(maxDifference(kept, blurred) <= 2)
    }

    @Test func keptShadowIsReusedAcrossFramesAndDropsWhenUnused() throws {
        let warm = renderer()
        _ = render(card(angle: 10), warm)
        let afterOne = warm.retainedBytes
        for angle in stride(from: 11.0, to: 40, by: 1) { _ = render(card(angle: angle), warm) }
        #expect(warm.retainedBytes == afterOne, "one mask serves every angle")
        // A fresh renderer and a warm one draw the same bytes.
        #expect(render(card(angle: 40), warm).packedBytes == render(card(angle: 40), renderer()).packedBytes)
    }

    /// Found by the fuzzer: a layer millions of points wide casting the shadow of a small
    /// sublayer made a mask as wide as the layer (13 s, 1.8 GB). Such a shadow is not kept:
    /// it is blurred in device space, bounded by the frame.
    @Test func aShadowTooLargeToKeepIsDrawnInDeviceSpace() {
        var root = card(angle: 0)
        root.sublayers[0].bounds.size.width = 8_554_200
        root.sublayers[0].backgroundColor = nil
        root.sublayers[0].borderWidth = 0
        var inner = Layer(id: "inner")
        inner.frame = Rect(x: 0, y: 0, width: 100, height: 100)
        inner.backgroundColor = .white
        root.sublayers[0].sublayers = [inner]
        func keepsAShadow(_ root: Layer) -> Bool {
            FramePlanner().plan(root, width: 500, height: 420, scale: 1).steps.contains { step in
                guard case .shadow(let shadow) = step.operation, case .cached = shadow.shape else { return false }
                return true
            }
        }
        #expect(keepsAShadow(card(angle: 0)))
        #expect(!keepsAShadow(root))
        #expect(render(root, renderer()).packedBytes == render(root, renderer(keepsShadows: false)).packedBytes)
    }

    @Test func rasterizedBitmapsGiveTheSameBytesKeptOrNot() {
        var root = card(angle: 12)
        root.sublayers[0].shouldRasterize = true
        root.sublayers[0].rasterizationScale = 2
        let warm = renderer()
        _ = render(root, warm)
        root.sublayers[0].position.x += 3.25
        root.sublayers[0].opacity = 0.4
        #expect(render(root, warm).packedBytes == render(root, renderer()).packedBytes)
    }

    /// A frame's bytes do not depend on the frames a worker drew before it.
    @Test func benchFrameIsTheSameAfterOtherFrames() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "../../Timelines/bench/cards.json")
        let timeline = try Timeline.load(contentsOf: url.standardized.path)
        let warm = try FrameRenderer(timeline: timeline)
        for frame in [0, 40, 74] { _ = warm.render(time: timeline.canvas.fps.time(ofFrame: frame)) }
        let time = timeline.canvas.fps.time(ofFrame: 75)
        #expect(warm.render(time: time).packedBytes == (try FrameRenderer(timeline: timeline)).render(time: time).packedBytes)
    }
}
