import ArgumentParser
import Foundation
import Reel
import ReelMedia

/// `reel render`: a timeline to an H.264 MP4.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a timeline to an H.264 MP4 (yuv420p, BT.709, +faststart).")

    @Argument(help: "The timeline JSON file.")
    var timeline: String

    @Option(name: .shortAndLong, help: "Output file (default: the timeline file's base name + .mp4, in the current folder).")
    var output: String?

    @Option(help: "Render worker threads (default: one per core).")
    var threads: Int = ProcessInfo.processInfo.activeProcessorCount

    @Option(help: "x264 constant rate factor, 0 (lossless) to 51.")
    var crf: Int = 20

    @Option(help: "x264 preset: \(VideoSettings.presets.joined(separator: ", ")).")
    var preset: String = "veryfast"

    @Option(help: "Only these frames, as A..<B (frame f shows time f / fps).")
    var frames: FrameRangeArgument?

    @Flag(help: "Print nothing but errors.")
    var quiet = false

    @Flag(
        help:
            "On SIGINT, SIGTERM or SIGHUP, finish the file with the frames rendered so far (it plays) instead of leaving none; a second signal stops at once."
    )
    var keepPartial = false

    @OptionGroup var assets: AssetsRootOption

    @OptionGroup var memory: MemoryLimitOption

    func validate() throws {
        guard (1...256).contains(threads) else { throw ValidationError("--threads must be 1...256, found \(threads)") }
        guard (0...51).contains(crf) else { throw ValidationError("--crf must be 0...51, found \(crf)") }
        guard VideoSettings.presets.contains(preset) else {
            throw ValidationError("--preset must be one of \(VideoSettings.presets.joined(separator: ", ")), found \(preset)")
        }
    }

    func run() throws {
        try reportingErrors {
            let timeline = try assets.load(self.timeline)
            // The file's name, never the JSON `name`: a timeline must not choose where Reel writes.
            let path = output ?? URL(fileURLWithPath: self.timeline).deletingPathExtension().lastPathComponent + ".mp4"
            let options = RenderOptions(
                threads: threads, crf: crf, preset: preset, frames: frames?.range, memory: memory.budget,
                keepsPartial: keepPartial)
            let meter = ProgressMeter(enabled: !quiet)
            let result: ExportResult
            do {
                result = try VideoExporter.export(
                    timeline, to: path, protecting: [self.timeline], options: options,
                    notice: { if !quiet { printError("note: \($0)") } }, progress: meter.update)
            } catch let stopped as Interrupted {
                printError("\nreel: \(stopped)")
                throw ExitCode(128 + stopped.signal)
            }
            if let signal = result.interruption {
                let asked = frames?.range.count ?? timeline.canvas.frameCount
                printError(
                    "\nreel: \(Interruption.word(for: signal)); kept the first \(result.framesWritten) of \(asked) frames in \(path)"
                )
                throw ExitCode(128 + signal)
            }
            meter.finish(path: path, fps: timeline.canvas.fps.framesPerSecond)
        }
    }
}
