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
}
