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

    func run() throws {
        try reportingErrors {
            let t = try loadTimeline(self.timeline)
            print("\(self.timeline): valid, \(t.canvas.pixelWidth)x\(t.canvas.pixelHeight), \(t.canvas.frameCount) frames at \(t.canvas.fps.framesPerSecond) fps")
        }
    }
}
