import Foundation
import ReelTimeline

/// How a scene's `timeline` and `video` sources are opened: the caller's one way in (a Lottie
/// file among timelines where the caller can read them), and the files being opened around
/// it, so a timeline that includes itself is refused.
public struct SceneSources: Sendable {
    /// Opens the timeline (or Lottie) file at an absolute path with these sources for its own scenes.
    public var openTimeline: @Sendable (String, SceneSources) throws(TimelineError) -> Timeline
    /// A clip's length in seconds; nil where it cannot be read.
    public var clipLength: @Sendable (String) -> Double?
    /// Files being opened, outermost first.
    public var opening: [String] = []

    public init(
        openTimeline: @escaping @Sendable (String, SceneSources) throws(TimelineError) -> Timeline,
        clipLength: @escaping @Sendable (String) -> Double?
    ) {
        self.openTimeline = openTimeline
        self.clipLength = clipLength
    }

    /// Reel timeline files only, clips of unknown length: what the format alone can open.
    public static let reelFilesOnly = SceneSources(
        openTimeline: { path, sources throws(TimelineError) in try Timeline.load(contentsOf: path, scenes: sources) },
        clipLength: { _ in nil })

    /// The most files opened inside one another.
    public static let maximumDepth = 8
}
