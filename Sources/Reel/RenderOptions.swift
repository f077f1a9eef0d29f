import Foundation
import ReelCore
import ReelMedia

/// How `VideoExporter` renders: worker threads, encoder settings and which frames.
public struct RenderOptions: Sendable {
    /// Render workers; frames render in parallel, one per worker.
    public var threads: Int
    public var crf: Int
    public var preset: String
    /// The codec among those the output's container takes (`OutputFormat.codecWord`); nil: its default.
    public var codec: String?
    /// The pixel format among those the codec takes (`OutputFormat.pixelFormats`); nil: its default.
    public var pixelFormat: String?
    /// A sound file to put beside the video (`--audio`); it replaces the timeline's `audio`.
    public var audio: AudioTrack?
    /// The sound's codec among those the container takes; nil: its default.
    public var audioCodec: AudioCodec?
    /// A GIF's dithering (`GIFEncoder.ditherings`).
    public var dither: String
    /// Frames to render (default: all of the timeline). Frame f shows time f / fps.
    public var frames: Range<Int>?
    /// What the render may take: fewer workers than `threads` run when they would not fit.
    public var memory: MemoryBudget
    /// On SIGINT, SIGTERM or SIGHUP, finish the file with the frames rendered so far instead
    /// of leaving no output (`--keep-partial`).
    public var keepsPartial: Bool
    /// Writes no sound (a segment: the join makes the sound once, over the whole length).
    public var silent = false
    /// A signal is noted for a batch to act on between rows (`BatchRender`): this render runs
    /// to its end and leaves the signals' handling as it found it.
    public var finishesOnSignal = false
    /// Decoded images and fonts shared with other renders of one process (a batch's rows).
    public var assetCache: AssetCache?
    /// Draws a clip frame that fails to decode as nothing, with a note, instead of stopping
    /// the render (`--allow-damaged-video`).
    public var allowsDamagedVideo = false

    public init(
        threads: Int = ProcessInfo.processInfo.activeProcessorCount, crf: Int = 20, preset: String = "veryfast",
        codec: String? = nil, pixelFormat: String? = nil, dither: String = GIFEncoder.ditherings[0], audio: AudioTrack? = nil,
        audioCodec: AudioCodec? = nil, frames: Range<Int>? = nil,
        memory: MemoryBudget = .machineDefault, keepsPartial: Bool = false
    ) {
        self.threads = max(1, threads)
        self.crf = crf
        self.preset = preset
        self.codec = codec
        self.pixelFormat = pixelFormat
        self.dither = dither
        self.audio = audio
        self.audioCodec = audioCodec
        self.frames = frames
        self.memory = memory
        self.keepsPartial = keepsPartial
    }
}
