import Foundation
import ReelFormat
import ReelLottie
import ReelMedia
import ReelTimeline

/// The one way a timeline file comes in, for every command: read and checked, its own
/// problems and its asset files' reported together, with the assets root the user names and,
/// with `--video`, over a clip.
public enum TimelineFile {
    /// The timeline at `path`, its asset files held to `assetsRoot` (the timeline's folder
    /// when nil) and checked, with the overlay's clip and captions when given (no path: an
    /// empty timeline over the clip); throws every problem found at once.
    /// `checkingFiles: false` leaves the asset files unchecked, for commands that draw nothing
    /// (`hit`).
    public static func open(
        _ path: String?, assetsRoot: String? = nil, overlay: Overlay = Overlay(), variables: [String: TemplateValue] = [:],
        checkingFiles: Bool = true
    ) throws -> Timeline {
        let root = assetsRoot.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        var timeline: Timeline
        do {
            if let path, overlay.isEmpty {
                if let lottie = try LottieFile.open(path) {
                    // A Lottie file has no template variables (`reel import` makes a timeline that can).
                    _ = try TemplateVariables.resolve(.object([]), set: variables, file: path)
                    timeline = lottie
                } else {
                    var sources = Self.sceneSources
                    sources.opening = [URL(fileURLWithPath: path).standardizedFileURL.path]
                    timeline = try Timeline.load(contentsOf: path, variables: variables, scenes: sources)
                }
            } else {
                timeline = try VideoOverlay.load(path, overlay: overlay, variables: variables)
            }
        } catch var error as TimelineError {
            // A misspelt name and a missing file are reported in the same run.
            if var files = error.assetFiles, checkingFiles {
                if let root { files.root = root }
                error.problems += files.problems()
            }
            throw error
        }
        if let root { timeline.assetsRoot = root }
        // The model's limits hold for a timeline made in code too (the clip overlay adds a
        // layer); a file's were checked as it was decoded.
        let problems =
            (overlay.isEmpty ? [] : timeline.problems()) + (checkingFiles ? timeline.assetFiles.problems() : [])
        guard problems.isEmpty else { throw TimelineError(file: timeline.file, problems: problems, warnings: timeline.warnings) }
        return timeline
    }

    /// Scenes' sources as every command opens them: a Lottie file or a Reel timeline, found by
    /// content; a clip's length read from the file.
    static let sceneSources = SceneSources(
        openTimeline: { path, sources throws(TimelineError) in
            if let lottie = try LottieFile.open(path) { return lottie }
            return try Timeline.load(contentsOf: path, scenes: sources)
        },
        clipLength: { path in (try? VideoClip(path: path))?.info.duration })
}
