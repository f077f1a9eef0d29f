import CFFmpeg
import ReelCore

/// One sound file decoded by libavfilter at the mix's rate: `amovie` reads it, `atempo` plays
/// it at its speed, `aresample` (libswresample) brings it to 48 kHz and `aformat` to floats in
/// its own one or two channels (more are mixed down to two), pulled as stereo frames (a mono
/// source feeds both channels at gain 1).
final class SoundSource {
    private var graph: UnsafeMutablePointer<AVFilterGraph>?
    private var sink: UnsafeMutablePointer<AVFilterContext>?
    private var frame: UnsafeMutablePointer<AVFrame>?
    private(set) var ended = false

    /// `track`'s file at `rate`; a file libav cannot read as sound throws, naming the track.
    init(_ track: AudioTrack, rate: Int) throws(FFmpegError) {
        FFmpegLog.quiet
        func fail(_ what: String) -> FFmpegError { FFmpegError(call: "audio \(track.name)", message: what) }
        // Checked first, so the message says what the file is rather than which filter failed.
        var input: UnsafeMutablePointer<AVFormatContext>?
        guard avformat_open_input(&input, track.path, nil, nil) >= 0, avformat_find_stream_info(input, nil) >= 0 else {
            avformat_close_input(&input)
            throw fail("\(track.path) is not a sound file libav can read")
        }
        let found = av_find_best_stream(input, AVMEDIA_TYPE_AUDIO, -1, -1, nil, 0)
        avformat_close_input(&input)
        guard found >= 0 else { throw fail("\(track.path) has no audio stream") }
        graph = avfilter_graph_alloc()
        frame = av_frame_alloc()
        guard let graph, frame != nil else { throw fail("out of memory") }
        graph.pointee.nb_threads = 1
        func make(_ name: String, _ args: String?) throws(FFmpegError) -> UnsafeMutablePointer<AVFilterContext> {
            var made: UnsafeMutablePointer<AVFilterContext>?
            guard let definition = avfilter_get_by_name(name) else {
                throw FFmpegError(call: "avfilter_get_by_name", message: "\(name) is not in this FFmpeg build")
            }
            try FFmpegError.check(
                avfilter_graph_create_filter(&made, definition, name, args, nil, graph),
                "avfilter_graph_create_filter(\(name)=\(args ?? ""))")
            return made!
        }
        // The file, opened by the graph itself (its path set as an option: no escaping).
        guard let source = avfilter_graph_alloc_filter(graph, avfilter_get_by_name("amovie"), "file") else {
            throw fail("out of memory")
        }
        try FFmpegError.check(av_opt_set(source, "filename", track.path, AV_OPT_SEARCH_CHILDREN), "av_opt_set(filename)")
        try FFmpegError.check(avfilter_init_str(source, nil), "amovie \(track.path)")
        var chain = [source]
        // atempo takes 0.5...100 a stage.
        var tempo = track.speed
        var stage = 0
        while abs(tempo - 1) > 1e-12 {
            let step = tempo < 0.5 ? 0.5 : min(tempo, 100)
            var made: UnsafeMutablePointer<AVFilterContext>?
            try FFmpegError.check(
                avfilter_graph_create_filter(&made, avfilter_get_by_name("atempo"), "tempo\(stage)", "tempo=\(step)", nil, graph),
                "avfilter_graph_create_filter(atempo)")
            chain.append(made!)
            tempo /= step
            stage += 1
        }
        chain.append(try make("aresample", "\(rate)"))
        chain.append(try make("aformat", "sample_fmts=flt:channel_layouts=mono|stereo:sample_rates=\(rate)"))
        sink = try make("abuffersink", nil)
        chain.append(sink!)
        for (a, b) in zip(chain, chain.dropFirst()) { try FFmpegError.check(avfilter_link(a, 0, b, 0), "avfilter_link") }
        try FFmpegError.check(avfilter_graph_config(graph, nil), "avfilter_graph_config")
    }

    deinit {
        av_frame_free(&frame)
        avfilter_graph_free(&graph)
    }

    /// Appends the next decoded frames' samples to `samples` as stereo pairs; false (and
    /// nothing appended) at the file's end.
    func read(into samples: inout [Float]) throws(FFmpegError) -> Bool {
        guard !ended else { return false }
        let r = av_buffersink_get_frame(sink, frame)
        if r == reel_averror_eof() {
            ended = true
            return false
        }
        try FFmpegError.check(r, "av_buffersink_get_frame(audio)")
        defer { av_frame_unref(frame) }
        let count = Int(frame!.pointee.nb_samples)
        let channels = Int(frame!.pointee.ch_layout.nb_channels)
        let data = UnsafeRawPointer(frame!.pointee.extended_data[0]!).assumingMemoryBound(to: Float.self)
        samples.reserveCapacity(samples.count + 2 * count)
        if channels == 1 {
            for i in 0..<count {
                samples.append(data[i])
                samples.append(data[i])
            }
        } else {
            samples.append(contentsOf: UnsafeBufferPointer(start: data, count: 2 * count))
        }
        return true
    }

    /// How many samples the rest of the file holds, read to its end.
    func countToEnd() throws(FFmpegError) -> Int {
        var total = 0
        var scratch: [Float] = []
        while try read(into: &scratch) {
            total += scratch.count / 2
            scratch.removeAll(keepingCapacity: true)
        }
        return total
    }
}
