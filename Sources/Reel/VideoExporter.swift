import Foundation
import ReelCore
import ReelMedia
import ReelRender
import ReelTimeline

/// Renders a timeline to a video file (or a PNG sequence, or a GIF) in the format its name
/// picks (`OutputFormat`): frames render and convert to the format's pixels on worker threads,
/// a reorder stage hands them to the encoder in order, and at most a fixed window of frames
/// is in flight, so memory does not grow with the video's length. A GIF takes two passes (the
/// palette, then the frames). The output appears only when complete (`AtomicOutput`,
/// `SequenceOutput`).
public enum VideoExporter {
    /// Renders `timeline` to `path`; `progress` is called on the calling thread after each frame.
    /// `inputs` are files the output must not replace (the timeline file). `notice` hears of
    /// changes made to fit (fewer workers than asked, to stay within the memory budget). With
    /// `options.keepsPartial`, SIGINT, SIGTERM or SIGHUP stop the render after the frame in
    /// hand and the frames so far become the file (the result says which signal); with none
    /// written yet, or without the option, a signal leaves no output.
    @discardableResult
    public static func export(
        _ timeline: Timeline, to path: String, protecting inputs: [String] = [], options: RenderOptions = RenderOptions(),
        notice: (String) -> Void = { _ in }, progress: (RenderProgress) -> Void = { _ in }
    ) throws -> ExportResult {
        let all = 0..<timeline.canvas.frameCount
        let frames = options.frames ?? all
        guard !frames.isEmpty, frames.lowerBound >= 0, frames.upperBound <= all.upperBound else {
            throw RenderError.frameRange(requested: frames, available: all)
        }
        // `--audio` replaces the timeline's own.
        let audio = options.silent ? [] : options.audio.map { [$0] } ?? timeline.audio
        // A single file's path is checked first (a folder, a device, the input itself).
        let output =
            OutputFormat.namesSequence(path)
            ? nil
            : try AtomicOutput(destination: path, protecting: inputs + audio.map(\.path) + timeline.assets.values)
        let format = try OutputFormat.forOutput(
            path, codec: options.codec, pixelFormat: options.pixelFormat, audioCodec: options.audioCodec)
        let background = timeline.canvas.background
        if background.alpha < 1, !format.carriesAlpha {
            throw RenderError.alphaInOpaqueFormat(path: path, format: format, background: background)
        }
        // A format without sound refuses `--audio` and leaves the timeline's own out, with a note.
        if let given = options.audio {
            guard format.takesAudio else { throw RenderError.audioInSilentFormat(path: path, format: format, audio: given) }
            try TimelineAssets.checkAudioFile(given, of: timeline)
        } else if !audio.isEmpty, !format.takesAudio {
            notice(
                "the timeline's audio (\(audio.map(\.name).joined(separator: ", "))) is left out: a \(format.codecName) has no sound track"
            )
        }
        let settings = VideoSettings(
            width: timeline.canvas.pixelWidth, height: timeline.canvas.pixelHeight, frameRate: timeline.canvas.fps,
            crf: options.crf, preset: options.preset, format: format, firstFrame: frames.lowerBound)
        // A sequence is checked against the timeline's images too: its files are pictures.
        let sequence =
            format.isSequence
            ? try SequenceOutput(pattern: path, numbers: frames, protecting: inputs + timeline.assets.values) : nil
        let assets = try TimelineAssets.load(timeline, cache: options.assetCache)
        let workers = try options.memory.workers(for: timeline, assets: assets, format: format, requested: options.threads)
        if workers < options.threads {
            notice(
                "rendering with \(workers) worker\(workers == 1 ? "" : "s") instead of \(options.threads) to stay within the memory limit of \(options.memory.limit >> 20) MB"
            )
        }
        // A sequence's temporary files are removed by the render itself, so a signal is only
        // noted there, as with --keep-partial.
        let defers = (options.keepsPartial || sequence != nil) && !options.finishesOnSignal
        if defers { Interruption.deferSignals(true) }
        defer { if defers { Interruption.deferSignals(false) } }
        let render = Render(
            timeline: timeline, assets: assets, frames: frames, threads: workers, format: format,
            allowsDamagedVideo: options.allowsDamagedVideo, heedsSignals: !options.finishesOnSignal, start: DispatchTime.now())
        func write(_ temporary: String) throws -> ExportResult {
            let encoder: FrameEncoder
            var passes = 1
            if format.usesPalette {
                let palette = try GIFPalette(width: settings.width, height: settings.height, frameRate: settings.frameRate)
                guard try render.run(into: palette.add, pass: (1, 2), progress: progress) == frames.count else {
                    throw Interrupted(signal: Interruption.received ?? SIGINT)
                }
                encoder = try GIFEncoder(path: temporary, settings: settings, palette: palette.make(), dither: options.dither)
                passes = 2
            } else {
                // The timeline's (or --audio's) sounds and every playing clip layer's with sound, mixed.
                let sounds =
                    format.takesAudio && !options.silent
                    ? timeline.sounds(replacing: options.audio, hasSound: assets.clipHasSound(timeline)) : []
                encoder = try VideoEncoder(path: temporary, settings: settings, audio: sounds, expectedFrames: frames.count)
            }
            let written = try render.run(into: encoder.encode, pass: (passes, passes), progress: progress)
            let signal = options.finishesOnSignal ? nil : Interruption.received
            if let signal, written == 0 || !options.keepsPartial { throw Interrupted(signal: signal) }
            try encoder.finish()
            if let damage = assets.videos?.damage {
                notice(
                    "a clip frame could not be decoded and was drawn as nothing (the first: \(damage.clip) at \(String(format: "%.3f", damage.time)) s, \(damage.reason))"
                )
            }
            let decoded = (assets.videos as? ClipFrames)?.decodedFrames ?? 0
            return ExportResult(framesWritten: written, interruption: signal, videoFramesDecoded: decoded)
        }
        return try sequence?.write(write) ?? output!.write(write)
    }

    /// One pass of the frames through the pipeline.
    private struct Render {
        let timeline: Timeline
        let assets: DrawingAssets
        let frames: Range<Int>
        let threads: Int
        let format: OutputFormat
        let allowsDamagedVideo: Bool
        /// Whether a noted signal stops the render after the frame in hand.
        let heedsSignals: Bool
        /// When the export started: progress counts from there over every pass.
        let start: DispatchTime

        /// Hands `frames` in order to `consume` and returns how many it took: all of them, or
        /// fewer when a signal was noted (`Interruption.deferSignals`) and the render stopped
        /// after the frame in hand. `pass` (this one, of how many) scales the progress.
        func run(
            into consume: (VideoFrame) throws(FFmpegError) -> Void, pass: (Int, Int), progress: (RenderProgress) -> Void
        ) throws -> Int {
            struct Stop: Error {}
            var written = 0
            do {
                try FramePipeline.run(timeline, assets: assets, frames: frames, threads: threads, format: format) {
                    frame, _, _ in
                    guard !heedsSignals || Interruption.received == nil else { throw Stop() }
                    // A clip frame that did not decode stops the render, unless allowed.
                    if !allowsDamagedVideo, let damage = assets.videos?.damage { throw damage }
                    try consume(frame)
                    written += 1
                    let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
                    progress(
                        RenderProgress(
                            framesDone: (pass.0 - 1) * frames.count + written, frameCount: pass.1 * frames.count,
                            elapsed: elapsed, passes: pass.1))
                }
            } catch is Stop {}
            return written
        }
    }
}

/// What a render wrote: every frame asked for, or the first ones when a signal stopped a
/// render that keeps partial output.
public struct ExportResult: Sendable {
    public var framesWritten: Int
    /// The signal that stopped the render early, or nil when it ran to the end.
    public var interruption: Int32?
    /// Frames decoded from the timeline's clips (each once in a straight render).
    public var videoFramesDecoded = 0
}

/// A signal stopped the render before anything could be kept.
public struct Interrupted: Error, CustomStringConvertible {
    public let signal: Int32

    public var description: String { "\(Interruption.word(for: signal)); no output was written" }
}

/// Why a render could not start.
public enum RenderError: Error, CustomStringConvertible {
    case frameRange(requested: Range<Int>, available: Range<Int>)
    /// A moment past the timeline's end (`reel frame`, `inspect`, `hit`).
    case timeOutside(requested: Double, duration: Double)
    /// A canvas that is not opaque, into a format without alpha.
    case alphaInOpaqueFormat(path: String, format: OutputFormat, background: Color)
    /// A sound track, into a format that has none.
    case audioInSilentFormat(path: String, format: OutputFormat, audio: AudioTrack)

    public var description: String {
        switch self {
        case .frameRange(let requested, let available):
            return
                "frames \(requested.lowerBound)..<\(requested.upperBound) are not within the timeline's \(available.lowerBound)..<\(available.upperBound)"
        case .timeOutside(let requested, let duration):
            return
                "time \(String(format: "%g", requested)) s is not within the timeline's 0 to \(String(format: "%g", duration)) s (its duration)"
        case .alphaInOpaqueFormat(let path, let format, let background):
            let alphaFormats = OutputFormat.all.filter(\.carriesAlpha).map { ".\($0.fileExtension) (\($0.codecName))" }
            return
                "cannot write \(path): the canvas background \(background.hexString) is transparent, and \(format.codecName) in .\(format.fileExtension) has no alpha; write \(alphaFormats.joined(separator: " or ")) to keep the transparency, or give the canvas an opaque background (`--background COLOR`)"
        case .audioInSilentFormat(let path, let format, let audio):
            let sounding = Set(OutputFormat.all.filter(\.takesAudio).map { ".\($0.fileExtension)" }).sorted()
            return
                "cannot write \(path) with the audio \(audio.name): a \(format.codecName) has no sound track; write \(sounding.joined(separator: ", ")) to keep the audio"
        }
    }
}
