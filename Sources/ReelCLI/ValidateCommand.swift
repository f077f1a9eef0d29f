import ArgumentParser
import Reel
import ReelCore
import ReelFormat
import ReelTimeline

/// `reel validate`: every problem of a timeline file at once.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check a timeline file and list every problem with its JSON path.")

    @Argument(help: "The timeline JSON file (may be left out with --video).")
    var timeline: String?

    @OptionGroup var assets: AssetsRootOption

    @OptionGroup var overlay: OverlayOptions

    @OptionGroup var template: TemplateOptions

    @OptionGroup var memory: MemoryLimitOption

    @Option(
        help: ArgumentHelp(
            "Check every row of this .csv, .jsonl or .json file as the template's values, without rendering; list each row's problems.",
            valueName: "rows"))
    var data: String?

    @Option(
        name: [.short, .customLong("output")],
        help: ArgumentHelp(
            "With --data, the -o pattern the render will take (e.g. 'out/{name}.mp4'): each row's output name is checked as a render checks it.",
            valueName: "pattern"))
    var output: String?

    func validate() throws {
        if output != nil, data == nil {
            throw ValidationError("-o goes with --data (the output pattern each row's name is checked by)")
        }
    }

    func run() throws {
        if let data { return try checkRows(data) }
        try reportingErrors {
            let t = try assets.load(
                overlay.timeline(self.timeline), overlay: overlay.overlay, variables: template.variables, quiet: true)
            let snapBacks = t.snapBackWarnings()
            for warning in t.warnings + snapBacks { printError("warning: \(warning)") }
            // Every asset must decode, as a render would need it to, and one worker must fit the memory limit.
            let assets = try TimelineAssets.load(t)
            _ = try memory.budget.workers(for: t, assets: assets, requested: 1)
            // The font file each text run resolved to, and every stand-in.
            let text = TextInspection.fonts(of: t, assets: assets)
            let captions = TextInspection.captionWarnings(assets)
            for warning in text.warnings + captions { printError("warning: \(warning)") }
            for line in text.lines { print(line) }
            // Each clip as libav reads it.
            for (name, clip) in (assets.videos as? ClipFrames)?.info.sorted(by: { $0.key < $1.key }) ?? [] {
                print(VideoOverlay.describe(name, clip))
                if clip.isHDR {
                    printError(
                        "warning: video \(name): HDR (\(clip.colorTransfer)) is converted to Reel's 8-bit RGBA without tone mapping"
                    )
                }
            }
            // With scenes, their layers are counted too, and the scenes named first.
            let layers = t.layerCount + t.scenes.reduce(0) { $0 + $1.content.count - 1 }
            let scenes = t.scenes.isEmpty ? "" : "\(t.scenes.count) scene\(t.scenes.count == 1 ? "" : "s"), "
            let count = t.warnings.count + snapBacks.count + text.warnings.count + captions.count
            let warnings = count == 0 ? "" : ", \(count) warning\(count == 1 ? "" : "s")"
            // With no timeline, what is valid is the overlay Reel makes on the clip, not the clip.
            let subject = self.timeline ?? "the overlay on \(overlay.video ?? t.file)"
            print(
                "\(subject): valid: \(scenes)\(layers) layers, \(t.canvas.pixelWidth)x\(t.canvas.pixelHeight), \(t.canvas.frameCount) frames at \(t.canvas.fps.framesPerSecond) fps\(warnings)"
            )
        }
    }

    /// `--data`: every row's values, asset files and timeline checked; each row's problems listed.
    private func checkRows(_ data: String) throws {
        try reportingErrors {
            guard let path = self.timeline, overlay.video == nil else {
                throw ValidationError("--data checks a timeline file's template: give the timeline, without --video")
            }
            let template = try Template.open(path)
            var failed = 0
            let count = try BatchRender.check(
                template, data: data, pattern: try output.map { try OutputPattern($0) },
                set: template.variables.isEmpty ? [:] : self.template.variables,
                warn: { printError("warning: \($0)") }
            ) { row, problems in
                guard !problems.isEmpty else { return }
                failed += 1
                for problem in problems { printError("\(problem)") }
            }
            print("\(data): \(count) row\(count == 1 ? "" : "s"), \(count - failed) valid, \(failed) with problems")
            if failed > 0 { throw ExitCode(1) }
        }
    }
}
