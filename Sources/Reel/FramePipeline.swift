import Foundation
import ReelCore
import ReelMedia
import ReelRender
import ReelTimeline

/// The multithreaded frame pipeline: worker threads claim frames in order, render and convert
/// them to YUV, and the calling thread takes them back in order and hands each to `consume`
/// (the encoder). At most a fixed window of frames is in flight, so memory does not grow with
/// the video's length, and every frame's bytes are the same whatever the thread count.
enum FramePipeline {
    /// Runs `frames` of `timeline` on `threads` workers, converting to `format`'s pixel format.
    /// With a `profile` origin (monotonic ns) each frame arrives with its record, whose stages
    /// `consume` may complete.
    static func run(
        _ timeline: Timeline, assets: DrawingAssets, frames: Range<Int>, threads: Int, format: OutputFormat = .h264MP4,
        profile origin: UInt64? = nil, consume: (VideoFrame, Int, inout FrameRecord?) throws -> Void
    ) throws {
        let queue = FrameQueue(frames: frames, window: 2 * threads + 2)
        let workers = DispatchGroup()
        for worker in 0..<threads {
            workers.enter()
            let thread = Thread {
                defer { workers.leave() }
                queue.work(timeline: timeline, assets: assets, worker: worker, format: format, profile: origin)
            }
            // Planning recurses per layer level: room for the deepest tree the format allows.
            thread.stackSize = 64 << 20
            thread.name = "reel-render-\(worker)"
            thread.start()
        }
        defer {
            queue.cancel()
            workers.wait()
        }
        for index in frames {
            var (frame, record) = try queue.take(index)
            try consume(frame, index, &record)
            queue.recycle(frame, encoded: index)
        }
    }
}
