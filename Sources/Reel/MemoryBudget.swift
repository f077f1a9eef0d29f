import ReelCore
import ReelMedia
import ReelRender
import ReelTimeline

#if canImport(Glibc)
    import Glibc
#endif

/// How much memory a render may take, and the estimate a timeline is held to before anything
/// is drawn: its decoded images, and per worker the frame it draws, the offscreen pictures
/// and masks of its costliest frame (planned at sampled frames), and the caches at their
/// caps, plus the YUV frames in flight. Over the limit the workers are reduced to fit; a
/// timeline that does not fit with one worker is refused, naming the costly layer and the
/// figure, before anything is allocated. `validate`, `frame`, `render` and `profile` apply it.
public struct MemoryBudget: Sendable, Equatable {
    /// Bytes the render may take.
    public var limit: Int

    public init(limit: Int) { self.limit = limit }

    /// A quarter of the machine's memory.
    public static var machineDefault: MemoryBudget {
        let pages = sysconf(Int32(_SC_PHYS_PAGES))
        let size = sysconf(Int32(_SC_PAGESIZE))
        let physical = pages > 0 && size > 0 ? pages * size : 8 << 30
        return MemoryBudget(limit: physical / 4)
    }

    /// What a timeline needs: shared bytes, bytes per worker, and where a worker's peaks.
    public struct Estimate: Sendable {
        /// Decoded images (shared by the workers).
        public var images: Int
        /// Per worker: its frame, the scratch of its costliest frame, its caches at their caps.
        public var perWorker: Int
        /// Per frame in flight between the workers and the encoder (YUV).
        public var perFrameInFlight: Int
        /// The costliest frame's scratch, that frame, and the layer where it peaks.
        public var scratch: Int
        public var frame: Int
        public var layer: String?

        /// Everything `workers` workers need together.
        public func total(workers: Int) -> Int { images + workers * perWorker + (2 * workers + 2) * perFrameInFlight }
    }

    /// Frames planned to find the costliest: the first, the last and some between; fewer for
    /// a large tree, so that at most about `sampledLayers` layers are planned in all (a
    /// 100000-layer timeline plans its first and last frames, a 200000-layer one its first).
    static let sampledFrames = 17
    static let sampledLayers = 200_000

    /// How many frames of a timeline of `frameCount` frames and `layerCount` layers are planned.
    static func sampleCount(frameCount: Int, layerCount: Int) -> Int {
        min(frameCount, max(1, min(sampledFrames, sampledLayers / max(1, layerCount))))
    }

    /// Plans sampled frames of `timeline` and adds up what a render of it into `format` holds.
    public static func estimate(_ timeline: Timeline, assets: DrawingAssets, format: OutputFormat = .h264MP4) -> Estimate {
        let canvas = timeline.canvas
        let (width, height) = (canvas.pixelWidth, canvas.pixelHeight)
        // Clips are not decoded to estimate: their frames are images drawn straight, with no
        // scratch memory; what they hold is the window of frames each clip keeps.
        // Every step planned: what an opaque card hides at the sampled frames may show at others.
        let planner = FramePlanner(
            assets: DrawingAssets(images: assets.images, typesetter: assets.typesetter), cullsHidden: false)
        let count = canvas.frameCount
        let samples = sampleCount(frameCount: count, layerCount: timeline.layerCount)
        let frames = Set((0..<samples).map { count <= 1 || samples <= 1 ? 0 : $0 * (count - 1) / (samples - 1) })
        var worst = (bytes: 0, frame: 0, layer: String?.none)
        var rasterizing = false
        var keepsText = false
        for frame in frames.sorted() {
            let plan = planner.plan(
                timeline.presentation(at: canvas.fps.time(ofFrame: frame)), width: width, height: height, scale: canvas.scale)
            rasterizing = rasterizing || plan.steps.contains { if case .rasterized = $0.operation { true } else { false } }
            keepsText = keepsText || plan.steps.contains { if case .fillKept = $0.operation { true } else { false } }
            let peak = PlanExecutor.scratchPeak(of: plan)
            if peak.bytes > worst.bytes { worst = (peak.bytes, frame, peak.step.map { plan.layers[plan.steps[$0].layer] }) }
        }
        let frameBytes = PixelBuffer.stride(forWidth: width) * height
        let imageBytes =
            assets.images.values.reduce(0) { $0 + $1.levels.reduce(0) { $0 + $1.stride * $1.height } }
            + ((assets.videos as? ClipFrames)?.keptBytes ?? 0)
        // Formats converted whole are drawn whole (the frame counted above), some through a
        // straight-alpha copy.
        let converting =
            format.convertsWholeFrames ? WholeFrameConverter.scratchBytes(width: width, height: height, format: format) : 0
        let perWorker =
            frameBytes + worst.bytes + PlanExecutor.cachedBytesLimit(rasterizing: rasterizing, keepsText: keepsText) + converting
        return Estimate(
            images: imageBytes, perWorker: perWorker,
            perFrameInFlight: Int((Double(width * height) * format.bytesPerPixel).rounded(.up)), scratch: worst.bytes,
            frame: worst.frame, layer: worst.layer)
    }

    /// The workers to run `timeline` with (at most `requested`), rendering into `format`, so
    /// that what it needs fits the limit; throws `MemoryError` when one worker does not fit.
    public func workers(
        for timeline: Timeline, assets: DrawingAssets, format: OutputFormat = .h264MP4, requested: Int
    ) throws -> Int {
        try workers(for: MemoryBudget.estimate(timeline, assets: assets, format: format), requested: requested)
    }

    /// The workers to run (at most `requested`) so the estimate fits the limit.
    public func workers(for estimate: Estimate, requested: Int) throws -> Int {
        var workers = max(1, requested)
        while workers > 1, estimate.total(workers: workers) > limit { workers -= 1 }
        guard estimate.total(workers: workers) <= limit else { throw MemoryError(estimate: estimate, limit: limit) }
        return workers
    }
}

/// A timeline that needs more memory than the budget allows, even with one worker.
public struct MemoryError: Error, CustomStringConvertible {
    public let estimate: MemoryBudget.Estimate
    public let limit: Int

    public var description: String {
        let mb = { (bytes: Int) in "\((bytes + (1 << 20) - 1) >> 20) MB" }
        var text =
            "the timeline needs about \(mb(estimate.total(workers: 1))) with one worker, over the memory limit of \(mb(limit))"
        if let layer = estimate.layer, estimate.scratch > 0 {
            // A deep path names its two ends and its depth.
            let parts = layer.split(separator: "/")
            let name =
                parts.count > 4
                ? "\(parts[0])/\(parts[1])/.../\(parts[parts.count - 1])` (\(parts.count) levels deep" : "\(layer)`"
            text += "; frame \(estimate.frame) holds \(mb(estimate.scratch)) of offscreen pictures at layer `\(name)"
            text += parts.count > 4 ? ")" : ""
            text +=
                " (nested group opacity, masks and shadows each need a picture; `allowsGroupOpacity: false` or fewer levels need less)"
        }
        return text + "; raise the limit with --memory-limit MB"
    }
}
