import ArgumentParser
import Reel
import ReelTimeline

/// The options of commands that look at one moment of a timeline: the file and a time.
struct TimelineMoment: ParsableArguments {
    @Argument(help: "The timeline JSON file (may be left out with --video).")
    var timeline: String?

    @OptionGroup var overlay: OverlayOptions

    @OptionGroup var template: TemplateOptions

    // Unconditional, so `--time -1` is read as a value (and refused as one), not as an option.
    @Option(parsing: .unconditional, help: "Time in seconds, from 0 to the timeline's duration.")
    var time: Double = 0

    /// The timeline file, with its clip and captions; refused when the time lies past its end.
    func open(assetsRoot: String? = nil, checkingFiles: Bool = true) throws -> Timeline {
        let opened = try TimelineFile.open(
            try overlay.timeline(timeline), assetsRoot: assetsRoot, overlay: overlay.overlay, variables: template.variables,
            checkingFiles: checkingFiles)
        try checkTime(in: opened)
        return opened
    }

    /// Refuses a time before 0 or past the timeline's end (its duration itself is a time the
    /// timeline has), as `--frames` refuses frames outside it.
    func checkTime(in timeline: Timeline) throws(RenderError) {
        guard time >= 0, time <= timeline.canvas.duration else {
            throw .timeOutside(requested: time, duration: timeline.canvas.duration)
        }
    }

    func validate() throws {
        guard time.isFinite else { throw ValidationError("--time must be a number of seconds, found \(time)") }
    }
}
