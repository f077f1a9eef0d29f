import CFFmpeg

/// A media file opened for its video: the container opened and probed, its best video
/// stream and that stream's decoder found, and, once asked for, the decoder opened; all freed
/// with it. One place for what every reader of files does, so none keeps its own clean-up.
final class MediaInput {
    let format: UnsafeMutablePointer<AVFormatContext>
    /// The index of the best video stream, the stream, and the decoder libav picked for it.
    let streamIndex: Int32
    let stream: UnsafeMutablePointer<AVStream>
    let decoder: UnsafePointer<AVCodec>?
    /// The opened decoder (`openDecoder`); nil until then.
    private(set) var codec: UnsafeMutablePointer<AVCodecContext>?

    /// Opens `path`; throws, having closed what it opened, when libav cannot open the file or
    /// finds no video stream.
    init(_ path: String) throws(FFmpegError) {
        var opened: UnsafeMutablePointer<AVFormatContext>?
        var decoder: UnsafePointer<AVCodec>?
        let index: Int32
        do throws(FFmpegError) {
            try FFmpegError.check(avformat_open_input(&opened, path, nil, nil), "avformat_open_input(\(path))")
            try FFmpegError.check(avformat_find_stream_info(opened, nil), "avformat_find_stream_info")
            index = try FFmpegError.check(
                av_find_best_stream(opened, AVMEDIA_TYPE_VIDEO, -1, -1, &decoder, 0), "av_find_best_stream(video)")
        } catch {
            avformat_close_input(&opened)
            throw error
        }
        (format, streamIndex, stream, self.decoder) = (opened!, index, opened!.pointee.streams[Int(index)]!, decoder)
    }

    deinit {
        avcodec_free_context(&codec)
        var opened: UnsafeMutablePointer<AVFormatContext>? = format
        avformat_close_input(&opened)
    }

    /// Opens `decoder` (the one libav picked, or another) for the stream; with `threaded`,
    /// decoding frames and slices on every core. Throws when there is no decoder or it will
    /// not open.
    @discardableResult
    func openDecoder(_ decoder: UnsafePointer<AVCodec>?, threaded: Bool) throws(FFmpegError)
        -> UnsafeMutablePointer<AVCodecContext>
    {
        guard let decoder, let ctx = avcodec_alloc_context3(decoder) else {
            throw FFmpegError(call: "avcodec_alloc_context3", message: "no decoder for the video stream")
        }
        codec = ctx
        try FFmpegError.check(avcodec_parameters_to_context(ctx, stream.pointee.codecpar), "avcodec_parameters_to_context")
        if threaded {
            ctx.pointee.thread_count = 0
            ctx.pointee.thread_type = FF_THREAD_FRAME | FF_THREAD_SLICE
        }
        try FFmpegError.check(avcodec_open2(ctx, decoder, nil), "avcodec_open2")
        return ctx
    }

    /// A libav name (codec, pixel format, colour tag) as text; "unknown" where it has none.
    static func name(_ p: UnsafePointer<CChar>?) -> String { p.map { String(cString: $0) } ?? "unknown" }
}
