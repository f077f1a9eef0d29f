import CFFmpeg

/// An `AVFrame` with its own buffers, freed with it. Frames move between threads one owner at
/// a time (render worker, then encoder), which is why the unchecked `Sendable` is safe.
public final class VideoFrame: @unchecked Sendable {
    let frame: UnsafeMutablePointer<AVFrame>

    /// A frame of `format` and size, buffers allocated and 64-byte aligned.
    init(width: Int, height: Int, format: AVPixelFormat) throws(FFmpegError) {
        guard let f = av_frame_alloc() else { throw FFmpegError(call: "av_frame_alloc", message: "out of memory") }
        frame = f
        f.pointee.width = Int32(width)
        f.pointee.height = Int32(height)
        f.pointee.format = format.rawValue
        try FFmpegError.check(av_frame_get_buffer(f, 64), "av_frame_get_buffer")
    }

    /// A new reference to `other`'s picture (no pixels copied), for frames libav hands out
    /// only for the length of a call.
    init(referencing other: UnsafeMutablePointer<AVFrame>) throws(FFmpegError) {
        guard let f = av_frame_clone(other) else { throw FFmpegError(call: "av_frame_clone", message: "out of memory") }
        frame = f
    }

    /// A frame of video's pixel format, 4:2:0 YUV, the encoder's input.
    public static func yuv420p(width: Int, height: Int) throws(FFmpegError) -> VideoFrame {
        try VideoFrame(width: width, height: height, format: AV_PIX_FMT_YUV420P)
    }

    deinit {
        var f: UnsafeMutablePointer<AVFrame>? = frame
        av_frame_free(&f)
    }

    /// Copies `other`'s pixels (the same size and format) into this frame.
    public func copyPixels(from other: VideoFrame) throws(FFmpegError) {
        try FFmpegError.check(av_frame_copy(frame, other.frame), "av_frame_copy")
    }

    public var width: Int { Int(frame.pointee.width) }
    public var height: Int { Int(frame.pointee.height) }
    /// libav's name of the frame's pixel format (`yuv420p`, `rgba`, `pal8`).
    public var pixelFormatName: String {
        av_get_pix_fmt_name(AVPixelFormat(frame.pointee.format)).map { String(cString: $0) } ?? "unknown"
    }

    /// The picture as raw planar bytes (for yuv420p: Y, then U, then V, rows without padding),
    /// as `ffmpeg -f rawvideo` reads them.
    public func rawBytes() -> [UInt8] {
        var out: [UInt8] = []
        let planes = frame.pointee.format == AV_PIX_FMT_YUV420P.rawValue ? 3 : 1
        withPlanes { data, lines in
            for plane in 0..<planes {
                let chroma = plane > 0 && planes == 3
                let w = chroma ? (width + 1) / 2 : (planes == 1 ? width * 4 : width)
                let h = chroma ? (height + 1) / 2 : height
                for y in 0..<h {
                    out.append(contentsOf: UnsafeBufferPointer(start: data[plane]! + y * Int(lines[plane]), count: w))
                }
            }
        }
        return out
    }

    /// Plane pointers and strides as the C arrays `sws_scale` takes.
    func withPlanes<R>(_ body: (UnsafePointer<UnsafeMutablePointer<UInt8>?>, UnsafePointer<Int32>) throws -> R) rethrows -> R {
        try withUnsafePointer(to: &frame.pointee.data) { data in
            try withUnsafePointer(to: &frame.pointee.linesize) { lines in
                try data.withMemoryRebound(to: UnsafeMutablePointer<UInt8>?.self, capacity: 8) { d in
                    try lines.withMemoryRebound(to: Int32.self, capacity: 8) { try body(d, $0) }
                }
            }
        }
    }
}
