import ArgumentParser
import Foundation
import Reel
import ReelMedia

/// `reel frame`: one frame of a timeline as a PNG.
struct FrameCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "frame",
        abstract: "Render the frame at one time as a PNG.")

    @OptionGroup var moment: TimelineMoment

    @Option(name: .shortAndLong, help: "Output PNG file.")
    var output: String

    @OptionGroup var assets: AssetsRootOption

    @OptionGroup var memory: MemoryLimitOption

    func run() throws {
        try reportingErrors {
            let timeline = try assets.load(moment.timeline)
            let buffer = try FrameRenderer(timeline: timeline, memory: memory.budget).render(time: moment.time)
            let png = try ImageWriter.pngData(buffer)
            try AtomicOutput(destination: output, protecting: [moment.timeline]).write(png)
        }
    }
}
