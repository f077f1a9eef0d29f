import Foundation
import ReelCore
import ReelMedia
import ReelTimeline

/// Runs the frame pipeline with every stage timed: `reel profile`. Frames render on the
/// same workers, with the same caches, as `reel render`; with `encode` they also go through
/// the encoder (into a temporary file that is removed), so its stage is measured too.
public enum FrameProfiler {
    /// Profiles `frames` (default: all) of `timeline` on `threads` workers.
    /// With `rawVideo`, the converted frames are also written there as raw yuv420p, so an
    /// encoder alone can be timed on exactly the frames Reel made (`bin/bench`).
    public static func profile(
        _ timeline: Timeline, frames: Range<Int>? = nil, threads requested: Int, encode: Bool = false,
        crf: Int = 20, preset: String = "veryfast", rawVideo: FileHandle? = nil,
        memory: MemoryBudget = .machineDefault
    ) throws -> ProfileReport {
        let all = 0..<timeline.canvas.frameCount
        let frames = frames ?? all
        guard !frames.isEmpty, frames.lowerBound >= 0, frames.upperBound <= all.upperBound else {
            throw RenderError.frameRange(requested: frames, available: all)
        }
        let assets = try TimelineAssets.load(timeline)
        let threads = try memory.workers(for: timeline, assets: assets, requested: requested)
        var encoder: VideoEncoder?
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "reel-profile-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).mp4"
        ).path
        defer { unlink(scratch) }
        if encode {
            encoder = try VideoEncoder(
                path: scratch,
                settings: VideoSettings(
                    width: timeline.canvas.pixelWidth, height: timeline.canvas.pixelHeight, frameRate: timeline.canvas.fps,
                    crf: crf, preset: preset))
        }
        var records: [FrameRecord] = []
        records.reserveCapacity(frames.count)
        let origin = Stopwatch.now
        try FramePipeline.run(timeline, assets: assets, frames: frames, threads: threads, profile: origin) { frame, _, record in
            if let encoder {
                record?[.encode] = try Stopwatch.measure(from: origin) { try encoder.encode(frame) }
            }
            if let record { records.append(record) }
            if let rawVideo { try rawVideo.write(contentsOf: frame.rawBytes()) }
        }
        var flush = StageTime()
        if let encoder { flush = try Stopwatch.measure(from: origin) { try encoder.finish() } }
        let wall = Stopwatch.now - origin
        return ProfileReport(
            timeline: timeline.name, width: timeline.canvas.pixelWidth, height: timeline.canvas.pixelHeight,
            threads: threads, encoded: encode, records: records, wall: wall, flush: flush)
    }
}
