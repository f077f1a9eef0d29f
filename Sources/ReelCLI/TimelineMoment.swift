import ArgumentParser
import Reel
import ReelTimeline

/// The options of commands that look at one moment of a timeline: the file and a time.
struct TimelineMoment: ParsableArguments {
    @Argument(help: "The timeline JSON file (may be left out with --video).")
    var timeline: String?

    @OptionGroup var overlay: OverlayOptions

    @OptionGroup var template: TemplateOptions

    @Option(help: "Time in seconds.")
    var time: Double = 0

    /// The timeline file, with its clip and captions.
    func open(assetsRoot: String? = nil, checkingFiles: Bool = true) throws -> Timeline {
        try TimelineFile.open(
            try overlay.timeline(timeline), assetsRoot: assetsRoot, overlay: overlay.overlay, variables: template.variables,
            checkingFiles: checkingFiles)
    }

    func validate() throws {
        guard time.isFinite, time >= 0 else { throw ValidationError("--time must be 0 or more seconds, found \(time)") }
    }
}
