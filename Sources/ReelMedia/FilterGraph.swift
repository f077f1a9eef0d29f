import CFFmpeg
import ReelCore

/// A libavfilter graph fed RGBA pictures (and, for a second input, one more picture such as a
/// palette) and drained frame by frame: `filter` names one filter with its options
/// (`palettegen=max_colors=256`), linked from the sources to a sink.
final class FilterGraph {
    private var graph: UnsafeMutablePointer<AVFilterGraph>?
    private var sources: [UnsafeMutablePointer<AVFilterContext>] = []
    private var sink: UnsafeMutablePointer<AVFilterContext>?
    private var output: UnsafeMutablePointer<AVFrame>?

    /// `inputs`: each source's size and pixel format, in the filter's input order.
    init(filter: String, options: String, inputs: [(width: Int, height: Int, pixelFormat: String)], frameRate: FrameRate)
        throws(FFmpegError)
    {
        FFmpegLog.quiet
        graph = avfilter_graph_alloc()
        output = av_frame_alloc()
        guard let graph, output != nil else { throw FFmpegError(call: "avfilter_graph_alloc", message: "out of memory") }
        graph.pointee.nb_threads = 1
        for (i, input) in inputs.enumerated() {
            let args =
                "video_size=\(input.width)x\(input.height):pix_fmt=\(av_get_pix_fmt(input.pixelFormat).rawValue):time_base=\(frameRate.denominator)/\(frameRate.numerator):pixel_aspect=1/1"
            var made: UnsafeMutablePointer<AVFilterContext>?
            try FFmpegError.check(
                avfilter_graph_create_filter(&made, avfilter_get_by_name("buffer"), "in\(i)", args, nil, graph),
                "avfilter_graph_create_filter(buffer)")
            sources.append(made!)
        }
        var filterContext: UnsafeMutablePointer<AVFilterContext>?
        guard let definition = avfilter_get_by_name(filter) else {
            throw FFmpegError(call: "avfilter_get_by_name", message: "\(filter) is not in this FFmpeg build")
        }
        try FFmpegError.check(
            avfilter_graph_create_filter(&filterContext, definition, filter, options, nil, graph),
            "avfilter_graph_create_filter(\(filter)=\(options))")
        try FFmpegError.check(
            avfilter_graph_create_filter(&sink, avfilter_get_by_name("buffersink"), "out", nil, nil, graph),
            "avfilter_graph_create_filter(buffersink)")
        for (i, source) in sources.enumerated() {
            try FFmpegError.check(avfilter_link(source, 0, filterContext, UInt32(i)), "avfilter_link")
        }
        try FFmpegError.check(avfilter_link(filterContext, 0, sink, 0), "avfilter_link")
        try FFmpegError.check(avfilter_graph_config(graph, nil), "avfilter_graph_config")
    }

    deinit {
        av_frame_free(&output)
        avfilter_graph_free(&graph)
    }

    /// Feeds `frame` (its pts set) to input `input`, keeping the caller's reference.
    func push(_ frame: UnsafeMutablePointer<AVFrame>, input: Int = 0) throws(FFmpegError) {
        try FFmpegError.check(
            av_buffersrc_add_frame_flags(sources[input], frame, Int32(AV_BUFFERSRC_FLAG_KEEP_REF)), "av_buffersrc_add_frame")
    }

    /// Tells input `input` no more frames come.
    func close(input: Int = 0) throws(FFmpegError) {
        try FFmpegError.check(av_buffersrc_add_frame_flags(sources[input], nil, 0), "av_buffersrc_add_frame(end)")
    }

    /// Hands each frame the graph has ready to `body` (valid only during the call).
    func drain(_ body: (UnsafeMutablePointer<AVFrame>) throws(FFmpegError) -> Void) throws(FFmpegError) {
        while true {
            let r = av_buffersink_get_frame(sink, output)
            if r == reel_averror_eagain() || r == reel_averror_eof() { return }
            try FFmpegError.check(r, "av_buffersink_get_frame")
            defer { av_frame_unref(output) }
            try body(output!)
        }
    }
}
