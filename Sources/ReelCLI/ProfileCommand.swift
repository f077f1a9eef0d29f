import ArgumentParser
import Foundation
import Reel
import ReelMedia

/// `reel profile`: where each frame's milliseconds go, stage by stage and layer by layer.
struct ProfileCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "profile",
        abstract: "Time every frame of a timeline stage by stage (evaluate, plan, draw, convert, encode).",
        discussion: """
            Renders the frames on the same workers as `reel render` and prints, per stage, the wall time \
            per frame (p50, p95, p99, max) and the mean CPU time of the thread that ran it; the slowest \
            frames; and the layers whose drawing cost most over all frames, with their shadow and mask parts. \
            Encode CPU is the calling thread's only: x264's own threads are not counted there.
            """)

    @Argument(help: "The timeline JSON file (may be left out with --video).")
    var timeline: String?

    @OptionGroup var overlay: OverlayOptions

    @OptionGroup var template: TemplateOptions

    @Option(help: "Only these frames, as A..<B (frame f shows time f / fps).")
    var frames: FrameRangeArgument?

    @Option(help: "Render worker threads (default: one per core).")
    var threads: Int = ProcessInfo.processInfo.activeProcessorCount

    @OptionGroup var canvas: CanvasOptions

    @OptionGroup var assets: AssetsRootOption

    @OptionGroup var memory: MemoryLimitOption

    @Flag(help: "Also encode the frames (x264, into a temporary file that is removed) and time that stage.")
    var encode = false

    @Option(help: "x264 preset when encoding: \(VideoSettings.presets.joined(separator: ", ")).")
    var preset: String = "veryfast"

    @Option(help: "x264 constant rate factor when encoding, 0 to 51.")
    var crf: Int = 20

    @Option(help: "Write the figures, per frame too, as JSON to this file.")
    var json: String?

    @Option(help: "Write a Chrome trace-event JSON file (opens in Perfetto): one track per thread.")
    var trace: String?

    @Option(help: "Write a PNG chart of per-frame cost stacked by stage.")
    var chart: String?

    @Option(help: "Also write the converted frames as raw yuv420p to this file (to time an encoder alone on them).")
    var rawVideo: String?

    func validate() throws {
        guard (1...256).contains(threads) else { throw ValidationError("--threads must be 1...256, found \(threads)") }
        guard (0...51).contains(crf) else { throw ValidationError("--crf must be 0...51, found \(crf)") }
        guard VideoSettings.presets.contains(preset) else {
            throw ValidationError("--preset must be one of \(VideoSettings.presets.joined(separator: ", ")), found \(preset)")
        }
        if let chart, !chart.lowercased().hasSuffix(".png") {
            throw ValidationError("--chart must name a .png file, found \(chart)")
        }
    }

    func run() throws {
        try reportingErrors {
            let timeline = try canvas.apply(
                to: assets.load(overlay.timeline(self.timeline), overlay: overlay.overlay, variables: template.variables)
            ).evenSized
            var raw: FileHandle?
            if let rawVideo {
                guard FileManager.default.createFile(atPath: rawVideo, contents: nil),
                    let handle = FileHandle(forWritingAtPath: rawVideo)
                else {
                    throw ValidationError("cannot write --raw-video \(rawVideo)")
                }
                raw = handle
            }
            defer { try? raw?.close() }
            let report = try FrameProfiler.profile(
                timeline, frames: frames?.range, threads: threads, encode: encode, crf: crf, preset: preset,
                rawVideo: raw, memory: memory.budget)
            print(report.table())
            if let json { try write(report.json(), to: json) }
            if let trace { try write(report.trace(), to: trace) }
            if let chart {
                try write(ImageWriter.pngData(report.chart()), to: chart)
                print("\nchart: \(chart)")
            }
        }
    }

    private func write(_ data: Data, to path: String) throws {
        try AtomicOutput(destination: path, protecting: [timeline].compactMap { $0 } + overlay.inputs).write(data)
    }
}
