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

    @Option(help: "Draw at this many times the canvas's pixel size (0.05 to 4; a studio preview's scale).")
    var scale: Double = 1

    @OptionGroup var assets: AssetsRootOption

    @OptionGroup var memory: MemoryLimitOption

    @Flag(help: "Draw a clip frame that fails to decode as nothing instead of stopping.")
    var allowDamagedVideo = false

    func validate() throws {
        guard scale.isFinite, (0.05...4).contains(scale) else {
            throw ValidationError("--scale must be 0.05...4, found \(scale)")
        }
    }

    func run() throws {
        try reportingErrors {
            let timeline = try assets.load(moment.timeline).scaled(by: scale)
            let renderer = try FrameRenderer(timeline: timeline, memory: memory.budget)
            let buffer = renderer.render(time: moment.time)
            if !allowDamagedVideo, let damage = renderer.assets.videos?.damage { throw damage }
            let png = try ImageWriter.pngData(buffer)
            try AtomicOutput(destination: output, protecting: [moment.timeline]).write(png)
        }
    }
}
