import ArgumentParser
import Foundation
import Reel
import ReelMedia

/// `reel render`: a timeline to a video file in the format its name picks.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a timeline to a video file; its extension picks the format.",
        discussion: """
            The output's extension picks the format (all tagged BT.709, limited range):
            \(OutputFormat.all.map { "  \($0.fileExtension.padding(toLength: 5, withPad: " ", startingAt: 0)) \($0.codecName) (--codec \($0.codecWord)): \($0.pixelFormat), \($0.carriesAlpha ? "straight alpha" : "opaque")" }.joined(separator: "\n"))
            The first of an extension is its default. A transparent canvas background needs a format with alpha.
            """)

    @Argument(help: "The timeline JSON file.")
    var timeline: String

    @Option(name: .shortAndLong, help: "Output file (default: the timeline file's base name + .mp4, in the current folder).")
    var output: String?

    @Option(help: "Render worker threads (default: one per core).")
    var threads: Int = ProcessInfo.processInfo.activeProcessorCount

    @Option(
        help:
            "The codec, where the extension allows several: \(Set(OutputFormat.all.map(\.codecWord)).sorted().joined(separator: ", "))."
    )
    var codec: String?

    @Option(help: "Constant rate factor for H.264 and VP9, 0 (best; lossless for H.264) to 51.")
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
                threads: threads, crf: crf, preset: preset, codec: codec, frames: frames?.range, memory: memory.budget,
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
