import CFFmpeg
import ReelCore

/// Several sound files mixed into one track by libavfilter: each file read by `amovie`, its
/// part before the output's start trimmed (`atrim`), played at its speed (`atempo`), scaled
/// (`volume`), delayed to its start (`adelay`), converted to one rate and layout, and all
/// summed (`amix`, not normalised: each keeps its volume). Pulled as interleaved floats.
final class AudioMix {
    private var graph: UnsafeMutablePointer<AVFilterGraph>?
    private var sink: UnsafeMutablePointer<AVFilterContext>?
    private var frame: UnsafeMutablePointer<AVFrame>?
    private(set) var ended = false
    let rate: Int
    let channels: Int

    /// `tracks` placed on the timeline; the output starts at timeline time `offset`, at
    /// `rate` samples per second in `channels` (1 or 2) channels.
    init(_ tracks: [AudioTrack], offset: Double, rate: Int, channels: Int) throws(FFmpegError) {
        FFmpegLog.quiet
        self.rate = rate
        self.channels = channels
        graph = avfilter_graph_alloc()
        frame = av_frame_alloc()
        guard let graph, frame != nil else { throw FFmpegError(call: "avfilter_graph_alloc", message: "out of memory") }
        graph.pointee.nb_threads = 1
        func make(_ name: String, _ args: String?, label: String) throws(FFmpegError) -> UnsafeMutablePointer<AVFilterContext> {
            var made: UnsafeMutablePointer<AVFilterContext>?
            guard let definition = avfilter_get_by_name(name) else {
                throw FFmpegError(call: "avfilter_get_by_name", message: "\(name) is not in this FFmpeg build")
            }
            try FFmpegError.check(
                avfilter_graph_create_filter(&made, definition, label, args, nil, graph),
                "avfilter_graph_create_filter(\(name)=\(args ?? ""))")
            return made!
        }
        let layout = channels == 1 ? "mono" : "stereo"
        var ends: [UnsafeMutablePointer<AVFilterContext>] = []
        for (i, track) in tracks.enumerated() {
            // The file, opened by the graph itself (its path set as an option: no escaping).
            guard let source = avfilter_graph_alloc_filter(graph, avfilter_get_by_name("amovie"), "file\(i)") else {
                throw FFmpegError(call: "avfilter_graph_alloc_filter(amovie)", message: "out of memory")
            }
            try FFmpegError.check(av_opt_set(source, "filename", track.path, AV_OPT_SEARCH_CHILDREN), "av_opt_set(filename)")
            try FFmpegError.check(avfilter_init_str(source, nil), "amovie \(track.path)")
            var chain = [source]
            let speed = track.speed
            // Seconds of the file before the output's start, and silence before the file starts.
            let skip = max(0, (offset - track.start) * speed)
            let delay = max(0, track.start - offset)
            if skip > 0 {
                chain.append(try make("atrim", "start=\(skip)", label: "trim\(i)"))
                chain.append(try make("asetpts", "PTS-STARTPTS", label: "pts\(i)"))
            }
            // atempo takes 0.5...100 a stage.
            var tempo = speed
            var stage = 0
            while abs(tempo - 1) > 1e-12 {
                let step = tempo < 0.5 ? 0.5 : min(tempo, 100)
                chain.append(try make("atempo", "tempo=\(step)", label: "tempo\(i)_\(stage)"))
                tempo /= step
                stage += 1
            }
            if track.volume != 1 {
                chain.append(try make("volume", "volume=\(track.volume):precision=double", label: "volume\(i)"))
            }
            chain.append(try make("aresample", "\(rate)", label: "rate\(i)"))
            chain.append(try make("aformat", "sample_fmts=flt:channel_layouts=\(layout)", label: "format\(i)"))
            if delay > 0 {
                let samples = Int((delay * Double(rate)).rounded())
                chain.append(try make("adelay", "delays=\(samples)S:all=1", label: "delay\(i)"))
            }
            for (a, b) in zip(chain, chain.dropFirst()) { try FFmpegError.check(avfilter_link(a, 0, b, 0), "avfilter_link") }
            ends.append(chain.last!)
        }
        var out = ends[0]
        if ends.count > 1 {
            let mix = try make("amix", "inputs=\(ends.count):normalize=0:duration=longest:dropout_transition=0", label: "mix")
            for (i, end) in ends.enumerated() { try FFmpegError.check(avfilter_link(end, 0, mix, UInt32(i)), "avfilter_link") }
            out = try make("aformat", "sample_fmts=flt:channel_layouts=\(layout):sample_rates=\(rate)", label: "out")
            try FFmpegError.check(avfilter_link(mix, 0, out, 0), "avfilter_link")
        }
        sink = try make("abuffersink", nil, label: "sink")
        try FFmpegError.check(avfilter_link(out, 0, sink, 0), "avfilter_link")
        try FFmpegError.check(avfilter_graph_config(graph, nil), "avfilter_graph_config")
    }

    deinit {
        av_frame_free(&frame)
        avfilter_graph_free(&graph)
    }

    /// The next samples of the mix, interleaved; nil at its end.
    func next() throws(FFmpegError) -> [Float]? {
        guard !ended else { return nil }
        let r = av_buffersink_get_frame(sink, frame)
        if r == reel_averror_eof() {
            ended = true
            return nil
        }
        try FFmpegError.check(r, "av_buffersink_get_frame(audio mix)")
        defer { av_frame_unref(frame) }
        let count = Int(frame!.pointee.nb_samples) * channels
        let samples = UnsafeRawPointer(frame!.pointee.extended_data[0]!).assumingMemoryBound(to: Float.self)
        return Array(UnsafeBufferPointer(start: samples, count: count))
    }
}
