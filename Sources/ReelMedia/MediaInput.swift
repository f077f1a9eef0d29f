import CFFmpeg

/// Opening a media file for its video: the container opened and probed, its best video
/// stream and that stream's decoder found. One place for what every reader of files does.
enum MediaInput {
    /// The opened container (the caller closes it with `avformat_close_input`), the index of
    /// its best video stream and a decoder for it; throws, having closed what it opened, when
    /// libav cannot open the file or finds no video stream.
    static func openVideo(_ path: String) throws(FFmpegError) -> (
        format: UnsafeMutablePointer<AVFormatContext>, stream: Int32, decoder: UnsafePointer<AVCodec>?
    ) {
        var format: UnsafeMutablePointer<AVFormatContext>?
        do throws(FFmpegError) {
            try FFmpegError.check(avformat_open_input(&format, path, nil, nil), "avformat_open_input(\(path))")
            try FFmpegError.check(avformat_find_stream_info(format, nil), "avformat_find_stream_info")
            var decoder: UnsafePointer<AVCodec>?
            let index = try FFmpegError.check(
                av_find_best_stream(format, AVMEDIA_TYPE_VIDEO, -1, -1, &decoder, 0), "av_find_best_stream(video)")
            return (format!, index, decoder)
        } catch {
            avformat_close_input(&format)
            throw error
        }
    }

    /// `decoder` opened for `stream` (the caller frees it with `avcodec_free_context`); with
    /// `threaded`, decoding frames and slices on every core. Throws, having freed what it
    /// made, when there is no decoder or it will not open.
    static func openDecoder(_ decoder: UnsafePointer<AVCodec>?, for stream: UnsafeMutablePointer<AVStream>, threaded: Bool)
        throws(FFmpegError) -> UnsafeMutablePointer<AVCodecContext>
    {
        guard let decoder, let ctx = avcodec_alloc_context3(decoder) else {
            throw FFmpegError(call: "avcodec_alloc_context3", message: "no decoder for the video stream")
        }
        do throws(FFmpegError) {
            try FFmpegError.check(avcodec_parameters_to_context(ctx, stream.pointee.codecpar), "avcodec_parameters_to_context")
            if threaded {
                ctx.pointee.thread_count = 0
                ctx.pointee.thread_type = FF_THREAD_FRAME | FF_THREAD_SLICE
            }
            try FFmpegError.check(avcodec_open2(ctx, decoder, nil), "avcodec_open2")
            return ctx
        } catch {
            var freed: UnsafeMutablePointer<AVCodecContext>? = ctx
            avcodec_free_context(&freed)
            throw error
        }
    }

    /// A libav name (codec, pixel format, colour tag) as text; "unknown" where it has none.
    static func name(_ p: UnsafePointer<CChar>?) -> String { p.map { String(cString: $0) } ?? "unknown" }
}
