import Foundation
import ReelCore
import ReelMedia
import ReelRender
import ReelTimeline

/// The hand-off between render workers and the encoder: workers claim frame numbers in
/// order, never more than `window` ahead of the encoder, and deposit converted frames; the
/// encoder takes them back in order. Converted frames are pooled and reused.
/// Every field is guarded by `condition`, which is why the unchecked `Sendable` is safe.
final class FrameQueue: @unchecked Sendable {
    private let condition = NSCondition()
    private let frames: Range<Int>
    private let window: Int
    private var nextToRender: Int
    private var nextToEncode: Int
    private var finished: [Int: (frame: VideoFrame, record: FrameRecord?)] = [:]
    private var pool: [VideoFrame] = []
    private var failure: Error?
    private var cancelled = false

    init(frames: Range<Int>, window: Int) {
        self.frames = frames
        self.window = window
        nextToRender = frames.lowerBound
        nextToEncode = frames.lowerBound
    }

    /// A worker's loop: claim, render, convert, deposit, until no frames are left or the render
    /// stops. With a `profile` origin (monotonic ns), each frame's stages are timed and recorded.
    func work(
        timeline: Timeline, assets: DrawingAssets, worker: Int, format: OutputFormat = .h264MP4, profile origin: UInt64? = nil
    ) {
        let renderer = FrameRenderer(timeline: timeline, assets: assets)
        let (width, height) = (timeline.canvas.pixelWidth, timeline.canvas.pixelHeight)
        do {
            if format.convertsWholeFrames {
                // Drawn whole, then converted (these formats are not profiled stage by stage).
                let converter = try WholeFrameConverter(width: width, height: height, format: format)
                let buffer = renderer.makeBuffer()
                while let index = claim() {
                    let frame = try reusableFrame() ?? converter.makeFrame()
                    renderer.render(time: timeline.canvas.fps.time(ofFrame: index), into: buffer)
                    try converter.convert(buffer, into: frame)
                    deposit(frame, nil, index)
                }
                return
            }
            let converter = try ColorConverter(width: width, height: height)
            while let index = claim() {
                let time = timeline.canvas.fps.time(ofFrame: index)
                let frame = try reusableFrame() ?? VideoFrame.yuv420p(width: width, height: height)
                guard let origin else {
                    try renderer.render(time: time, converter: converter, into: frame)
                    deposit(frame, nil, index)
                    continue
                }
                var record = FrameRecord(frame: index, worker: worker)
                record.workerTotal = try Stopwatch.measure(from: origin) {
                    try renderer.render(time: time, converter: converter, into: frame, record: &record, origin: origin)
                }
                record.layers = renderer.layerCosts()
                deposit(frame, record, index)
            }
        } catch {
            fail(error)
        }
    }

    private func claim() -> Int? {
        condition.lock()
        defer { condition.unlock() }
        while !cancelled, failure == nil, nextToRender < frames.upperBound, nextToRender >= nextToEncode + window {
            condition.wait()
        }
        guard !cancelled, failure == nil, nextToRender < frames.upperBound else { return nil }
        nextToRender += 1
        return nextToRender - 1
    }

    private func reusableFrame() -> VideoFrame? {
        condition.lock()
        defer { condition.unlock() }
        return pool.popLast()
    }

    private func deposit(_ frame: VideoFrame, _ record: FrameRecord?, _ index: Int) {
        condition.lock()
        finished[index] = (frame, record)
        condition.broadcast()
        condition.unlock()
    }

    private func fail(_ error: Error) {
        condition.lock()
        if failure == nil { failure = error }
        condition.broadcast()
        condition.unlock()
    }

    /// Waits for frame `index` (and its record when profiling), or rethrows a worker's failure.
    func take(_ index: Int) throws -> (frame: VideoFrame, record: FrameRecord?) {
        condition.lock()
        defer { condition.unlock() }
        while finished[index] == nil, failure == nil { condition.wait() }
        if let failure { throw failure }
        return finished.removeValue(forKey: index)!
    }

    /// Returns an encoded frame to the pool and lets workers move the window on.
    func recycle(_ frame: VideoFrame, encoded index: Int) {
        condition.lock()
        pool.append(frame)
        nextToEncode = index + 1
        condition.broadcast()
        condition.unlock()
    }

    /// Stops the workers after the frames they are on.
    func cancel() {
        condition.lock()
        cancelled = true
        condition.broadcast()
        condition.unlock()
    }
}
