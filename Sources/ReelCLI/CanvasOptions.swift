import ArgumentParser
import ReelCore
import ReelMedia
import ReelTimeline

/// `--scale` and `--background`, for any timeline (a Lottie file's canvas is transparent):
/// the commands that draw take them.
struct CanvasOptions: ParsableArguments {
    @Option(help: "Draw at this many times the canvas's pixel size, as vectors (0.05 to 100, at most 16384 pixels each way).")
    var scale: Double = 1

    @Option(
        help:
            "Fill the canvas's background with this colour: #RRGGBB, #RRGGBBAA or a CSS colour (a name, rgb(), hsl()); a Lottie file's is white."
    )
    var background: String?

    func validate() throws {
        guard scale.isFinite, (0.05...100).contains(scale) else {
            throw ValidationError("--scale must be 0.05...100, found \(scale)")
        }
        if let background, Color(css: background) == nil {
            throw ValidationError(
                "--background must be a colour: #RRGGBB, #RRGGBBAA or a CSS colour (a name, rgb(), hsl()), found `\(background)`")
        }
    }

    /// A Lottie file (no background) into `format`, which has no alpha, with no `--background`:
    /// drawn over white, as LottieFiles' converters do, and said in one line on stderr.
    func lottieOverWhite(_ timeline: Timeline, into format: OutputFormat?, quiet: Bool) -> Timeline {
        guard background == nil, timeline.isLottie, timeline.canvas.background.alpha < 1, let format, !format.carriesAlpha
        else { return timeline }
        if !quiet {
            printError(
                "note: a Lottie file has no background; drawn over white into .\(format.fileExtension), which has no alpha (--background COLOR chooses another; .mov or .webm keep the transparency)"
            )
        }
        var t = timeline
        t.canvas.background = .white
        return t
    }

    /// `timeline` drawn at the scale on the background asked for.
    func apply(to timeline: Timeline) throws -> Timeline {
        var t = timeline.scaled(by: scale)
        if let background, let color = Color(css: background) { t.canvas.background = color }
        guard t.canvas.pixelWidth <= 16384, t.canvas.pixelHeight <= 16384,
            t.canvas.pixelWidth * t.canvas.pixelHeight <= Canvas.maximumPixels
        else {
            throw ValidationError(
                "--scale \(scale) makes a \(t.canvas.pixelWidth)x\(t.canvas.pixelHeight) frame; at most 16384 each way and \(Canvas.maximumPixels) pixels"
            )
        }
        return t
    }
}
