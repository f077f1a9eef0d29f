import CFFmpeg
import ReelCore

/// The audio stream of a video file: an `AudioTrack` placed on the video's time (or several,
/// mixed by `AudioMix`), trimmed or padded with silence to the video's length. Its packets are copied as they are when the
/// container takes the codec, the track needs no volume or offset, and it lasts as long as the
/// video; otherwise it is decoded, resampled (libswresample), scaled and encoded in the
/// format's `AudioCodec` (AAC for MP4 and MOV, Opus for WebM, or 16-bit PCM in MOV). `VideoEncoder` asks for the audio up to each video frame's time, so
/// the file interleaves and nothing piles up in memory.
final class AudioMuxer {
    /// Whether the packets are copied unchanged.
    let copies: Bool
    private let codec: AudioCodec
    private var input: UnsafeMutablePointer<AVFormatContext>?
    private let inputStream: UnsafeMutablePointer<AVStream>?
    /// Several tracks mixed: the samples come from the mix instead of one decoded file.
    private var mix: AudioMix?
    private let output: UnsafeMutablePointer<AVFormatContext>
    private let stream: UnsafeMutablePointer<AVStream>
    private var packet: UnsafeMutablePointer<AVPacket>?
    /// A packet read past the time asked for, written by a later call.
    private var held = false
    private var inputEnded = false
    // Encoding only.
    private var decoder: UnsafeMutablePointer<AVCodecContext>?
    private var encoder: UnsafeMutablePointer<AVCodecContext>?
    private var resampler: OpaquePointer?
    private var frame: UnsafeMutablePointer<AVFrame>?
    private var rate = 0
    private var channels = 0
    /// Interleaved float samples at the encoder's rate, volume applied, from `readIndex` on.
    private var pending: [Float] = []
    private var readIndex = 0
    /// Samples (per channel) given to the encoder, silence included.
    private var samplesOut: Int64 = 0
    /// Silence before the track (it starts later than the video), then samples of the track to
    /// drop (it started earlier), per channel.
    private var leadingSilence = 0
    private var skip = 0
    private let volume: Float
    /// The input stream's start time, in its time base: copied packets are shifted back by it.
    private let inputShift: Int64

    /// The sound of `output` in `format`'s audio codec: one track at normal speed placed as
    /// it is (its packets copied when they can be), several mixed; nil without tracks. The
    /// video starts at timeline time `offset` and lasts `duration` seconds.
    static func make(
        _ tracks: [AudioTrack], format: OutputFormat, offset: Double, duration: Double,
        output: UnsafeMutablePointer<AVFormatContext>
    ) throws(FFmpegError) -> AudioMuxer? {
        guard let codec = format.audioCodec ?? format.audioCodecs.first, !tracks.isEmpty else { return nil }
        if tracks.count == 1, tracks[0].speed == 1 {
            return try AudioMuxer(
                tracks[0], codec: codec, asked: format.audioCodec != nil, offset: offset, duration: duration, output: output)
        }
        return try AudioMuxer(mixing: tracks, codec: codec, offset: offset, output: output)
    }

    /// Several tracks (`tracks`: sounds at their times, speeds and volumes) mixed into one
    /// stream of `output` in `codec`, the video starting at timeline time `offset`.
    private init(mixing tracks: [AudioTrack], codec: AudioCodec, offset: Double, output: UnsafeMutablePointer<AVFormatContext>)
        throws(FFmpegError)
    {
        FFmpegLog.quiet
        self.output = output
        self.codec = codec
        volume = 1
        inputShift = 0
        inputStream = nil
        copies = false
        guard let s = avformat_new_stream(output, nil) else {
            throw FFmpegError(call: "avformat_new_stream", message: "out of memory")
        }
        stream = s
        packet = av_packet_alloc()
        frame = av_frame_alloc()
        guard packet != nil, frame != nil else { throw FFmpegError(call: "av_packet_alloc", message: "out of memory") }
        try openEncoder(channels: 2, rate: 48000)
        mix = try AudioMix(tracks, offset: offset, rate: rate, channels: channels)
    }

    /// Opens `track` and adds its stream to `output` (before the header is written). The video
    /// starts at timeline time `offset` and is expected to last `duration` seconds. Its
    /// packets may be copied when they are in `codec`, or, unless the codec was `asked` for,
    /// in any codec the container takes.
    private init(
        _ track: AudioTrack, codec: AudioCodec, asked: Bool, offset: Double, duration: Double,
        output: UnsafeMutablePointer<AVFormatContext>
    ) throws(FFmpegError) {
        FFmpegLog.quiet
        self.output = output
        self.codec = codec
        volume = Float(track.volume)
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
        inputStream = source
        let tb = source.pointee.time_base
        let start = source.pointee.start_time
        inputShift = start == reel_nopts_value() ? 0 : start
        let length =
            source.pointee.duration > 0
            ? Double(source.pointee.duration) * av_q2d(tb)
            : Double(max(0, input!.pointee.duration)) / Double(AV_TIME_BASE)
        let lead = track.start - offset
        let par = source.pointee.codecpar!
        let takes =
            asked
            ? avcodec_find_encoder_by_name(codec.encoder)?.pointee.id == par.pointee.codec_id
            : avformat_query_codec(output.pointee.oformat, par.pointee.codec_id, FF_COMPLIANCE_NORMAL) == 1
        copies = takes && track.volume == 1 && abs(lead) < 1e-9 && length + 1e-6 >= duration
        guard let s = avformat_new_stream(output, nil) else { throw fail("out of memory") }
        stream = s
        packet = av_packet_alloc()
        guard packet != nil else { throw fail("out of memory") }
        if copies {
            try FFmpegError.check(avcodec_parameters_copy(s.pointee.codecpar, par), "avcodec_parameters_copy")
            s.pointee.codecpar.pointee.codec_tag = 0
            s.pointee.time_base = tb
        } else {
            try openCodecs(source, lead: lead)
        }
        self.input = input
        complete = true
    }

    deinit {
        av_packet_free(&packet)
        av_frame_free(&frame)
        avcodec_free_context(&decoder)
        avcodec_free_context(&encoder)
        swr_free(&resampler)
        avformat_close_input(&input)
    }

    /// The decoder, the encoder of `codec`, and the resampler between them.
    private func openCodecs(_ source: UnsafeMutablePointer<AVStream>, lead: Double) throws(FFmpegError) {
        let par = source.pointee.codecpar!
        guard let decoding = avcodec_find_decoder(par.pointee.codec_id), let d = avcodec_alloc_context3(decoding) else {
            throw FFmpegError(call: "avcodec_find_decoder", message: "no decoder for this audio codec")
        }
        decoder = d
        try FFmpegError.check(avcodec_parameters_to_context(d, par), "avcodec_parameters_to_context")
        try FFmpegError.check(avcodec_open2(d, decoding, nil), "avcodec_open2(audio decoder)")
        try openEncoder(
            channels: min(2, max(1, Int(d.pointee.ch_layout.nb_channels))),
            rate: Int(d.pointee.sample_rate > 0 ? d.pointee.sample_rate : 48000))
        let e = encoder!
        try FFmpegError.check(
            swr_alloc_set_opts2(
                &resampler, &e.pointee.ch_layout, AV_SAMPLE_FMT_FLT, Int32(rate), &d.pointee.ch_layout, d.pointee.sample_fmt,
                d.pointee.sample_rate, 0, nil), "swr_alloc_set_opts2")
        try FFmpegError.check(swr_init(resampler), "swr_init")
        frame = av_frame_alloc()
        guard frame != nil else { throw FFmpegError(call: "av_frame_alloc", message: "out of memory") }
        leadingSilence = lead > 0 ? Int((lead * Double(rate)).rounded()) : 0
        skip = lead < 0 ? Int((-lead * Double(rate)).rounded()) : 0
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

    /// Makes sure `count` samples per channel are pending: leading silence, then the track,
    /// then silence once it has ended.
    private func fill(_ count: Int) throws(FFmpegError) {
        while (pending.count - readIndex) / channels < count {
            if let mix {
                if readIndex > 1 << 16 {
                    pending.removeFirst(readIndex)
                    readIndex = 0
                }
                if let samples = try mix.next() {
                    pending.append(contentsOf: samples)
                } else {
                    pending.append(contentsOf: repeatElement(0, count: count * channels))
                }
            } else if leadingSilence > 0 {
                let n = min(leadingSilence, count)
                pending.append(contentsOf: repeatElement(0, count: n * channels))
                leadingSilence -= n
            } else if inputEnded {
                pending.append(contentsOf: repeatElement(0, count: count * channels))
            } else {
                try decodeMore()
            }
        }
    }

    /// Decodes the next packet (or flushes at the end) and appends its samples, resampled.
    private func decodeMore() throws(FFmpegError) {
        if try readPacket() {
            let sent = avcodec_send_packet(decoder, packet)
            av_packet_unref(packet)
            // A damaged packet is skipped, as players do.
            if sent < 0, sent != reel_averror_invaliddata() { try FFmpegError.check(sent, "avcodec_send_packet(audio)") }
        } else {
            try FFmpegError.check(avcodec_send_packet(decoder, nil), "avcodec_send_packet(audio end)")
            inputEnded = true
        }
        while true {
            let r = avcodec_receive_frame(decoder, frame)
            if r == reel_averror_eagain() || r == reel_averror_eof() { break }
            try FFmpegError.check(r, "avcodec_receive_frame(audio)")
            try resample(frame)
            av_frame_unref(frame)
        }
        if inputEnded { try resample(nil) }
    }

    /// Resamples `source` (nil: what the resampler still holds) into `pending`.
    private func resample(_ source: UnsafeMutablePointer<AVFrame>?) throws(FFmpegError) {
        let inCount = source.map { Int($0.pointee.nb_samples) } ?? 0
        let room = Int(swr_get_out_samples(resampler, Int32(inCount))) + 32
        if readIndex > 1 << 16 {
            pending.removeFirst(readIndex)
            readIndex = 0
        }
        // Converted straight onto the end of `pending`, then cut to what came out.
        let end = pending.count
        pending.append(contentsOf: repeatElement(0, count: room * channels))
        let made: Int32 = pending.withUnsafeMutableBufferPointer { all in
            var planes: UnsafeMutablePointer<UInt8>? = UnsafeMutableRawPointer(all.baseAddress! + end).assumingMemoryBound(
                to: UInt8.self)
            return withUnsafeMutablePointer(to: &planes) { dst in
                guard let source else { return swr_convert(resampler, dst, Int32(room), nil, 0) }
                let inputPlanes = max(1, Int(source.pointee.ch_layout.nb_channels))
                return source.pointee.extended_data.withMemoryRebound(to: UnsafePointer<UInt8>?.self, capacity: inputPlanes) {
                    swr_convert(resampler, dst, Int32(room), $0, Int32(inCount))
                }
            }
        }
        pending.removeLast((room - max(0, Int(made))) * channels)
        try FFmpegError.check(made, "swr_convert")
        // Samples before the video's start (a track placed earlier) are dropped.
        let dropped = min(skip, Int(made))
        skip -= dropped
        pending.removeSubrange(end..<(end + dropped * channels))
        if volume != 1 {
            for k in end..<pending.count { pending[k] *= volume }
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
                        // As libswresample converts: rounded to the nearest step of 1/32768, clipped.
                        plane.assumingMemoryBound(to: Int16.self)[at] = Int16(clamping: Int((sample * 32768).rounded()))
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
