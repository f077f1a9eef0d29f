import CFFmpeg
import ReelCore

/// Converts whole premultiplied RGBA frames to a format's pixel format through libswscale:
/// the formats with alpha (yuva444p10le for ProRes 4444, yuva420p for VP9, straight RGBA for
/// PNG) and 10-bit 4:2:0. Formats with alpha get straight alpha, as they define it, first;
/// YUV is BT.709 limited range with a full-range alpha plane. 8-bit 4:2:0 goes band by band
/// through `ColorConverter` instead. A converter keeps its scratch: one per thread.
public final class WholeFrameConverter {
    public let width: Int
    public let height: Int
    public let format: OutputFormat
    /// The format's pixel format, as libav numbers it.
    private let pixelFormat: AVPixelFormat
    /// Nil when the target is RGBA itself: rows are copied straight into the frame.
    private let scaler: OpaquePointer?
    /// The frame, straight alpha, RGBA bytes (formats with alpha going through libswscale).
    private let straight: PixelBuffer?

    public init(width: Int, height: Int, format: OutputFormat) throws(FFmpegError) {
        let target = av_get_pix_fmt(format.pixelFormat)
        guard width > 0, height > 0, target != AV_PIX_FMT_NONE else {
            throw FFmpegError(call: "av_get_pix_fmt", message: "\(format.pixelFormat) at \(width)x\(height) is not supported")
        }
        var scaler: OpaquePointer?
        if !format.isRGB {
            guard
                let made = sws_getContext(
                    Int32(width), Int32(height), AV_PIX_FMT_RGBA, Int32(width), Int32(height), target,
                    SWS_BILINEAR | SWS_ACCURATE_RND | SWS_FULL_CHR_H_INT, nil, nil, nil)
            else {
                throw FFmpegError(
                    call: "sws_getContext", message: "RGBA to \(format.pixelFormat) at \(width)x\(height) is not supported")
            }
            // RGB in full range; YUV out in limited range, BT.709.
            let table = sws_getCoefficients(SWS_CS_ITU709)
            guard sws_setColorspaceDetails(made, table, 1, table, 0, 0, 1 << 16, 1 << 16) >= 0 else {
                sws_freeContext(made)
                throw FFmpegError(call: "sws_setColorspaceDetails", message: "BT.709 limited range is not supported here")
            }
            scaler = made
        }
        (self.width, self.height, self.format, self.pixelFormat, self.scaler) = (width, height, format, target, scaler)
        straight = Self.needsStraightCopy(format) ? PixelBuffer(width: width, height: height) : nil
    }

    /// Formats with alpha going through libswscale take a straight-alpha copy of the frame first.
    private static func needsStraightCopy(_ format: OutputFormat) -> Bool { format.carriesAlpha && !format.isRGB }

    /// The scratch a converter for `format` keeps (what a memory estimate counts per worker).
    public static func scratchBytes(width: Int, height: Int, format: OutputFormat) -> Int {
        needsStraightCopy(format) ? PixelBuffer.stride(forWidth: width) * height : 0
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
                call: "WholeFrameConverter.convert",
                message:
                    "a \(width)x\(height) converter got a \(buffer.width)x\(buffer.height) buffer and a \(frame.width)x\(frame.height) frame"
            )
        }
        try FFmpegError.check(av_frame_make_writable(frame.frame), "av_frame_make_writable")
        guard let scaler else {
            // RGBA out: each row made straight (or copied, opaque) into the frame's own rows.
            frame.withPlanes { planes, strides in
                for y in 0..<height {
                    let row = UnsafeMutableRawPointer(planes[0]! + y * Int(strides[0])).assumingMemoryBound(to: UInt32.self)
                    if format.carriesAlpha {
                        buffer.unpremultiplyRow(y, into: row)
                    } else {
                        row.update(from: buffer.row(y), count: width)
                    }
                }
            }
            return
        }
        let source = straight ?? buffer
        if let straight {
            for y in 0..<height { buffer.unpremultiplyRow(y, into: straight.row(y)) }
        }
        let sourcePlanes: [UnsafePointer<UInt8>?] = [
            UnsafePointer(source.bytes.assumingMemoryBound(to: UInt8.self)), nil, nil, nil
        ]
        let sourceStride: [Int32] = [Int32(source.stride), 0, 0, 0]
        let rows = frame.withPlanes { planes, strides in
            sws_scale(scaler, sourcePlanes, sourceStride, 0, Int32(height), planes, strides)
        }
        try FFmpegError.check(rows, "sws_scale")
    }
}
