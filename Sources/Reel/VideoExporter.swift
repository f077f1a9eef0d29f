import Foundation
import ReelCore
import ReelMedia
import ReelTimeline

/// Renders a timeline to a video file in the format its name picks (`OutputFormat`): frames
/// render and convert to the format's pixels on worker threads,
/// a reorder stage hands them to the encoder in order, and at most a fixed window of frames
/// is in flight, so memory does not grow with the video's length. The output appears only
/// when complete (see `AtomicOutput`).
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
        let output = try AtomicOutput(destination: path, protecting: inputs)
        let format = try OutputFormat.forOutput(path, codec: options.codec)
        let background = timeline.canvas.background
        if background.alpha < 1, !format.carriesAlpha {
            throw RenderError.alphaInOpaqueFormat(path: path, format: format, background: background)
        }
        let settings = VideoSettings(
            width: timeline.canvas.pixelWidth, height: timeline.canvas.pixelHeight,
            frameRate: timeline.canvas.fps, crf: options.crf, preset: options.preset, format: format)
        let images = try TimelineAssets.load(timeline)
        let workers = try options.memory.workers(for: timeline, images: images, format: format, requested: options.threads)
        if workers < options.threads {
            notice(
                "rendering with \(workers) worker\(workers == 1 ? "" : "s") instead of \(options.threads) to stay within the memory limit of \(options.memory.limit >> 20) MB"
            )
        }
        if options.keepsPartial { Interruption.deferSignals(true) }
        defer { if options.keepsPartial { Interruption.deferSignals(false) } }
        return try output.write { temporary in
            let encoder = try VideoEncoder(path: temporary, settings: settings)
            let written = try encodeFrames(
                timeline, images, frames, threads: workers, format: format, encoder: encoder, progress: progress)
            let signal = options.keepsPartial ? Interruption.received : nil
            if let signal, written == 0 { throw Interrupted(signal: signal) }
            try encoder.finish()
            return ExportResult(framesWritten: written, interruption: signal)
        }
    }

    /// Encodes `frames` in order and returns how many were encoded: all of them, or fewer when
    /// a signal was noted (`Interruption.deferSignals`) and the render stopped after the frame in hand.
    private static func encodeFrames(
        _ timeline: Timeline, _ images: [String: Image], _ frames: Range<Int>, threads: Int, format: OutputFormat,
        encoder: VideoEncoder, progress: (RenderProgress) -> Void
    ) throws -> Int {
        struct Stop: Error {}
        let start = DispatchTime.now()
        var written = 0
        do {
            try FramePipeline.run(timeline, images: images, frames: frames, threads: threads, format: format) { frame, index, _ in
                guard Interruption.received == nil else { throw Stop() }
                try encoder.encode(frame)
                written += 1
                let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
                progress(RenderProgress(framesDone: written, frameCount: frames.count, elapsed: elapsed))
            }
        } catch is Stop {}
        return written
    }
}

/// What a render wrote: every frame asked for, or the first ones when a signal stopped a
/// render that keeps partial output.
public struct ExportResult: Sendable {
    public var framesWritten: Int
    /// The signal that stopped the render early, or nil when it ran to the end.
    public var interruption: Int32?
}

/// A signal stopped the render before anything could be kept.
public struct Interrupted: Error, CustomStringConvertible {
    public let signal: Int32

    public var description: String { "\(Interruption.word(for: signal)); no output was written" }
}

/// Why a render could not start.
public enum RenderError: Error, CustomStringConvertible {
    case frameRange(requested: Range<Int>, available: Range<Int>)
    /// A canvas that is not opaque, into a format without alpha.
    case alphaInOpaqueFormat(path: String, format: OutputFormat, background: Color)

    public var description: String {
        switch self {
        case .frameRange(let requested, let available):
            return
                "frames \(requested.lowerBound)..<\(requested.upperBound) are not within the timeline's \(available.lowerBound)..<\(available.upperBound)"
        case .alphaInOpaqueFormat(let path, let format, let background):
            let alphaFormats = OutputFormat.all.filter(\.carriesAlpha).map { ".\($0.fileExtension) (\($0.codecName))" }
            return
                "cannot write \(path): the canvas background \(background.hexString) is transparent, and \(format.codecName) in .\(format.fileExtension) has no alpha; write \(alphaFormats.joined(separator: " or ")) to keep the transparency, or give the canvas an opaque background"
        }
    }
}
