import CFFmpeg
import ReelCore

/// Joins pieces rendered apart (`reel render --segment`) into one file without re-encoding:
/// each piece's video packets are copied in order, their times moved to where the piece's
/// first frame lies, into the output container (MP4 and MOV with the index first); the sound
/// is made once over the whole length (`AudioMuxer`) and interleaved with them.
public enum PieceJoiner {
    /// One piece: its file and the index of its first frame in the whole render.
    public struct Piece: Sendable {
        public let path: String
        public let firstFrame: Int
        public let frameCount: Int

        public init(path: String, firstFrame: Int, frameCount: Int) {
            (self.path, self.firstFrame, self.frameCount) = (path, firstFrame, frameCount)
        }
    }

    /// Video packets in a piece's file (its frames, as the container counts them); throws when
    /// libav cannot read it to the end (a piece cut short).
    public static func packetCount(_ path: String) throws(FFmpegError) -> Int {
        let input = try MediaInput(path)
        var packet = av_packet_alloc()
        defer { av_packet_free(&packet) }
        var count = 0
        while true {
            let r = av_read_frame(input.format, packet)
            if r == reel_averror_eof() { return count }
            try FFmpegError.check(r, "av_read_frame(\(path))")
            if packet!.pointee.stream_index == input.streamIndex { count += 1 }
            av_packet_unref(packet)
        }
    }

    /// Writes `pieces` (in order, contiguous) into `path` in `format`'s container at `rate`,
    /// with `audio` mixed over the whole length (none: a silent file).
    public static func join(
        _ pieces: [Piece], into path: String, format kind: OutputFormat, rate: FrameRate, audio: [AudioTrack]
    ) throws(FFmpegError) {
        FFmpegLog.quiet
        var output: UnsafeMutablePointer<AVFormatContext>?
        try FFmpegError.check(avformat_alloc_output_context2(&output, nil, kind.muxer, path), "avformat_alloc_output_context2")
        guard let output else { throw FFmpegError(call: "avformat_alloc_output_context2", message: "no context") }
        defer {
            if output.pointee.oformat.pointee.flags & AVFMT_NOFILE == 0 { avio_closep(&output.pointee.pb) }
            avformat_free_context(output)
        }
        // The video stream takes the first piece's codec parameters; every piece has the same.
        let first = try MediaInput(pieces[0].path)
        guard let stream = avformat_new_stream(output, nil) else {
            throw FFmpegError(call: "avformat_new_stream", message: "out of memory")
        }
        try withExtendedLifetime(first) { () throws(FFmpegError) in
            let source = first.stream.pointee.codecpar!
            try FFmpegError.check(avcodec_parameters_copy(stream.pointee.codecpar, source), "avcodec_parameters_copy")
            stream.pointee.codecpar.pointee.codec_tag = kind.encoder.contains("265") ? source.pointee.codec_tag : 0
        }
        stream.pointee.time_base = AVRational(num: Int32(rate.denominator), den: Int32(rate.numerator))
        stream.pointee.avg_frame_rate = AVRational(num: Int32(rate.numerator), den: Int32(rate.denominator))
        let total = pieces.reduce(0) { $0 + $1.frameCount }
        let muxer = try AudioMuxer.make(
            audio, format: kind, offset: 0, duration: rate.time(ofFrame: total), output: output)
        if output.pointee.oformat.pointee.flags & AVFMT_NOFILE == 0 {
            try FFmpegError.check(avio_open(&output.pointee.pb, path, AVIO_FLAG_WRITE), "avio_open")
        }
        var options: OpaquePointer?
        defer { av_dict_free(&options) }
        if kind.muxer == "mp4" || kind.muxer == "mov" { av_dict_set(&options, "movflags", "+faststart", 0) }
        try FFmpegError.check(avformat_write_header(output, &options), "avformat_write_header")
        var packet = av_packet_alloc()
        defer { av_packet_free(&packet) }
        for piece in pieces {
            let input = try MediaInput(piece.path)
            let index = input.streamIndex
            let inputBase = input.stream.pointee.time_base
            let shift = av_rescale_q(
                Int64(piece.firstFrame), AVRational(num: Int32(rate.denominator), den: Int32(rate.numerator)), inputBase)
            while true {
                let r = av_read_frame(input.format, packet)
                if r == reel_averror_eof() { break }
                try FFmpegError.check(r, "av_read_frame(\(piece.path))")
                defer { av_packet_unref(packet) }
                guard packet!.pointee.stream_index == index else { continue }
                if packet!.pointee.pts != reel_nopts_value() { packet!.pointee.pts += shift }
                if packet!.pointee.dts != reel_nopts_value() { packet!.pointee.dts += shift }
                av_packet_rescale_ts(packet, inputBase, stream.pointee.time_base)
                packet!.pointee.stream_index = stream.pointee.index
                packet!.pointee.pos = -1
                let pts = packet!.pointee.pts
                try FFmpegError.check(av_interleaved_write_frame(output, packet), "av_interleaved_write_frame")
                if pts != reel_nopts_value() { try muxer?.write(until: Double(pts) * av_q2d(stream.pointee.time_base)) }
            }
        }
        try muxer?.finish(at: rate.time(ofFrame: total))
        try FFmpegError.check(av_write_trailer(output), "av_write_trailer")
    }
}
