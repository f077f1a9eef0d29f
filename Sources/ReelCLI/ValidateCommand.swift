import ArgumentParser
import Reel
import ReelTimeline

/// `reel validate`: every problem of a timeline file at once.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check a timeline file and list every problem with its JSON path.")

    @Argument(help: "The timeline JSON file.")
    var timeline: String

    @OptionGroup var memory: MemoryLimitOption

    func run() throws {
        try reportingErrors {
            let t = try loadTimeline(self.timeline)
            for warning in t.warnings { printError("warning: \(warning)") }
            // Every asset must decode, as a render would need it to, and one worker must fit the memory limit.
            let images = try TimelineAssets.load(t)
            _ = try memory.budget.workers(for: t, images: images, requested: 1)
            let layers = t.layers.reduce(0) { $0 + $1.count }
            let warnings = t.warnings.isEmpty ? "" : ", \(t.warnings.count) warning\(t.warnings.count == 1 ? "" : "s")"
            print(
                "\(self.timeline): valid: \(layers) layers, \(t.canvas.pixelWidth)x\(t.canvas.pixelHeight), \(t.canvas.frameCount) frames at \(t.canvas.fps.framesPerSecond) fps\(warnings)"
            )
        }
    }
}
