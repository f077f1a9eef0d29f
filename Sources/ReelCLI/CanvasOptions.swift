import ArgumentParser
import ReelCore
import ReelTimeline

/// `--scale` and `--background`, for any timeline (a Lottie file's canvas is transparent):
/// the commands that draw take them.
struct CanvasOptions: ParsableArguments {
    @Option(help: "Draw at this many times the canvas's pixel size, as vectors (0.05 to 100, at most 16384 pixels each way).")
    var scale: Double = 1

    @Option(help: "Fill the canvas's background with this colour, #RRGGBB or #RRGGBBAA (a Lottie file's is transparent).")
    var background: String?

    func validate() throws {
        guard scale.isFinite, (0.05...100).contains(scale) else {
            throw ValidationError("--scale must be 0.05...100, found \(scale)")
        }
        if let background, Color(hex: background) == nil {
            throw ValidationError("--background must be a colour #RRGGBB or #RRGGBBAA, found `\(background)`")
        }
    }

    /// `timeline` drawn at the scale on the background asked for.
    func apply(to timeline: Timeline) throws -> Timeline {
        var t = timeline.scaled(by: scale)
        if let background, let color = Color(hex: background) { t.canvas.background = color }
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
