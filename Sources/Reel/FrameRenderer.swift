import ReelCore
import ReelLayers
import ReelMedia
import ReelRaster
import ReelRender
import ReelTimeline

/// Turns a timeline and a time into pixels: evaluate the layer tree, plan it, draw the plan.
/// The one way Reel draws (`reel frame`, `render`, `profile`, the goldens). One per thread;
/// it reuses its executor's scratch memory and caches from frame to frame.
public final class FrameRenderer {
    public let timeline: Timeline
    /// The timeline's decoded images and fonts, shared between renderers.
    public let assets: DrawingAssets
    private let planner: FramePlanner
    private let executor: PlanExecutor
    private lazy var clock = StepClock()
    private var lastPlan: FramePlan?
    /// The layer tree last drawn into a video frame, and a copy of that frame once two frames
    /// in a row had it (`render(time:converter:into:)`).
    private var lastTree: Layer?
    private var keptFrame: VideoFrame?
    /// A whole RGBA frame, made the first time a frame cannot be drawn in bands.
    var wholeFrame: PixelBuffer?
    /// A motion-blurred frame's sums and the picture of one sub-frame, made at the first.
    var exposure: Exposure?
    var subframe: PixelBuffer?
    /// A transition's two scenes and the picture they make, made at the first transition.
    var scenePictures: [PixelBuffer] = []
    /// Pictures drawn so far through `render(_:into:)` (what a profile counts per frame).
    var drawnPictures = 0
    /// The layers blurred on their own (none when the canvas blurs the whole frame) and the
    /// pictures their averages lend the planner, by name.
    let blurSites: [LayerMotionBlur.Site]
    let blurredPictures: BlurredPictures?
    /// The clip under every other layer whose frames go to the encoder as they are where no
    /// other layer covers them (`underlyingClip`); nil when there is none.
    private lazy var underlying: String? = Self.underlyingClip(of: timeline, assets: assets)

    public convenience init(timeline: Timeline, assets: DrawingAssets) {
        self.init(timeline: timeline, assets: assets, keepsShadows: true, drawsByRows: true)
    }

    /// `keepsShadows: false` blurs every shadow in device space each frame, `drawsByRows:
    /// false` draws every group through an offscreen picture and every frame whole, and
    /// `cullsHidden: false` draws what opaque fills hide: the references the kept masks,
    /// row-by-row groups, bands and culling are tested against.
    init(timeline: Timeline, assets: DrawingAssets, keepsShadows: Bool, drawsByRows: Bool, cullsHidden: Bool = true) {
        self.timeline = timeline
        self.assets = assets
        blurSites = timeline.canvas.motionBlur == nil ? LayerMotionBlur.sites(in: timeline) : []
        var drawing = assets
        if blurSites.isEmpty {
            blurredPictures = nil
        } else {
            let pictures = BlurredPictures(clips: assets.videos)
            blurredPictures = pictures
            drawing = DrawingAssets(
                images: assets.images, typesetter: assets.typesetter, videos: pictures, captions: assets.captions)
        }
        planner = FramePlanner(assets: drawing, keepsShadows: keepsShadows, cullsHidden: cullsHidden)
        executor = PlanExecutor(drawsByRows: drawsByRows)
    }

    /// A renderer of layer trees made elsewhere (a chart, a test's scene) on `canvas`.
    convenience init(
        canvas: Canvas, assets: DrawingAssets = DrawingAssets(), keepsShadows: Bool = true, drawsByRows: Bool = true
    ) {
        self.init(
            timeline: Timeline(name: "", canvas: canvas, layers: []), assets: assets, keepsShadows: keepsShadows,
            drawsByRows: drawsByRows)
    }

    /// Bytes of scratch memory and kept results the renderer holds now.
    var retainedBytes: Int { executor.retainedBytes }

    /// A renderer that decodes the timeline's images itself, refusing a timeline that one
    /// worker could not draw within `memory`.
    public convenience init(timeline: Timeline, memory: MemoryBudget = .machineDefault) throws {
        let assets = try TimelineAssets.load(timeline)
        _ = try memory.workers(for: timeline, assets: assets, requested: 1)
        self.init(timeline: timeline, assets: assets)
    }

    /// A new buffer the canvas's pixel size.
    public func makeBuffer() -> PixelBuffer {
        PixelBuffer(width: timeline.canvas.pixelWidth, height: timeline.canvas.pixelHeight)
    }

    /// Renders the frame at `time` seconds into `buffer`.
    public func render(time: Double, into buffer: PixelBuffer) {
        if drawsTransition(at: time) { return renderTransition(at: time, into: buffer) }
        let trees = exposedTrees(at: time)
        guard trees.count == 1 else { return average(trees, into: buffer) }
        render(trees[0], into: buffer)
    }

    /// Renders an evaluated layer tree (coordinates in points, the canvas's scale) into
    /// `buffer`, the canvas's pixel size. Pixels the tree leaves uncovered become transparent.
    func render(_ tree: Layer, into buffer: PixelBuffer) {
        drawnPictures += 1
        executor.run(plan(tree), into: buffer)
    }

    /// Renders the frame at `time` seconds straight into `frame` (yuv420p) with `converter`:
    /// drawn a band of rows at a time in memory that stays in cache, each band converted as
    /// soon as the rows its chroma reads are drawn (a frame that cannot be cut into bands is
    /// drawn whole first). No full RGBA frame is written.
    /// A frame whose layer tree equals the one this renderer drew last is not drawn again:
    /// from the second such frame on, a kept copy of its pixels is copied (the stills of a
    /// title once it has settled cost a copy).
    public func render(time: Double, converter: ColorConverter, into frame: VideoFrame) throws {
        if drawsTransition(at: time) {
            lastTree = nil
            return try encodeWhole(time: time, converter: converter, into: frame)
        }
        let trees = exposedTrees(at: time)
        guard trees.count == 1 else {
            lastTree = nil
            return try encodeAverage(of: trees, converter: converter, into: frame)
        }
        let tree = trees[0]
        let unchanged = lastTree == tree
        if unchanged, let kept = keptFrame {
            try frame.copyPixels(from: kept)
            return
        }
        var unrecorded = FrameRecord(frame: 0, worker: 0)
        if let name = underlying, try render(tree, over: name, converter: converter, into: frame, record: &unrecorded) {
        } else {
            try draw(plan(tree), converter: converter, frame: frame) { try $0() }
        }
        if unchanged {
            let kept = try VideoFrame.yuv420p(width: frame.width, height: frame.height)
            try kept.copyPixels(from: frame)
            keptFrame = kept
        } else {
            keptFrame = nil
        }
        lastTree = tree
    }

    /// The asset name of the clip a timeline's bottom layer plays when the clip's frames can
    /// go to the encoder untouched: a plain player layer filling the canvas (nothing else set
    /// or animated on it) whose clip is 8-bit 4:2:0, upright, square-pixelled, the canvas's
    /// pixel size, and read as BT.709 limited range, as the output is written.
    static func underlyingClip(of timeline: Timeline, assets: DrawingAssets) -> String? {
        guard let clips = assets.videos as? ClipFrames, let first = timeline.layers.first, first.animations.isEmpty,
            first.sublayers.isEmpty, first.mask == nil, first.model.layerClass == .playerLayer,
            let name = first.model.player.player, clips.givesPlanes(name), let info = clips.info[name],
            info.readMatrix == "bt709", info.readRange == "tv", timeline.canvas.scale == 1,
            info.width == timeline.canvas.pixelWidth, info.height == timeline.canvas.pixelHeight
        else { return nil }
        var plain = Layer(id: first.model.id)
        plain.layerClass = .playerLayer
        plain.frame = Rect(x: 0, y: 0, width: timeline.canvas.width, height: timeline.canvas.height)
        plain.player = first.model.player
        plain.timeRemap = first.model.timeRemap
        return first.model == plain ? name : nil
    }

    /// Draws `tree` over its bottom clip's own YUV frame: the frame is copied to `frame` as it
    /// is, and only the rows the other layers cover (the chroma's reach around them) are
    /// converted to RGBA, drawn over and converted back. False, drawing nothing, when the
    /// clip's frame cannot be decoded (the ordinary way then draws it as nothing, and says so).
    /// With an `origin` (the run's start, monotonic ns), the decode, plan, draw and convert
    /// stages are timed into `record` and each step's cost is kept for `layerCosts()`.
    private func render(
        _ tree: Layer, over name: String, converter: ColorConverter, into frame: VideoFrame, record: inout FrameRecord,
        origin: UInt64? = nil
    ) throws -> Bool {
        func stage(_ s: FrameStage, _ work: () throws -> Void) rethrows {
            guard let origin else { return try work() }
            record[s] = try Stopwatch.measure(from: origin, work)
        }
        guard let clips = assets.videos as? ClipFrames, let clip = tree.sublayers.first else { return false }
        var found: YUVPicture?
        stage(.decode) { found = clips.planes(name, at: clip.player.time) }
        guard let picture = found else { return false }
        var above = tree
        above.sublayers.removeFirst()
        // The clip hides the canvas's background.
        above.backgroundColor = nil
        var planned: FramePlan?
        stage(.plan) { planned = self.plan(above) }
        let plan = planned!
        let bands = Self.coveredBands(of: plan)
        let buffer = wholeFrame ?? makeBuffer()
        wholeFrame = buffer
        if origin != nil { clock.reset(steps: plan.steps.count) }
        try stage(.draw) {
            try picture.copy(into: frame)
            for band in bands { picture.rgba(rows: converter.sourceRows(for: band), into: buffer) }
            executor.run(plan, into: buffer, over: true, clock: origin == nil ? nil : clock)
        }
        try stage(.convert) {
            for band in bands { try converter.convert(buffer, rows: band, into: frame) }
        }
        if origin != nil {
            let draw = record[.draw]
            clock.apportion(stageWall: draw.wall, stageCPU: draw.cpu)
            lastPlan = plan
        }
        return true
    }

    /// The rows a plan's steps draw in, as bands a converter takes (each from an even row to
    /// an even row or the bottom), merged where they meet.
    static func coveredBands(of plan: FramePlan) -> [Range<Int>] {
        let rows = plan.steps.map(\.area).filter { !$0.isEmpty }.map { area -> Range<Int> in
            (area.y & ~1)..<min((area.maxY + 1) & ~1, plan.height)
        }.sorted { $0.lowerBound < $1.lowerBound }
        var bands: [Range<Int>] = []
        for r in rows where !r.isEmpty {
            if let last = bands.last, r.lowerBound <= last.upperBound {
                bands[bands.count - 1] = last.lowerBound..<max(last.upperBound, r.upperBound)
            } else {
                bands.append(r)
            }
        }
        return bands
    }

    /// Rows above a band that band views keep from the band before: more than the chroma
    /// filter reaches above the rows a conversion writes.
    static let carriedRows = 8

    /// Draws `plan` and converts it band by band; `converting` runs each conversion (to time it).
    private func draw(
        _ plan: FramePlan, converter: ColorConverter, frame: VideoFrame, clock: StepClock? = nil,
        converting: (() throws -> Void) throws -> Void
    ) throws {
        var converted = 0
        var failure: Error?
        // Converts the rows whose chroma reads only rows drawn so far (up to `drawn`).
        func convert(_ buffer: PixelBuffer, drawn: Int) {
            var end = drawn == plan.height ? drawn : drawn & ~1
            while end > converted, converter.sourceRows(for: converted..<end).upperBound > drawn { end -= 2 }
            guard failure == nil, end > converted else { return }
            do {
                try converting { try converter.convert(buffer, rows: converted..<end, into: frame) }
            } catch {
                failure = error
            }
            converted = end
        }
        let banded = executor.runInBands(plan, clock: clock, carry: FrameRenderer.carriedRows) { view, rows in
            convert(view, drawn: rows.upperBound)
        }
        if !banded {
            let buffer = wholeFrame ?? makeBuffer()
            wholeFrame = buffer
            executor.run(plan, into: buffer, clock: clock)
            convert(buffer, drawn: plan.height)
        }
        if let failure { throw failure }
    }

    /// Renders the frame at `time` seconds into a new buffer.
    public func render(time: Double) -> PixelBuffer {
        let buffer = makeBuffer()
        render(time: time, into: buffer)
        return buffer
    }

    /// The plan of the frame at `time` seconds.
    public func plan(time: Double) -> FramePlan {
        plan(timeline.presentation(at: time))
    }

    /// Renders and converts like `render(time:into:converter:frame:)`, recording the evaluate,
    /// plan, draw and convert stages into `record`; `origin` is the run's start (monotonic ns).
    /// Drawing and converting take turns band by band: the conversions are timed one by one
    /// and the draw stage is the rest. Each step's cost is kept for `layerCosts()`.
    func render(time: Double, converter: ColorConverter, into frame: VideoFrame, record: inout FrameRecord, origin: UInt64) throws
    {
        let drawnBefore = drawnPictures
        if drawsTransition(at: time) {
            record[.draw] = try Stopwatch.measure(from: origin) { try encodeWhole(time: time, converter: converter, into: frame) }
            record.pictures = drawnPictures - drawnBefore
            lastPlan = nil
            return
        }
        var trees: [Layer] = []
        record[.evaluate] = Stopwatch.measure(from: origin) { trees = exposedTrees(at: time) }
        // The layers blurred on their own were drawn while evaluating; the frame is one more.
        record.pictures = drawnPictures - drawnBefore + (trees.count == 1 ? 1 : 0)
        guard trees.count == 1 else {
            record[.draw] = try Stopwatch.measure(from: origin) {
                try encodeAverage(of: trees, converter: converter, into: frame)
            }
            record.pictures = drawnPictures - drawnBefore
            lastPlan = nil
            return
        }
        let tree: Layer? = trees[0]
        if let name = underlying,
            try render(tree!, over: name, converter: converter, into: frame, record: &record, origin: origin)
        {
            return
        }
        if let videos = assets.videos {
            // The clips' frames fetched before planning, which then finds them kept.
            record[.decode] = Stopwatch.measure(from: origin) { Self.fetchFrames(of: tree!, from: videos) }
        }
        var plan: FramePlan?
        record[.plan] = Stopwatch.measure(from: origin) { plan = self.plan(tree!) }
        let steps = plan!
        clock.reset(steps: steps.steps.count)
        var convert = StageTime()
        var both = try Stopwatch.measure(from: origin) {
            try draw(steps, converter: converter, frame: frame, clock: clock) { conversion in
                let band = try Stopwatch.measure(from: origin, conversion)
                if convert.wall == 0 { convert.start = band.start }
                convert.wall += band.wall
                convert.cpu += band.cpu
            }
        }
        both.wall -= min(both.wall, convert.wall)
        both.cpu -= min(both.cpu, convert.cpu)
        record[.draw] = both
        record[.convert] = convert
        clock.apportion(stageWall: both.wall, stageCPU: both.cpu)
        lastPlan = steps
    }

    /// The drawing cost of the last frame rendered with a record, by layer and part.
    func layerCosts() -> [LayerCost] {
        guard let plan = lastPlan else { return [] }
        var costs: [LayerCost] = []
        var slot: [Int: Int] = [:]
        for (i, step) in plan.steps.enumerated() {
            let key = step.layer * DrawStep.Part.allCases.count + DrawStep.Part.allCases.firstIndex(of: step.part)!
            let sprites: Int = if case .sprites(let batch) = step.operation { batch.sprites.count } else { 0 }
            if let s = slot[key] {
                costs[s].wall += clock.wall[i]
                costs[s].cpu += clock.cpu[i]
                costs[s].sprites += sprites
            } else {
                slot[key] = costs.count
                costs.append(
                    LayerCost(
                        layer: plan.layers[step.layer], part: step.part, wall: clock.wall[i], cpu: clock.cpu[i], sprites: sprites)
                )
            }
        }
        return costs
    }

    /// Asks `videos` for the frame every player layer of `tree` shows (masks included); a
    /// hidden or fully transparent subtree shows none, so none is decoded (nor found damaged).
    static func fetchFrames(of tree: Layer, from videos: VideoFrames) {
        guard !tree.isHidden, tree.opacity > 0 else { return }
        if tree.layerClass == .playerLayer, let name = tree.player.player { _ = videos.frame(name, at: tree.player.time) }
        if let mask = tree.mask { fetchFrames(of: mask, from: videos) }
        for sublayer in tree.sublayers { fetchFrames(of: sublayer, from: videos) }
    }

    func plan(_ tree: Layer) -> FramePlan {
        planner.plan(tree, width: timeline.canvas.pixelWidth, height: timeline.canvas.pixelHeight, scale: timeline.canvas.scale)
    }
}
