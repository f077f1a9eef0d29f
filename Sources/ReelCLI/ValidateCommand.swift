import ArgumentParser
import Reel
import ReelCore
import ReelTimeline

/// `reel validate`: every problem of a timeline file at once.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check a timeline file and list every problem with its JSON path.")

    @Argument(help: "The timeline JSON file.")
    var timeline: String

    @OptionGroup var assets: AssetsRootOption

    @OptionGroup var memory: MemoryLimitOption

    func run() throws {
        try reportingErrors {
            let t = try assets.load(self.timeline)
            for warning in t.warnings { printError("warning: \(warning)") }
            // Every asset must decode, as a render would need it to, and one worker must fit the memory limit.
            let images: [String: Image]
            do {
                images = try TimelineAssets.load(t)
            } catch let error as TimelineAssets.LoadError {
                throw TimelineError(file: self.timeline, problems: error.problems)
            }
            _ = try memory.budget.workers(for: t, images: images, requested: 1)
            let layers = t.layers.reduce(0) { $0 + $1.count }
            let warnings = t.warnings.isEmpty ? "" : ", \(t.warnings.count) warning\(t.warnings.count == 1 ? "" : "s")"
            print(
                "\(self.timeline): valid: \(layers) layers, \(t.canvas.pixelWidth)x\(t.canvas.pixelHeight), \(t.canvas.frameCount) frames at \(t.canvas.fps.framesPerSecond) fps\(warnings)"
            )
        }
    }
}
