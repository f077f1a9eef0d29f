import CFFmpeg
import ReelCore

/// Decoded frames to Reel's premultiplied RGBA, reading YUV with the matrix and range the
/// frame is tagged with (BT.601 and limited range when untagged, as FFmpeg's own conversion
/// reads it), or the matrix the user names: 8-bit 4:2:0 in BT.601 or BT.709 at its own size
/// through Reel's kernel (`RGBAKernels`), everything else (10-bit, alpha, other matrices,
/// scaling to a display size for non-square pixels) through libswscale.
enum RGBAConverter {
    /// `frame` as premultiplied RGBA, `width` x `height` (its own size when nil).
    static func convert(
        _ frame: UnsafeMutablePointer<AVFrame>, scaler: inout OpaquePointer?, width: Int? = nil, height: Int? = nil,
        matrix: VideoColorspace? = nil
    ) throws(FFmpegError) -> PixelBuffer {
        let (w, h) = (Int(frame.pointee.width), Int(frame.pointee.height))
        let (dw, dh) = (width ?? w, height ?? h)
        let source = AVPixelFormat(rawValue: frame.pointee.format)
        let reading = Self.matrix(tagged: frame.pointee.colorspace, override: matrix)
        // 8-bit 4:2:0 at its own size in BT.601 or BT.709: Reel's kernel, opaque, nothing to premultiply.
        if source == AV_PIX_FMT_YUV420P || source == AV_PIX_FMT_YUVJ420P, dw == w, dh == h,
            reading.sws == SWS_CS_ITU601 || reading.sws == SWS_CS_ITU709, let y = frame.pointee.data.0,
            let u = frame.pointee.data.1, let v = frame.pointee.data.2, frame.pointee.linesize.1 == frame.pointee.linesize.2
        {
            let buffer = PixelBuffer(width: w, height: h)
            let full = frame.pointee.color_range == AVCOL_RANGE_JPEG || source == AV_PIX_FMT_YUVJ420P
            RGBAKernels.convert(
                y: y, yStride: Int(frame.pointee.linesize.0), u: u, v: v, cStride: Int(frame.pointee.linesize.1), width: w,
                height: h, matrix: RGBAKernels.Matrix(bt709: reading.sws == SWS_CS_ITU709, fullRange: full), into: buffer)
            return buffer
        }
        scaler = sws_getCachedContext(
            scaler, Int32(w), Int32(h), source, Int32(dw), Int32(dh), AV_PIX_FMT_RGBA,
            SWS_BILINEAR | SWS_ACCURATE_RND | SWS_FULL_CHR_H_INT, nil, nil, nil)
        guard let scaler else {
            throw FFmpegError(call: "sws_getCachedContext", message: "cannot convert this pixel format to RGBA")
        }
        let space = reading.sws
        let limited: Int32 = frame.pointee.color_range == AVCOL_RANGE_JPEG ? 1 : 0
        let isYUV = (av_pix_fmt_desc_get(source)?.pointee.flags ?? 0) & UInt64(AV_PIX_FMT_FLAG_RGB) == 0
        if isYUV {
            let table = sws_getCoefficients(space)
            try FFmpegError.check(
                sws_setColorspaceDetails(scaler, table, limited, table, 1, 0, 1 << 16, 1 << 16), "sws_setColorspaceDetails")
        }
        let buffer = PixelBuffer(width: dw, height: dh)
        let dst: [UnsafeMutablePointer<UInt8>?] = [buffer.bytes.assumingMemoryBound(to: UInt8.self), nil, nil, nil]
        let dstStride: [Int32] = [Int32(buffer.stride), 0, 0, 0]
        let r = withUnsafePointer(to: &frame.pointee.data) { data in
            withUnsafePointer(to: &frame.pointee.linesize) { lines in
                data.withMemoryRebound(to: UnsafePointer<UInt8>?.self, capacity: 8) { d in
                    lines.withMemoryRebound(to: Int32.self, capacity: 8) { sws_scale(scaler, d, $0, 0, Int32(h), dst, dstStride) }
                }
            }
        }
        try FFmpegError.check(r, "sws_scale")
        // A format without alpha comes out opaque: premultiplied already.
        if (av_pix_fmt_desc_get(source)?.pointee.flags ?? 0) & UInt64(AV_PIX_FMT_FLAG_ALPHA) != 0 { buffer.premultiplyInPlace() }
        return buffer
    }

    /// The matrix a frame tagged `tagged` is read with: the user's when named, else its tag,
    /// else BT.601; with its swscale number and libav's name.
    static func matrix(tagged: AVColorSpace, override: VideoColorspace?) -> (sws: Int32, name: String) {
        switch override {
        case .bt601?: return (SWS_CS_ITU601, "bt470bg")
        case .bt709?: return (SWS_CS_ITU709, "bt709")
        case nil:
            guard tagged != AVCOL_SPC_UNSPECIFIED, tagged != AVCOL_SPC_RESERVED else { return (SWS_CS_ITU601, "bt470bg") }
            return (Int32(tagged.rawValue), String(cString: av_color_space_name(tagged)))
        }
    }
}
