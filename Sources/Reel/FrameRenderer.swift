import ReelCore
import ReelLayers
import ReelRender
import ReelTimeline

/// Turns a timeline and a time into pixels: evaluate the layer tree, plan it, draw the plan.
/// One per thread; it reuses its executor's scratch memory and caches from frame to frame.
public final class FrameRenderer {
    public let timeline: Timeline
    /// The timeline's decoded images, shared between renderers.
    public let images: [String: Image]
    private let planner: FramePlanner
    private let executor = PlanExecutor()
    private lazy var clock = StepClock()
    private var lastPlan: FramePlan?

    public init(timeline: Timeline, images: [String: Image]) {
        self.timeline = timeline
        self.images = images
        planner = FramePlanner(images: images)
    }

    /// A renderer that decodes the timeline's images itself.
    public convenience init(timeline: Timeline) throws {
        self.init(timeline: timeline, images: try TimelineAssets.load(timeline))
    }

    /// A new buffer the canvas's pixel size.
    public func makeBuffer() -> PixelBuffer {
        PixelBuffer(width: timeline.canvas.pixelWidth, height: timeline.canvas.pixelHeight)
    }

    /// Renders the frame at `time` seconds into `buffer`.
    public func render(time: Double, into buffer: PixelBuffer) {
        let plan = self.plan(timeline.presentation(at: time), for: buffer)
        executor.run(plan, into: buffer, planner: planner)
    }

    /// Renders the frame at `time` seconds into a new buffer.
    public func render(time: Double) -> PixelBuffer {
        let buffer = makeBuffer()
        render(time: time, into: buffer)
        return buffer
    }

    /// The plan of the frame at `time` seconds.
    public func plan(time: Double) -> FramePlan {
        plan(timeline.presentation(at: time), for: makeBuffer())
    }

    /// Renders like `render(time:into:)`, recording the evaluate, plan and draw stages into
    /// `record`; `origin` is the run's start (monotonic ns). Each step's cost is kept for
    /// `layerCosts()`.
    func render(time: Double, into buffer: PixelBuffer, record: inout FrameRecord, origin: UInt64) {
        var tree: Layer?
        record[.evaluate] = Stopwatch.measure(from: origin) { tree = timeline.presentation(at: time) }
        var plan: FramePlan?
        record[.plan] = Stopwatch.measure(from: origin) { plan = self.plan(tree!, for: buffer) }
        let steps = plan!
        clock.reset(steps: steps.steps.count)
        record[.draw] = Stopwatch.measure(from: origin) {
            executor.run(steps, into: buffer, planner: planner, clock: clock)
        }
        clock.apportion(stageWall: record[.draw].wall, stageCPU: record[.draw].cpu)
        lastPlan = steps
    }

    /// The drawing cost of the last frame rendered with a record, by layer and part.
    func layerCosts() -> [LayerCost] {
        guard let plan = lastPlan else { return [] }
        var costs: [LayerCost] = []
        var slot: [Int: Int] = [:]
        for (i, step) in plan.steps.enumerated() {
            let key = step.layer * DrawStep.Part.allCases.count + DrawStep.Part.allCases.firstIndex(of: step.part)!
            if let s = slot[key] {
                costs[s].wall += clock.wall[i]
                costs[s].cpu += clock.cpu[i]
            } else {
                slot[key] = costs.count
                costs.append(LayerCost(layer: plan.layers[step.layer], part: step.part, wall: clock.wall[i], cpu: clock.cpu[i]))
            }
        }
        return costs
    }

    private func plan(_ tree: Layer, for buffer: PixelBuffer) -> FramePlan {
        planner.plan(tree, width: buffer.width, height: buffer.height, scale: timeline.canvas.scale)
    }
}
