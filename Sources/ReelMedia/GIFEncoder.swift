import CFFmpeg
import ReelCore

/// The second pass of a GIF: each RGBA frame mapped to the palette `GIFPalette` made
/// (libavfilter's `paletteuse`, with the dithering asked for), then encoded and muxed by a
/// `VideoEncoder` for the GIF format.
public final class GIFEncoder: FrameEncoder {
    /// The dithering `--dither` may choose, libavfilter's names; the first is the default.
    public static let ditherings = ["sierra2_4a", "sierra2", "floyd_steinberg", "bayer", "none"]

    private let graph: FilterGraph
    private let encoder: VideoEncoder
    private var nextPTS: Int64 = 0

    public init(path: String, settings: VideoSettings, palette: VideoFrame, dither: String) throws(FFmpegError) {
        guard Self.ditherings.contains(dither) else {
            throw FFmpegError(call: "paletteuse", message: "no dithering named \(dither)")
        }
        graph = try FilterGraph(
            filter: "paletteuse", options: "dither=\(dither)",
            inputs: [
                (settings.width, settings.height, settings.format.pixelFormat),
                (palette.width, palette.height, palette.pixelFormatName)
            ],
            frameRate: settings.frameRate)
        palette.frame.pointee.pts = 0
        try graph.push(palette.frame, input: 1)
        try graph.close(input: 1)
        encoder = try VideoEncoder(path: path, settings: settings)
    }

    public func encode(_ frame: VideoFrame) throws(FFmpegError) {
        frame.frame.pointee.pts = nextPTS
        nextPTS += 1
        try graph.push(frame.frame)
        try drain()
    }

    public func finish() throws(FFmpegError) {
        try graph.close()
        try drain()
        try encoder.finish()
    }

    private func drain() throws(FFmpegError) {
        try graph.drain { mapped throws(FFmpegError) in try encoder.encode(VideoFrame(referencing: mapped)) }
    }
}
