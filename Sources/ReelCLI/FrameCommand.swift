import ArgumentParser
import Foundation
import Reel
import ReelMedia

/// `reel frame`: one frame of a timeline as a PNG.
struct FrameCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "frame",
        abstract: "Render the frame at one time as a PNG.")

    @Argument(help: "The timeline JSON file.")
    var timeline: String

    @Option(help: "Time in seconds.")
    var time: Double = 0

    @Option(name: .shortAndLong, help: "Output PNG file.")
    var output: String

    func validate() throws {
        guard time.isFinite, time >= 0 else { throw ValidationError("--time must be 0 or more seconds, found \(time)") }
    }

    func run() throws {
        try reportingErrors {
            let timeline = try loadTimeline(self.timeline)
            let buffer = FrameRenderer(timeline: timeline).render(time: time)
            let png = try ImageWriter.pngData(buffer)
            try AtomicOutput(destination: output).write { try png.write(to: URL(fileURLWithPath: $0)) }
        }
    }
}
