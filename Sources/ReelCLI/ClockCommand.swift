import ArgumentParser
import Foundation
import Reel
import ReelBuilder
import ReelCore
import ReelMedia

/// `reel clock`: the seed chapters' clocks, analog and LCD, exported for any start time and
/// length. The clock is an ordinary timeline built with `ReelBuilder` (`ClockTimeline`);
/// `--emit-timeline` writes it as JSON that `reel render` turns into the same video.
struct ClockCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clock",
        abstract: "Export an analog or LCD clock (or both) for any start time and length.",
        discussion: """
            With --emit-timeline FILE the clock's timeline is written as JSON (the LCD sprite sheet \
            beside it, as assets/clock-digits.png) and nothing is rendered unless -o is given too.
            """)

    // Values are read as text and checked here, so that every bad value gets the same kind of
    // message and exit status 1; `.unconditional` lets `--duration -5` reach the check.
    @Option(help: "analog, lcd or both.")
    var style: String = "analog"

    @Option(parsing: .unconditional, help: "The time shown at the start, HH:MM:SS (24-hour; default: now).")
    var start: String?

    @Flag(help: "Start at the current local time (the default).")
    var now = false

    @Option(parsing: .unconditional, help: "Length of the video in seconds (up to 86400).")
    var duration: String = "60"

    @Option(parsing: .unconditional, help: "Video size in pixels, WxH (even numbers, 64...16384).")
    var size: String = "1920x1080"

    @Option(parsing: .unconditional, help: "Frames per second (1...240; 29.97 and the like become NTSC fractions).")
    var fps: String = "30"

    @Flag(help: "Sweep the second hand instead of stepping it once a second.")
    var smooth = false

    @Option(help: "Set the LCD digits in this font (a family or face name) instead of the pixel sprite sheet.")
    var digitFont: String?

    @Option(help: "A line of text under the clock.")
    var label: String?

    @Option(parsing: .unconditional, help: "x264 constant rate factor, 0 (lossless) to 51.")
    var crf: String = "20"

    @Option(help: "x264 preset: \(VideoSettings.presets.joined(separator: ", ")).")
    var preset: String = "veryfast"

    @Option(name: .shortAndLong, help: "Output MP4 (default: clock.mp4; with --emit-timeline, only when given).")
    var output: String?

    @Option(help: "Write the clock's timeline JSON to this file.")
    var emitTimeline: String?

    @Flag(help: "Print nothing but errors.")
    var quiet = false

    /// The arguments, checked.
    struct Settings {
        var clock: ClockTimeline
        var crf: Int
        var output: String?
        var emitTimeline: String?
    }

    struct ArgumentProblem: Error, CustomStringConvertible {
        let description: String
    }

    func settings() throws(ArgumentProblem) -> Settings {
        func problem(_ text: String) -> ArgumentProblem { ArgumentProblem(description: text) }
        guard let style = ClockTimeline.Style(rawValue: style) else {
            throw problem("--style must be analog, lcd or both, found `\(self.style)`")
        }
        if now, start != nil { throw problem("give --start or --now, not both") }
        var startSeconds: Int
        if let start {
            guard let s = ClockTimeline.secondsAfterMidnight(start) else {
                throw problem("--start must be a time of day HH:MM:SS from 00:00:00 to 23:59:59, found `\(start)`")
            }
            startSeconds = s
        } else {
            let parts = Calendar.current.dateComponents([.hour, .minute, .second], from: Date())
            startSeconds = (parts.hour ?? 0) * 3600 + (parts.minute ?? 0) * 60 + (parts.second ?? 0)
        }
        guard let seconds = Double(duration), seconds.isFinite, seconds > 0, seconds <= 86_400 else {
            throw problem("--duration must be a number of seconds greater than 0 and at most 86400, found `\(duration)`")
        }
        let sizeParts = size.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard sizeParts.count == 2, let w = Int(sizeParts[0]), let h = Int(sizeParts[1]) else {
            throw problem("--size must be WIDTHxHEIGHT in pixels, such as 1920x1080, found `\(size)`")
        }
        guard (64...16_384).contains(w), (64...16_384).contains(h), w % 2 == 0, h % 2 == 0 else {
            throw problem("--size must be even numbers of pixels from 64 to 16384 each way (yuv420p video), found `\(size)`")
        }
        guard let rate = Double(fps), rate.isFinite, (1...240).contains(rate), let frameRate = FrameRate(rate) else {
            throw problem("--fps must be a frame rate from 1 to 240, found `\(fps)`")
        }
        guard frameRate.frameCount(for: seconds) >= 1 else {
            throw problem("--duration \(duration) is shorter than one frame at \(fps) fps")
        }
        guard let crf = Int(crf), (0...51).contains(crf) else {
            throw problem("--crf must be a whole number 0...51, found `\(crf)`")
        }
        guard VideoSettings.presets.contains(preset) else {
            throw problem("--preset must be one of \(VideoSettings.presets.joined(separator: ", ")), found `\(preset)`")
        }
        if let emitTimeline, emitTimeline.isEmpty { throw problem("--emit-timeline needs a file name") }
        if let output, output.isEmpty { throw problem("--output needs a file name") }
        if let digitFont, digitFont.isEmpty { throw problem("--digit-font needs a font name, such as \"DejaVu Sans Mono\"") }
        if let label, label.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            throw problem("--label must be one line of text without control characters")
        }
        let clock = ClockTimeline(
            style: style, start: startSeconds, duration: seconds, width: w, height: h, fps: rate, smooth: smooth,
            digitFont: digitFont, label: label)
        return Settings(
            clock: clock, crf: crf, output: output ?? (emitTimeline == nil ? "clock.mp4" : nil), emitTimeline: emitTimeline)
    }

    func run() throws {
        let settings: Settings
        do {
            settings = try self.settings()
        } catch {
            printError("error: \(error)")
            throw ExitCode.failure
        }
        try reportingErrors {
            let clock = settings.clock
            if let path = settings.emitTimeline {
                try emit(clock, to: path)
            }
            guard let output = settings.output else { return }
            // The sprite sheet goes in a folder of its own for the render, removed afterwards.
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reel-clock-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            if clock.lcd != nil, clock.digitFont == nil {
                try Self.writeDigits(to: folder.appendingPathComponent(ClockTimeline.defaultDigitsPath).path)
            }
            let timeline = try clock.timeline.build(baseDirectory: folder.path)
            let options = RenderOptions(crf: settings.crf, preset: preset)
            let meter = ProgressMeter(enabled: !quiet)
            try VideoExporter.export(timeline, to: output, options: options, progress: meter.update)
            meter.finish(path: output, fps: timeline.canvas.fps.framesPerSecond)
        }
    }

    /// Writes the timeline JSON, and for an LCD the sprite sheet it names, beside it.
    private func emit(_ clock: ClockTimeline, to path: String) throws {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        if clock.lcd != nil, clock.digitFont == nil {
            try Self.writeDigits(to: folder.appendingPathComponent(ClockTimeline.defaultDigitsPath).path)
        }
        let text = clock.timeline.jsonText + "\n"
        try AtomicOutput(destination: path).write(Data(text.utf8))
        if !quiet { printError("wrote \(path) (\(text.utf8.count) bytes)") }
    }

    /// The LCD font's sprite sheet as a PNG (left alone when the file already holds it).
    static func writeDigits(to path: String) throws {
        let sheet = ClockFont.sheetRGBA()
        let buffer = PixelBuffer(width: ClockFont.sheetWidth, height: ClockFont.height)
        for y in 0..<buffer.height {
            for x in 0..<buffer.width {
                let i = (y * buffer.width + x) * 4
                buffer.row(y)[x] = PixelBuffer.pack((sheet[i], sheet[i + 1], sheet[i + 2], sheet[i + 3]))
            }
        }
        let png = try ImageWriter.pngData(buffer)
        if FileManager.default.contents(atPath: path) == png { return }
        try FileManager.default.createDirectory(
            at: URL(fileURLWithPath: path).deletingLastPathComponent(), withIntermediateDirectories: true)
        try AtomicOutput(destination: path).write(png)
    }
}
