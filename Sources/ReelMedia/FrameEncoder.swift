/// Where rendered frames go, in order: a video encoder and muxer (`VideoEncoder`) or the GIF
/// path that maps frames to a palette first (`GIFEncoder`).
public protocol FrameEncoder: AnyObject {
    /// Takes the next frame.
    func encode(_ frame: VideoFrame) throws(FFmpegError)
    /// Flushes what is held and completes the file.
    func finish() throws(FFmpegError)
}
