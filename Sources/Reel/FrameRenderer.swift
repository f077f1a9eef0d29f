import ReelCore
import ReelRender
import ReelTimeline

/// Turns a timeline and a time into pixels: evaluate the layer tree, then draw it.
/// One per thread; it reuses its renderer's scratch memory from frame to frame.
public final class FrameRenderer {
    public let timeline: Timeline
    /// The timeline's decoded images, shared between renderers.
    public let images: [String: Image]
    private let renderer = LayerRenderer()

    public init(timeline: Timeline, images: [String: Image]) {
        self.timeline = timeline
        self.images = images
    }

    /// A renderer that decodes the timeline's images itself.
    public convenience init(timeline: Timeline) throws {
        self.init(timeline: timeline, images: try TimelineAssets.load(timeline))
    }

    /// A new buffer the canvas's pixel size.
    public func makeBuffer() -> PixelBuffer {
        PixelBuffer(width: timeline.canvas.pixelWidth, height: timeline.canvas.pixelHeight)
    }

    /// Renders the frame at `time` seconds into `buffer`.
    public func render(time: Double, into buffer: PixelBuffer) {
        renderer.render(timeline.presentation(at: time), into: buffer, scale: timeline.canvas.scale, images: images)
    }

    /// Renders the frame at `time` seconds into a new buffer.
    public func render(time: Double) -> PixelBuffer {
        let buffer = makeBuffer()
        render(time: time, into: buffer)
        return buffer
    }
}
