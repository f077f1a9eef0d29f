import ArgumentParser
import Foundation
import Reel
import ReelCore
import ReelFormat
import ReelMedia
import ReelTimeline

/// `reel render`: a timeline to a video file in the format its name picks.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a timeline to a video file; its extension picks the format.",
        discussion: """
            The output's extension picks the format; video is tagged BT.709, limited range, PNG and GIF are sRGB:
            \(OutputFormat.all.map(Self.formatLine).joined(separator: "\n"))
            The first of an extension is its default. A transparent canvas background needs a format with alpha.
            A PNG sequence names one file per frame with a number pattern (frames/%05d.png, numbered by frame index).
            A GIF is rendered twice: once for its 256-colour palette, once to map the frames to it.
            """)

    /// One line of the format table: extension, codec, pixel formats, alpha.
    static func formatLine(_ f: OutputFormat) -> String {
        let ext = ".\(f.fileExtension)".padding(toLength: 6, withPad: " ", startingAt: 0)
        let pixels = f.usesPalette ? "256-colour palette" : f.pixelFormats.joined(separator: " or ")
        return "  \(ext) \(f.codecName) (--codec \(f.codecWord)): \(pixels), \(f.carriesAlpha ? "straight alpha" : "opaque")"
    }

    @Argument(help: "The timeline JSON file (may be left out with --video).")
    var timeline: String?

    @Option(
        name: .shortAndLong,
        help:
            "Output file, or a pattern such as frames/%05d.png (default: the timeline file's base name + .mp4, in the current folder)."
    )
    var output: String?

    @Option(help: "Render worker threads (default: one per core).")
    var threads: Int = ProcessInfo.processInfo.activeProcessorCount

    @Option(
        help:
            "The codec, where the extension allows several: \(Set(OutputFormat.all.map(\.codecWord)).sorted().joined(separator: ", "))."
    )
    var codec: String?

    @Option(
        name: .customLong("pix-fmt"),
        help: "The pixel format, where the codec takes several: yuv420p10le for 10-bit H.264 or HEVC.")
    var pixelFormat: String?

    @Option(
        help:
            "A sound file to mux beside the video (it replaces the timeline's `audio`): copied when the container takes its codec, else AAC (Opus for .webm); trimmed or padded to the video's length."
    )
    var audio: String?

    @OptionGroup var audioCodec: AudioCodecOption

    @Option(help: "A GIF's dithering: \(GIFEncoder.ditherings.joined(separator: ", ")).")
    var dither: String = GIFEncoder.ditherings[0]

    @Option(help: "Constant rate factor for H.264, HEVC and VP9, 0 (best; lossless for H.264) to 51.")
    var crf: Int = 20

    @Option(help: "x264 and x265 preset: \(VideoSettings.presets.joined(separator: ", ")).")
    var preset: String = "veryfast"

    @OptionGroup var overlay: OverlayOptions

    @OptionGroup var template: TemplateOptions

    @OptionGroup var data: DataOptions

    @Option(
        help: ArgumentHelp(
            "Render piece K of N (K/N, or `auto` from SLURM_ARRAY_TASK_ID, JOB_COMPLETION_INDEX or AWS_BATCH_JOB_ARRAY_INDEX with REEL_SEGMENTS) into the folder -o names, with a manifest, for `reel join`.",
            valueName: "K/N|auto"))
    var segment: String?

    @Option(help: "Only these frames, as A..<B (frame f shows time f / fps).")
    var frames: FrameRangeArgument?

    @Flag(help: "Print nothing but errors.")
    var quiet = false

    @Flag(
        help:
            "On SIGINT, SIGTERM or SIGHUP, finish the file with the frames rendered so far (it plays) instead of leaving none; a second signal stops at once."
    )
    var keepPartial = false

    @Flag(help: "Draw a clip frame that fails to decode as nothing, with a note, instead of stopping the render.")
    var allowDamagedVideo = false

    @OptionGroup var canvas: CanvasOptions

    @OptionGroup var assets: AssetsRootOption

    @OptionGroup var memory: MemoryLimitOption

    func validate() throws {
        guard (1...256).contains(threads) else { throw ValidationError("--threads must be 1...256, found \(threads)") }
        guard (0...51).contains(crf) else { throw ValidationError("--crf must be 0...51, found \(crf)") }
        guard VideoSettings.presets.contains(preset) else {
            throw ValidationError("--preset must be one of \(VideoSettings.presets.joined(separator: ", ")), found \(preset)")
        }
        guard GIFEncoder.ditherings.contains(dither) else {
            throw ValidationError("--dither must be one of \(GIFEncoder.ditherings.joined(separator: ", ")), found \(dither)")
        }
    }

    func run() throws {
        if data.data != nil { return try runBatch() }
        try reportingErrors {
            // Video needs even pixel sizes; a PNG sequence keeps the canvas as it is.
            let drawn = try canvas.apply(
                to: assets.load(
                    overlay.timeline(self.timeline), overlay: overlay.overlay, variables: template.variables, quiet: quiet))
            // The file's name, never the JSON `name`: a timeline must not choose where Reel writes.
            let named = self.timeline ?? overlay.video ?? "out"
            var path = output ?? URL(fileURLWithPath: named).deletingPathExtension().lastPathComponent + ".mp4"
            let format = try? OutputFormat.forOutput(path, codec: codec, pixelFormat: pixelFormat, audioCodec: audioCodec.codec)
            let timeline = canvas.lottieOverWhite(
                OutputFormat.namesSequence(output ?? "") ? drawn : drawn.evenSized, into: format, quiet: quiet)
            if !quiet { try printTextWarnings(of: timeline) }
            var options = RenderOptions(
                threads: threads, crf: crf, preset: preset, codec: codec, pixelFormat: pixelFormat, dither: dither,
                audio: audio.map { AudioTrack(path: $0, name: "--audio \($0)") }, audioCodec: audioCodec.codec,
                frames: frames?.range, memory: memory.budget,
                keepsPartial: keepPartial)
            options.allowsDamagedVideo = allowDamagedVideo
            var manifest: (SegmentManifest, String)? = nil
            if let segment {
                (path, manifest) = try piece(segment, of: timeline, options: &options)
                if let (empty, to) = manifest, empty.frameCount == 0 {
                    // More pieces than frames: this one holds none, and says so for the join.
                    try write(empty, to: to)
                    return
                }
            }
            let meter = ProgressMeter(enabled: !quiet)
            let result: ExportResult
            do {
                result = try VideoExporter.export(
                    timeline, to: path, protecting: [self.timeline].compactMap { $0 } + overlay.inputs, options: options,
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
            if let (written, to) = manifest { try write(written, to: to) }
            meter.finish(path: path, fps: timeline.canvas.fps.framesPerSecond)
        }
    }

    /// The piece `text` names (K/N or `auto`): its frames set in `options`, silent, written as
    /// `segment-K-of-N.EXT` in the folder -o names; the manifest to write beside it once done.
    private func piece(_ text: String, of timeline: Timeline, options: inout RenderOptions) throws -> (
        String, (SegmentManifest, String)?
    ) {
        let found = text == "auto" ? Segment.fromEnvironment() : Segment(text)
        guard let segment = found else {
            throw ValidationError(
                text == "auto"
                    ? "--segment auto found no array task variable (SLURM_ARRAY_TASK_ID, or JOB_COMPLETION_INDEX / AWS_BATCH_JOB_ARRAY_INDEX with REEL_SEGMENTS)"
                    : "--segment must be K/N with 1 <= K <= N <= \(Segment.maximumCount), or auto, found \(text)")
        }
        guard frames == nil else { throw ValidationError("give --segment or --frames, not both") }
        let range = segment.frames(of: timeline.canvas.frameCount)
        if let output, OutputFormat.namesSequence(output) {
            // A PNG sequence's pieces are its own numbered files: nothing to join.
            options.frames = range
            return (output, nil)
        }
        guard let folder = output else { throw ValidationError("--segment needs -o FOLDER/ for its piece and manifest") }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let format = try OutputFormat.forOutput(
            "piece.\(Self.pieceExtension(codec: codec))", codec: codec, pixelFormat: pixelFormat)
        guard format.takesAudio, !format.usesPalette else {
            throw ValidationError(
                "--segment renders video pieces (H.264, HEVC, VP9, ProRes) to join, or a PNG sequence's own files; a GIF is not split"
            )
        }
        options.frames = range
        options.silent = true
        let file = segment.fileStem + "." + format.fileExtension
        let timelinePath = self.timeline.map { URL(fileURLWithPath: $0).standardizedFileURL.path } ?? ""
        let clip = overlay.video.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        let captions = overlay.captions.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        let settings = [
            "size": "\(timeline.canvas.pixelWidth)x\(timeline.canvas.pixelHeight)",
            "fps": "\(timeline.canvas.fps.numerator)/\(timeline.canvas.fps.denominator)", "codec": format.codecWord,
            "pixelFormat": format.encoderPixelFormat, "crf": "\(crf)", "preset": preset
        ]
        let manifest = SegmentManifest(
            timeline: timelinePath,
            fingerprint: SegmentManifest.fingerprint(timeline: timelinePath, video: clip, captions: captions),
            video: clip, captions: captions, segment: segment, frames: range, totalFrames: timeline.canvas.frameCount,
            settings: settings, file: file)
        let dir = URL(fileURLWithPath: folder)
        return (dir.appendingPathComponent(file).path, (manifest, dir.appendingPathComponent(segment.fileStem + ".json").path))
    }

    /// Writes a piece's manifest.
    private func write(_ manifest: SegmentManifest, to path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try AtomicOutput(destination: path).write(try encoder.encode(manifest))
    }

    /// The container a piece of `codec` goes in.
    static func pieceExtension(codec: String?) -> String {
        switch codec {
        case "vp9": return "webm"
        case "prores": return "mov"
        default: return "mp4"
        }
    }

    /// `--data`: one video per row, named by the -o pattern.
    private func runBatch() throws {
        try reportingErrors {
            guard let path = self.timeline, overlay.video == nil, overlay.captions == nil else {
                throw ValidationError(
                    "--data renders a timeline file's template: give the timeline, without --video or --captions")
            }
            guard let pattern = output else {
                throw ValidationError("--data needs -o with the output's name for each row, e.g. -o 'out/{name}.mp4'")
            }
            guard frames == nil else { throw ValidationError("--data renders whole videos: give --rows, not --frames") }
            let template = try Template.open(path)
            var render = RenderOptions(
                threads: threads, crf: crf, preset: preset, codec: codec, pixelFormat: pixelFormat, dither: dither,
                audio: audio.map { AudioTrack(path: $0, name: "--audio \($0)") }, audioCodec: audioCodec.codec,
                memory: memory.budget)
            render.allowsDamagedVideo = allowDamagedVideo
            var options = BatchRender.Options(pattern: try OutputPattern(pattern), render: render)
            options.rows = data.rows.map { $0.range }
            options.skipExisting = data.skipExisting
            options.report = data.report
            if let segment {
                guard let found = segment == "auto" ? Segment.fromEnvironment() : Segment(segment) else {
                    throw ValidationError(
                        "--segment must be K/N with 1 <= K <= N <= \(Segment.maximumCount), or auto, found \(segment)")
                }
                options.segment = found
            }
            let sequence = OutputFormat.namesSequence(pattern)
            let root = assets.folder.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
            let meter = BatchMeter(enabled: !quiet)
            let started = Date()
            let outcome = try BatchRender.run(
                template, data: data.data!, options: options,
                prepare: { timeline in
                    var t = try canvas.apply(to: timeline)
                    if let root { t.assetsRoot = root }
                    return sequence ? t : t.evenSized
                },
                set: self.template.variables,
                warn: { message in
                    meter.pause()
                    printError("reel: \(message)")
                }, progress: meter.update)
            meter.pause()
            if let signal = outcome.interruption {
                printError(
                    "reel: \(Interruption.word(for: signal)); kept the \(outcome.rendered) rows rendered, wrote none in part")
                throw ExitCode(128 + signal)
            }
            if !quiet {
                printError(
                    String(
                        format: "rendered %d row%@ (%d skipped, %d failed) in %.1f s", outcome.rendered,
                        outcome.rendered == 1 ? "" : "s", outcome.skipped, outcome.failed, Date().timeIntervalSince(started)))
            }
            if outcome.failed > 0 { throw ExitCode(1) }
        }
    }
}
