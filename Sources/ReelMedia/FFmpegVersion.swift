import CFFmpeg

/// The FFmpeg libraries this process runs with, as `reel --version` names them.
public enum FFmpegVersion {
    /// `FFmpeg 5.1.6 (libavcodec 59.37.100, libavformat 59.27.100, ...)`.
    public static var text: String {
        func dotted(_ v: UInt32) -> String { "\(v >> 16).\(v >> 8 & 0xFF).\(v & 0xFF)" }
        let libraries = [
            ("libavcodec", avcodec_version()), ("libavformat", avformat_version()), ("libavfilter", avfilter_version()),
            ("libswscale", swscale_version()), ("libswresample", swresample_version()), ("libavutil", avutil_version())
        ]
        return "FFmpeg \(String(cString: av_version_info())) ("
            + libraries.map { "\($0.0) \(dotted($0.1))" }.joined(separator: ", ") + ")"
    }
}
