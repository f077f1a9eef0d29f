import CFFmpeg
import ReelCore

/// Converts premultiplied RGBA frames to a format with alpha (yuva444p10le for ProRes 4444,
/// yuva420p for VP9) through libswscale: each row is first made straight-alpha, as these
/// formats define alpha, then converted with BT.709 coefficients to limited-range YUV and a
/// full-range alpha plane. Whole frames at a time; a converter keeps its scratch: one per thread.
public final class AlphaConverter {
    public let width: Int
    public let height: Int
    public let format: OutputFormat
    /// The format's pixel format, as libav numbers it.
    private let pixelFormat: AVPixelFormat
    private let scaler: OpaquePointer
    /// The frame, straight alpha, RGBA bytes.
    private let straight: PixelBuffer

    public init(width: Int, height: Int, format: OutputFormat) throws(FFmpegError) {
        let target = av_get_pix_fmt(format.pixelFormat)
        guard width > 0, height > 0, target != AV_PIX_FMT_NONE,
            let scaler = sws_getContext(
                Int32(width), Int32(height), AV_PIX_FMT_RGBA, Int32(width), Int32(height), target,
                SWS_BILINEAR | SWS_ACCURATE_RND | SWS_FULL_CHR_H_INT, nil, nil, nil)
        else {
            throw FFmpegError(
                call: "sws_getContext", message: "RGBA to \(format.pixelFormat) at \(width)x\(height) is not supported")
        }
        // RGB in full range; YUV out in limited range, BT.709.
        let table = sws_getCoefficients(SWS_CS_ITU709)
        let status = sws_setColorspaceDetails(scaler, table, 1, table, 0, 0, 1 << 16, 1 << 16)
        guard status >= 0 else {
            sws_freeContext(scaler)
            throw FFmpegError(call: "sws_setColorspaceDetails", message: "BT.709 limited range is not supported here")
        }
        (self.width, self.height, self.format, self.pixelFormat, self.scaler) = (width, height, format, target, scaler)
        straight = PixelBuffer(width: width, height: height)
    }

    deinit { sws_freeContext(scaler) }

    /// A frame of the format's pixel format and this converter's size, for `convert` to fill.
    public func makeFrame() throws(FFmpegError) -> VideoFrame {
        try VideoFrame(width: width, height: height, format: pixelFormat)
    }

    /// Writes premultiplied `buffer` into `frame` (from `makeFrame`, or one the encoder let go of).
    public func convert(_ buffer: PixelBuffer, into frame: VideoFrame) throws(FFmpegError) {
        guard buffer.width == width, buffer.height == height, frame.width == width, frame.height == height else {
            throw FFmpegError(
                call: "AlphaConverter.convert",
                message:
                    "a \(width)x\(height) converter got a \(buffer.width)x\(buffer.height) buffer and a \(frame.width)x\(frame.height) frame"
            )
        }
        for y in 0..<height { buffer.unpremultiplyRow(y, into: straight.row(y)) }
        try FFmpegError.check(av_frame_make_writable(frame.frame), "av_frame_make_writable")
        let source: [UnsafePointer<UInt8>?] = [UnsafePointer(straight.bytes.assumingMemoryBound(to: UInt8.self)), nil, nil, nil]
        let sourceStride: [Int32] = [Int32(straight.stride), 0, 0, 0]
        let rows = frame.withPlanes { planes, strides in
            sws_scale(scaler, source, sourceStride, 0, Int32(height), planes, strides)
        }
        try FFmpegError.check(rows, "sws_scale")
    }
}
