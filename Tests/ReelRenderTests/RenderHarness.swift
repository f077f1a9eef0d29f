import ReelCore
import ReelLayers
import ReelRender
import ReelTimeline

@testable import Reel

/// How the render tests draw: through `FrameRenderer`, the one renderer Reel has.
enum RenderHarness {
    /// A timeline's frame with its images decoded (what `reel frame` does, minus the PNG).
    static func render(_ timeline: Timeline, at time: Double, into buffer: PixelBuffer) {
        // Every test timeline's assets are committed files; failing to decode one is a test failure.
        try! FrameRenderer(timeline: timeline).render(time: time, into: buffer)
    }

    /// A renderer of layer trees onto a canvas of `width` x `height` pixels at scale 1; the
    /// switches as `FrameRenderer` has them for the references it is tested against.
    static func renderer(
        width: Int, height: Int, assets: DrawingAssets = DrawingAssets(), keepsShadows: Bool = true, drawsByRows: Bool = true
    ) -> FrameRenderer {
        FrameRenderer(
            canvas: Canvas(width: Double(width), height: Double(height), duration: 1), assets: assets,
            keepsShadows: keepsShadows, drawsByRows: drawsByRows)
    }
}
