import CFFmpeg
import Foundation
import ReelCore

/// Writes pixel buffers as PNG files with libav's PNG encoder (straight alpha, as PNG stores).
public enum ImageWriter {
    /// The PNG bytes of `buffer`; `fast` trades size for speed (zlib's level 1: a preview
    /// sent over loopback many times a second).
    public static func pngData(_ buffer: PixelBuffer, fast: Bool = false) throws(FFmpegError) -> Data {
        FFmpegLog.quiet
        guard let encoder = avcodec_find_encoder(AV_CODEC_ID_PNG) else {
            throw FFmpegError(call: "avcodec_find_encoder", message: "this FFmpeg build has no PNG encoder")
        }
        var ctx = avcodec_alloc_context3(encoder)
        defer { avcodec_free_context(&ctx) }
        guard let ctx else { throw FFmpegError(call: "avcodec_alloc_context3", message: "out of memory") }
        ctx.pointee.width = Int32(buffer.width)
        ctx.pointee.height = Int32(buffer.height)
        ctx.pointee.pix_fmt = AV_PIX_FMT_RGBA
        ctx.pointee.time_base = AVRational(num: 1, den: 1)
        if fast { ctx.pointee.compression_level = 1 }
        try FFmpegError.check(avcodec_open2(ctx, encoder, nil), "avcodec_open2(png)")
        let frame = try VideoFrame(width: buffer.width, height: buffer.height, format: AV_PIX_FMT_RGBA)
        let straight = buffer.unpremultipliedBytes()
        let lineSize = Int(frame.frame.pointee.linesize.0)
        let base = frame.frame.pointee.data.0!
        straight.withUnsafeBytes { src in
            for y in 0..<buffer.height {
                (base + y * lineSize).update(
                    from: src.baseAddress!.assumingMemoryBound(to: UInt8.self) + y * buffer.width * 4,
                    count: buffer.width * 4)
            }
        }
        frame.frame.pointee.pts = 0
        try FFmpegError.check(avcodec_send_frame(ctx, frame.frame), "avcodec_send_frame(png)")
        try FFmpegError.check(avcodec_send_frame(ctx, nil), "avcodec_send_frame(png)")
        var packet = av_packet_alloc()
        defer { av_packet_free(&packet) }
        guard let packet else { throw FFmpegError(call: "av_packet_alloc", message: "out of memory") }
        try FFmpegError.check(avcodec_receive_packet(ctx, packet), "avcodec_receive_packet(png)")
        return Data(bytes: packet.pointee.data, count: Int(packet.pointee.size))
    }
}
