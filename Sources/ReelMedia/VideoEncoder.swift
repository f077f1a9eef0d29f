import CFFmpeg
import ReelCore

/// Encodes frames in the settings' format (H.264, HEVC, ProRes 4444, VP9, PNG, GIF) and muxes
/// them into its container (MP4 and MOV with `+faststart`; video tagged BT.709 primaries,
/// transfer and matrix, limited range; PNG and GIF sRGB). Frames arrive in order, in the
/// format's `encoderPixelFormat`; frame i is shown at i / fps. Writes exactly the file (or, for
/// a sequence, the files of the pattern) it is given: atomic replacement is the caller's job.
public final class VideoEncoder: FrameEncoder {
    // Every stored property has its value before the first libav call, so a failure on the way
    // still runs deinit and frees what was made.
    private var format: UnsafeMutablePointer<AVFormatContext>?
    private var codec: UnsafeMutablePointer<AVCodecContext>?
    private var stream: UnsafeMutablePointer<AVStream>?
    private var packet: UnsafeMutablePointer<AVPacket>?
    private var nextPTS: Int64 = 0
    private var finished = false
    /// The audio stream, when the video has one.
    private var audio: AudioMuxer?
    public let settings: VideoSettings
    private let tags: ColorTags

    /// With `audio`, the file gets its sound too (`AudioMuxer`): one track placed so that the
    /// video's first frame is timeline time `settings.firstFrame / fps`, or several mixed;
    /// `expectedFrames` is the video's length as planned, which decides whether a lone track
    /// can be copied.
    public init(path: String, settings: VideoSettings, audio tracks: [AudioTrack] = [], expectedFrames: Int = 0)
        throws(FFmpegError)
    {
        FFmpegLog.quiet
        self.settings = settings
        tags = ColorTags(settings.format)
        let kind = settings.format
        try FFmpegError.check(
            avformat_alloc_output_context2(&format, nil, kind.muxer, path), "avformat_alloc_output_context2")
        guard let format else { throw FFmpegError(call: "avformat_alloc_output_context2", message: "no context") }
        guard let encoder = avcodec_find_encoder_by_name(kind.encoder) else {
            throw FFmpegError(call: "avcodec_find_encoder_by_name", message: "\(kind.encoder) is not in this FFmpeg build")
        }
        guard let s = avformat_new_stream(format, nil) else {
            throw FFmpegError(call: "avformat_new_stream", message: "out of memory")
        }
        stream = s
        guard let ctx = avcodec_alloc_context3(encoder) else {
            throw FFmpegError(call: "avcodec_alloc_context3", message: "out of memory")
        }
        codec = ctx
        let rate = settings.frameRate
        ctx.pointee.width = Int32(settings.width)
        ctx.pointee.height = Int32(settings.height)
        ctx.pointee.time_base = AVRational(num: Int32(rate.denominator), den: Int32(rate.numerator))
        ctx.pointee.framerate = AVRational(num: Int32(rate.numerator), den: Int32(rate.denominator))
        ctx.pointee.pix_fmt = av_get_pix_fmt(kind.encoderPixelFormat)
        tags.apply(to: ctx)
        if format.pointee.oformat.pointee.flags & AVFMT_GLOBALHEADER != 0 {
            ctx.pointee.flags |= Int32(AV_CODEC_FLAG_GLOBAL_HEADER)
        }
        var options: OpaquePointer?
        defer { av_dict_free(&options) }
        for (key, value) in Self.encoderOptions(settings) {
            try FFmpegError.check(av_dict_set(&options, key, value, 0), "av_dict_set(\(key))")
        }
        try FFmpegError.check(avcodec_open2(ctx, encoder, &options), "avcodec_open2")
        if let unused = av_dict_get(options, "", nil, AV_DICT_IGNORE_SUFFIX) {
            throw FFmpegError(
                call: "avcodec_open2", message: "\(kind.encoder) did not take the option \(String(cString: unused.pointee.key))")
        }
        try FFmpegError.check(avcodec_parameters_from_context(s.pointee.codecpar, ctx), "avcodec_parameters_from_context")
        if kind.encoder == "libx265" {
            // `hvc1` (parameter sets in the sample description): what Apple's players require.
            s.pointee.codecpar.pointee.codec_tag = Self.fourCC("hvc1")
        }
        s.pointee.time_base = ctx.pointee.time_base
        s.pointee.avg_frame_rate = ctx.pointee.framerate
        audio = try AudioMuxer.make(
            tracks, format: kind, offset: settings.frameRate.time(ofFrame: settings.firstFrame),
            duration: settings.frameRate.time(ofFrame: expectedFrames), output: format)
        // A sequence's muxer opens one file per frame itself.
        if format.pointee.oformat.pointee.flags & AVFMT_NOFILE == 0 {
            try FFmpegError.check(avio_open(&format.pointee.pb, path, AVIO_FLAG_WRITE), "avio_open")
        }
        var muxOptions: OpaquePointer?
        defer { av_dict_free(&muxOptions) }
        for (key, value) in Self.muxerOptions(settings) {
            try FFmpegError.check(av_dict_set(&muxOptions, key, value, 0), "av_dict_set(\(key))")
        }
        try FFmpegError.check(avformat_write_header(format, &muxOptions), "avformat_write_header")
        guard let p = av_packet_alloc() else { throw FFmpegError(call: "av_packet_alloc", message: "out of memory") }
        packet = p
    }

    /// The encoder's options: libavcodec's default is one thread, so every encoder picks its
    /// own count (`auto`, as the ffmpeg tool does) and shares the cores with Reel's workers.
    static func encoderOptions(_ settings: VideoSettings) -> [(String, String)] {
        let threads = ("threads", "auto")
        switch settings.format.encoder {
        case "prores_ks":
            // The 4444 profile, its alpha kept at 16 bits; Apple's vendor tag so editors take it.
            return [("profile", "4444"), ("alpha_bits", "16"), ("vendor", "apl0"), threads]
        case "libx265":
            // x265 prints its banner and statistics on stderr unless told otherwise.
            return [("preset", settings.preset), ("crf", String(settings.crf)), ("x265-params", "log-level=error"), threads]
        case "png", "gif":
            return [threads]
        case "libvpx-vp9":
            // Constant quality (crf with no bit rate), rows in parallel, the speed of `good` at 4.
            return [("crf", String(settings.crf)), ("b", "0"), ("row-mt", "1"), ("deadline", "good"), ("cpu-used", "4"), threads]
        default:
            return [("preset", settings.preset), ("crf", String(settings.crf)), threads]
        }
    }

    /// The muxer's options: MP4 and MOV put the index first (`+faststart`) so players start
    /// before the whole file arrives; a sequence numbers its files from the first frame's index.
    static func muxerOptions(_ settings: VideoSettings) -> [(String, String)] {
        switch settings.format.muxer {
        case "mp4", "mov": return [("movflags", "+faststart")]
        case "image2": return [("start_number", String(settings.firstFrame))]
        default: return []
        }
    }

    /// A four-character code as libav stores it (first character in the low byte).
    static func fourCC(_ code: String) -> UInt32 {
        code.utf8.reversed().reduce(0) { $0 << 8 | UInt32($1) }
    }

    deinit {
        av_packet_free(&packet)
        avcodec_free_context(&codec)
        if let format {
            if format.pointee.pb != nil { avio_closep(&format.pointee.pb) }
            avformat_free_context(format)
        }
    }

    /// Encodes the next frame (the format's pixel format, the settings' size).
    public func encode(_ frame: VideoFrame) throws(FFmpegError) {
        // The frame carries the tags too: ProRes writes them into each frame's header from there.
        tags.apply(to: frame.frame)
        frame.frame.pointee.pts = nextPTS
        nextPTS += 1
        try FFmpegError.check(avcodec_send_frame(codec, frame.frame), "avcodec_send_frame")
        try drain()
        try audio?.write(until: settings.frameRate.time(ofFrame: Int(nextPTS)))
    }

    /// Flushes the encoder and writes the trailer; the file is complete after this.
    public func finish() throws(FFmpegError) {
        guard !finished else { return }
        finished = true
        try FFmpegError.check(avcodec_send_frame(codec, nil), "avcodec_send_frame")
        try drain()
        try audio?.finish(at: settings.frameRate.time(ofFrame: Int(nextPTS)))
        try FFmpegError.check(av_write_trailer(format), "av_write_trailer")
        if format!.pointee.pb != nil { try FFmpegError.check(avio_closep(&format!.pointee.pb), "avio_closep") }
    }

    /// Moves every packet the encoder has ready into the file.
    private func drain() throws(FFmpegError) {
        while true {
            let r = avcodec_receive_packet(codec, packet)
            if r == reel_averror_eagain() || r == reel_averror_eof() { return }
            try FFmpegError.check(r, "avcodec_receive_packet")
            // x264 leaves durations at 0; without them the file is one frame short.
            packet!.pointee.duration = 1
            av_packet_rescale_ts(packet, codec!.pointee.time_base, stream!.pointee.time_base)
            packet!.pointee.stream_index = stream!.pointee.index
            try FFmpegError.check(av_interleaved_write_frame(format, packet), "av_interleaved_write_frame")
        }
    }
}
