import CFFmpeg
import ReelCore

/// Converts premultiplied RGBA frames to video's BT.709 limited-range YUV 4:2:0 with
/// libswscale. Premultiplied colour is what an opaque picture shows; over black otherwise.
/// One converter per thread (a SwsContext is not shareable).
public final class ColorConverter {
    private let context: OpaquePointer
    public let width: Int
    public let height: Int

    public init(width: Int, height: Int) throws(FFmpegError) {
        self.width = width
        self.height = height
        guard let ctx = sws_getContext(Int32(width), Int32(height), AV_PIX_FMT_RGBA, Int32(width), Int32(height), AV_PIX_FMT_YUV420P,
                                       SWS_BILINEAR | SWS_ACCURATE_RND | SWS_FULL_CHR_H_INP, nil, nil, nil) else {
            throw FFmpegError(call: "sws_getContext", message: "RGBA to yuv420p at \(width)x\(height) is not supported")
        }
        context = ctx
        let bt709 = sws_getCoefficients(SWS_CS_ITU709)
        // Source: full-range RGB; destination: BT.709 matrix, limited (MPEG) range.
        try FFmpegError.check(sws_setColorspaceDetails(ctx, bt709, 1, bt709, 0, 0, 1 << 16, 1 << 16), "sws_setColorspaceDetails")
    }

    deinit { sws_freeContext(context) }

    /// Writes `buffer` into `frame` (yuv420p, same size).
    public func convert(_ buffer: PixelBuffer, into frame: VideoFrame) throws(FFmpegError) {
        try FFmpegError.check(av_frame_make_writable(frame.frame), "av_frame_make_writable")
        // sws_scale reads four plane pointers and strides even for packed RGBA.
        let src: [UnsafePointer<UInt8>?] = [UnsafePointer(buffer.bytes.assumingMemoryBound(to: UInt8.self)), nil, nil, nil]
        let stride: [Int32] = [Int32(buffer.stride), 0, 0, 0]
        let result = frame.withPlanes { planes, strides in
            sws_scale(context, src, stride, 0, Int32(height), planes, strides)
        }
        try FFmpegError.check(result, "sws_scale")
    }
}
