import CFFmpeg
import ReelCore

/// Decodes a video or image file (MP4, PNG, JPEG, ...) through libavformat and libavcodec
/// into RGBA pixel buffers, reading YUV with the matrix and range the stream is tagged with.
public final class MediaReader {
    /// What the container and decoder say about the first video stream.
    public struct Info: Hashable, Sendable {
        public let codec: String
        public let width: Int
        public let height: Int
        public let pixelFormat: String
        public let colorPrimaries: String
        public let colorTransfer: String
        public let colorSpace: String
        public let colorRange: String
        /// Seconds, from the container; 0 when it does not say.
        public let duration: Double
    }

    private let input: MediaInput
    private let codec: UnsafeMutablePointer<AVCodecContext>
    public let info: Info

    public init(path: String) throws(FFmpegError) {
        FFmpegLog.quiet
        input = try MediaInput(path)
        codec = try input.openDecoder(input.decoder, threaded: false)
        let par = input.stream.pointee.codecpar.pointee
        let name = MediaInput.name
        let d = input.format.pointee.duration
        info = Info(
            codec: name(codec.pointee.codec.pointee.name),
            width: Int(par.width), height: Int(par.height),
            pixelFormat: name(av_get_pix_fmt_name(AVPixelFormat(rawValue: par.format))),
            colorPrimaries: name(av_color_primaries_name(par.color_primaries)),
            colorTransfer: name(av_color_transfer_name(par.color_trc)),
            colorSpace: name(av_color_space_name(par.color_space)),
            colorRange: name(av_color_range_name(par.color_range)),
            duration: d > 0 ? Double(d) / Double(AV_TIME_BASE) : 0)
    }

    /// Decodes every frame (or the first `limit`) as RGBA; a frame without alpha is opaque.
    public func readFrames(limit: Int = .max) throws(FFmpegError) -> [PixelBuffer] {
        var result: [PixelBuffer] = []
        var packet = av_packet_alloc()
        var frame = av_frame_alloc()
        defer {
            av_packet_free(&packet)
            av_frame_free(&frame)
        }
        guard let packet, let frame else { throw FFmpegError(call: "av_frame_alloc", message: "out of memory") }
        var scaler: OpaquePointer?
        defer { sws_freeContext(scaler) }
        var draining = false
        while result.count < limit {
            if !draining {
                let r = av_read_frame(input.format, packet)
                if r == reel_averror_eof() {
                    draining = true
                    try FFmpegError.check(avcodec_send_packet(codec, nil), "avcodec_send_packet")
                } else {
                    try FFmpegError.check(r, "av_read_frame")
                    defer { av_packet_unref(packet) }
                    guard packet.pointee.stream_index == input.streamIndex else { continue }
                    try FFmpegError.check(avcodec_send_packet(codec, packet), "avcodec_send_packet")
                }
            }
            while result.count < limit {
                let r = avcodec_receive_frame(codec, frame)
                if r == reel_averror_eagain() { break }
                if r == reel_averror_eof() { return result }
                try FFmpegError.check(r, "avcodec_receive_frame")
                result.append(try RGBAConverter.convert(frame, scaler: &scaler))
                av_frame_unref(frame)
            }
        }
        return result
    }
}
