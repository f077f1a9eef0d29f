import CFFmpeg
import ReelCore

/// The audio stream of a video file: one unchanged sound file's packets copied as they are
/// when the container takes its codec and it lasts as long as the video, else the sounds
/// mixed by `AudioMix` (48 kHz stereo) and encoded in the format's `AudioCodec` (AAC for MP4
/// and MOV, Opus for WebM, or 16-bit PCM in MOV), padded with silence to the video's length.
/// `VideoEncoder` asks for the audio up to each video frame's time, so the file interleaves
/// and nothing piles up in memory.
final class AudioMuxer {
    /// Whether the packets are copied unchanged.
    let copies: Bool
    private let codec: AudioCodec
    private var input: UnsafeMutablePointer<AVFormatContext>?
    private let inputStream: UnsafeMutablePointer<AVStream>?
    /// The sounds mixed (when not copying).
    private var mix: AudioMix?
    private let output: UnsafeMutablePointer<AVFormatContext>
    private let stream: UnsafeMutablePointer<AVStream>
    private var packet: UnsafeMutablePointer<AVPacket>?
    /// A packet read past the time asked for, written by a later call.
    private var held = false
    private var inputEnded = false
    // Encoding only.
    private var encoder: UnsafeMutablePointer<AVCodecContext>?
    private var frame: UnsafeMutablePointer<AVFrame>?
    private var rate = 0
    private var channels = 0
    /// Interleaved float samples of the mix from `readIndex` on.
    private var pending: [Float] = []
    private var readIndex = 0
    /// Samples (per channel) given to the encoder, silence included.
    private var samplesOut: Int64 = 0
    /// The input stream's start time, in its time base: copied packets are shifted back by it.
    private let inputShift: Int64

    /// The sound of `output` in `format`'s audio codec: one unchanged track copied when it
    /// can be, else the tracks mixed; nil without tracks. The video starts at timeline time
    /// `offset` and lasts `duration` seconds.
    static func make(
        _ tracks: [AudioTrack], format: OutputFormat, offset: Double, duration: Double,
        output: UnsafeMutablePointer<AVFormatContext>
    ) throws(FFmpegError) -> AudioMuxer? {
        guard let codec = format.audioCodec ?? format.audioCodecs.first, !tracks.isEmpty else { return nil }
        if tracks.count == 1, tracks[0].isUnchanged, offset == 0,
            let copying = try AudioMuxer(
                copying: tracks[0], codec: codec, asked: format.audioCodec != nil, duration: duration, output: output)
        {
            return copying
        }
        return try AudioMuxer(mixing: tracks, codec: codec, offset: offset, output: output)
    }

    /// The tracks (sounds at their times, speeds and gains) mixed into one stream of `output`
    /// in `codec`, the video starting at timeline time `offset`.
    private init(mixing tracks: [AudioTrack], codec: AudioCodec, offset: Double, output: UnsafeMutablePointer<AVFormatContext>)
        throws(FFmpegError)
    {
        FFmpegLog.quiet
        self.output = output
        self.codec = codec
        inputShift = 0
        inputStream = nil
        copies = false
        mix = try AudioMix(tracks, offset: offset)
        guard let s = avformat_new_stream(output, nil) else {
            throw FFmpegError(call: "avformat_new_stream", message: "out of memory")
        }
        stream = s
        packet = av_packet_alloc()
        frame = av_frame_alloc()
        guard packet != nil, frame != nil else { throw FFmpegError(call: "av_packet_alloc", message: "out of memory") }
        try openEncoder(channels: AudioMix.channels, rate: AudioMix.rate)
    }

    /// Opens `track` and adds its stream to `output` (before the header is written) with its
    /// packets copied, when they are in `codec` (or, unless the codec was `asked` for, in any
    /// codec the container takes) and last the video's `duration` seconds; nil otherwise.
    private init?(
        copying track: AudioTrack, codec: AudioCodec, asked: Bool, duration: Double, output: UnsafeMutablePointer<AVFormatContext>
    ) throws(FFmpegError) {
        FFmpegLog.quiet
        self.output = output
        self.codec = codec
        func fail(_ what: String) -> FFmpegError { FFmpegError(call: "audio \(track.name)", message: what) }
        // Set up in locals and hand over at the end: a failure on the way frees what was made.
        var input: UnsafeMutablePointer<AVFormatContext>?
        var complete = false
        defer { if !complete { avformat_close_input(&input) } }
        guard avformat_open_input(&input, track.path, nil, nil) >= 0, avformat_find_stream_info(input, nil) >= 0 else {
            throw fail("\(track.path) is not a sound file libav can read")
        }
        let index = av_find_best_stream(input, AVMEDIA_TYPE_AUDIO, -1, -1, nil, 0)
        guard index >= 0 else { throw fail("\(track.path) has no audio stream") }
        let source = input!.pointee.streams[Int(index)]!
        let tb = source.pointee.time_base
        let length =
            source.pointee.duration > 0
            ? Double(source.pointee.duration) * av_q2d(tb)
            : Double(max(0, input!.pointee.duration)) / Double(AV_TIME_BASE)
        let par = source.pointee.codecpar!
        let takes =
            asked
            ? avcodec_find_encoder_by_name(codec.encoder)?.pointee.id == par.pointee.codec_id
            : avformat_query_codec(output.pointee.oformat, par.pointee.codec_id, FF_COMPLIANCE_NORMAL) == 1
        guard takes, length + 1e-6 >= duration else { return nil }
        inputStream = source
        let start = source.pointee.start_time
        inputShift = start == reel_nopts_value() ? 0 : start
        copies = true
        guard let s = avformat_new_stream(output, nil) else { throw fail("out of memory") }
        stream = s
        packet = av_packet_alloc()
        guard packet != nil else { throw fail("out of memory") }
        try FFmpegError.check(avcodec_parameters_copy(s.pointee.codecpar, par), "avcodec_parameters_copy")
        s.pointee.codecpar.pointee.codec_tag = 0
        s.pointee.time_base = tb
        self.input = input
        complete = true
    }

    deinit {
        av_packet_free(&packet)
        av_frame_free(&frame)
        avcodec_free_context(&encoder)
        avformat_close_input(&input)
    }

    /// The encoder of `codec`, `channels` at `rate` (or the rate the codec requires).
    private func openEncoder(channels: Int, rate: Int) throws(FFmpegError) {
        let name = codec.encoder
        guard let encoding = avcodec_find_encoder_by_name(name), let e = avcodec_alloc_context3(encoding) else {
            throw FFmpegError(call: "avcodec_find_encoder_by_name", message: "\(name) is not in this FFmpeg build")
        }
        encoder = e
        self.channels = channels
        self.rate = codec.rate(for: rate)
        av_channel_layout_default(&e.pointee.ch_layout, Int32(channels))
        e.pointee.sample_rate = Int32(self.rate)
        e.pointee.sample_fmt = try codec.sampleFormat(of: encoding)
        e.pointee.bit_rate = codec.bitRate
        e.pointee.time_base = AVRational(num: 1, den: Int32(self.rate))
        if output.pointee.oformat.pointee.flags & AVFMT_GLOBALHEADER != 0 {
            e.pointee.flags |= Int32(AV_CODEC_FLAG_GLOBAL_HEADER)
        }
        try FFmpegError.check(avcodec_open2(e, encoding, nil), "avcodec_open2(\(name))")
        try FFmpegError.check(avcodec_parameters_from_context(stream.pointee.codecpar, e), "avcodec_parameters_from_context")
        stream.pointee.time_base = e.pointee.time_base
    }

    /// Writes the audio of the video's first `seconds`.
    func write(until seconds: Double) throws(FFmpegError) {
        if copies {
            try copyPackets(until: seconds)
        } else {
            try encodeSamples(until: Int64((seconds * Double(rate)).rounded(.down)), last: false)
        }
    }

    /// Writes the rest up to `seconds`, the video's length, and flushes the encoder.
    func finish(at seconds: Double) throws(FFmpegError) {
        if copies {
            try copyPackets(until: seconds)
            return
        }
        try encodeSamples(until: Int64((seconds * Double(rate)).rounded()), last: true)
        try FFmpegError.check(avcodec_send_frame(encoder, nil), "avcodec_send_frame(audio)")
        try drainEncoder()
    }

    /// Reads the next packet of the audio stream into `packet`; false at the end of the input.
    private func readPacket() throws(FFmpegError) -> Bool {
        while true {
            let r = av_read_frame(input, packet)
            if r == reel_averror_eof() { return false }
            try FFmpegError.check(r, "av_read_frame(audio)")
            if packet!.pointee.stream_index == inputStream!.pointee.index { return true }
            av_packet_unref(packet)
        }
    }

    private func copyPackets(until seconds: Double) throws(FFmpegError) {
        let tb = inputStream!.pointee.time_base
        while !inputEnded {
            if !held {
                guard try readPacket() else {
                    inputEnded = true
                    return
                }
                held = true
            }
            let pts = packet!.pointee.pts == reel_nopts_value() ? packet!.pointee.dts : packet!.pointee.pts
            guard Double(pts - inputShift) * av_q2d(tb) < seconds else { return }
            held = false
            // Shifted so the stream's first sample plays with the video's first frame.
            if packet!.pointee.pts != reel_nopts_value() { packet!.pointee.pts -= inputShift }
            if packet!.pointee.dts != reel_nopts_value() { packet!.pointee.dts -= inputShift }
            av_packet_rescale_ts(packet, tb, stream.pointee.time_base)
            packet!.pointee.stream_index = stream.pointee.index
            packet!.pointee.pos = -1
            try FFmpegError.check(av_interleaved_write_frame(output, packet), "av_interleaved_write_frame(audio)")
        }
    }

    /// Encodes whole frames of samples until `target` samples are out (with `last`, the final
    /// frame may be short).
    private func encodeSamples(until target: Int64, last: Bool) throws(FFmpegError) {
        let frameSize = Int(encoder!.pointee.frame_size > 0 ? encoder!.pointee.frame_size : 1024)
        while samplesOut < target {
            let count = Int(min(Int64(frameSize), target - samplesOut))
            if count < frameSize, !last { return }
            try fill(count)
            try send(count)
        }
    }

    /// Makes sure `count` samples per channel of the mix are pending (silence once it ended).
    private func fill(_ count: Int) throws(FFmpegError) {
        while (pending.count - readIndex) / channels < count {
            if readIndex > 1 << 16 {
                pending.removeFirst(readIndex)
                readIndex = 0
            }
            if let samples = try mix?.next() {
                pending.append(contentsOf: samples)
            } else {
                pending.append(contentsOf: repeatElement(0, count: count * channels))
            }
        }
    }

    /// Sends `count` pending samples per channel to the encoder as one frame.
    private func send(_ count: Int) throws(FFmpegError) {
        let e = encoder!
        frame!.pointee.nb_samples = Int32(count)
        frame!.pointee.format = e.pointee.sample_fmt.rawValue
        frame!.pointee.sample_rate = e.pointee.sample_rate
        try FFmpegError.check(av_channel_layout_copy(&frame!.pointee.ch_layout, &e.pointee.ch_layout), "av_channel_layout_copy")
        try FFmpegError.check(av_frame_get_buffer(frame, 0), "av_frame_get_buffer(audio)")
        let planar = e.pointee.sample_fmt == AV_SAMPLE_FMT_FLTP
        let integers = e.pointee.sample_fmt == AV_SAMPLE_FMT_S16
        pending.withUnsafeBufferPointer { all in
            let src = all.baseAddress! + readIndex
            for c in 0..<channels {
                let plane = UnsafeMutableRawPointer(frame!.pointee.extended_data[planar ? c : 0]!)
                for i in 0..<count {
                    let at = planar ? i : i * channels + c
                    let sample = src[i * channels + c]
                    if integers {
                        // The page's rule: round(x × 32767), clipped, once at the end.
                        let scaled = (Double(sample) * 32767).rounded()
                        plane.assumingMemoryBound(to: Int16.self)[at] = scaled.isNaN ? 0 : Int16(max(-32768, min(32767, scaled)))
                    } else {
                        plane.assumingMemoryBound(to: Float.self)[at] = sample
                    }
                }
            }
        }
        readIndex += count * channels
        frame!.pointee.pts = samplesOut
        samplesOut += Int64(count)
        let sent = avcodec_send_frame(e, frame)
        av_frame_unref(frame)
        try FFmpegError.check(sent, "avcodec_send_frame(audio)")
        try drainEncoder()
    }

    private func drainEncoder() throws(FFmpegError) {
        while true {
            let r = avcodec_receive_packet(encoder, packet)
            if r == reel_averror_eagain() || r == reel_averror_eof() { return }
            try FFmpegError.check(r, "avcodec_receive_packet(audio)")
            av_packet_rescale_ts(packet, encoder!.pointee.time_base, stream.pointee.time_base)
            packet!.pointee.stream_index = stream.pointee.index
            try FFmpegError.check(av_interleaved_write_frame(output, packet), "av_interleaved_write_frame(audio)")
        }
    }
}
