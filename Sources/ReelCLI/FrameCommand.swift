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

    @OptionGroup var canvas: CanvasOptions

    @OptionGroup var assets: AssetsRootOption

    @OptionGroup var memory: MemoryLimitOption

    @Flag(help: "Draw a clip frame that fails to decode as nothing instead of stopping.")
    var allowDamagedVideo = false

    func run() throws {
        try reportingErrors {
            let timeline = try canvas.apply(
                to: assets.load(
                    moment.overlay.timeline(moment.timeline), overlay: moment.overlay.overlay,
                    variables: moment.template.variables))
            try moment.checkTime(in: timeline)
            let renderer = try FrameRenderer(timeline: timeline, memory: memory.budget)
            for warning in TextInspection.fonts(of: timeline, assets: renderer.assets).warnings
                + TextInspection.captionWarnings(renderer.assets)
            {
                printError("warning: \(warning)")
            }
            let buffer = renderer.render(time: moment.time)
            if !allowDamagedVideo, let damage = renderer.assets.videos?.damage { throw damage }
            let png = try ImageWriter.pngData(buffer)
            try AtomicOutput(destination: output, protecting: [moment.timeline].compactMap { $0 } + moment.overlay.inputs).write(
                png)
        }
    }
}
