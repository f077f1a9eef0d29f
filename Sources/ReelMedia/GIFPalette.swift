import CFFmpeg
import ReelCore

/// The first of the two passes a GIF takes: every frame's colours counted (libavfilter's
/// `palettegen`), then the 256 colours that serve the whole animation best, as a 16x16 picture
/// for `GIFEncoder`. Keeps a histogram, not the frames: memory does not grow with the length.
public final class GIFPalette {
    private let graph: FilterGraph
    private var nextPTS: Int64 = 0

    public init(width: Int, height: Int, frameRate: FrameRate) throws(FFmpegError) {
        graph = try FilterGraph(
            filter: "palettegen", options: "max_colors=256:stats_mode=full",
            inputs: [(width, height, OutputFormat.gif.pixelFormat)], frameRate: frameRate)
    }

    /// Counts the colours of the next frame (RGBA).
    public func add(_ frame: VideoFrame) throws(FFmpegError) {
        frame.frame.pointee.pts = nextPTS
        nextPTS += 1
        try graph.push(frame.frame)
        try graph.drain { _ in }
    }

    /// The palette, once every frame was added.
    public func make() throws(FFmpegError) -> VideoFrame {
        try graph.close()
        var palette: VideoFrame?
        try graph.drain { frame throws(FFmpegError) in palette = try VideoFrame(referencing: frame) }
        guard let palette else { throw FFmpegError(call: "palettegen", message: "no palette came out (no frames?)") }
        return palette
    }
}
