import ReelMedia

/// How `VideoExporter` renders: worker threads, encoder settings and which frames.
public struct RenderOptions: Sendable {
    /// Render workers; frames render in parallel, one per worker.
    public var threads: Int
    public var crf: Int
    public var preset: String
    /// Frames to render (default: all of the timeline). Frame f shows time f / fps.
    public var frames: Range<Int>?

    public init(threads: Int = ProcessInfo.processInfo.activeProcessorCount, crf: Int = 20, preset: String = "veryfast",
                frames: Range<Int>? = nil) {
        self.threads = max(1, threads)
        self.crf = crf
        self.preset = preset
        self.frames = frames
    }
}

import Foundation
