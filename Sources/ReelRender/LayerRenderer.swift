import ReelCore
import ReelLayers

/// Draws a layer tree into premultiplied RGBA pixels the way Core Animation composites it:
/// plans the frame (`FramePlanner`), then draws the plan (`PlanExecutor`). One renderer per
/// thread: its executor owns scratch memory and the caches kept from frame to frame.
public final class LayerRenderer {
    private let executor: PlanExecutor
    private let keepsShadows: Bool

    /// A renderer; `keepsShadows: false` blurs every shadow in device space each frame, and
    /// `drawsByRows: false` draws every group through an offscreen picture and every frame
    /// whole (the references the kept masks, row-by-row groups and bands are tested against).
    public init(keepsShadows: Bool = true, drawsByRows: Bool = true) {
        self.keepsShadows = keepsShadows
        executor = PlanExecutor(drawsByRows: drawsByRows)
    }

    /// Bytes of scratch memory and kept results the renderer holds now.
    public var retainedBytes: Int { executor.retainedBytes }

    /// Renders `root` (coordinates in points) into `buffer`, `scale` pixels per point, with
    /// `assets` for the layers' `contents` and text. The buffer is overwritten: pixels the tree
    /// leaves uncovered become transparent.
    public func render(_ root: Layer, into buffer: PixelBuffer, scale: Double, assets: DrawingAssets = DrawingAssets()) {
        let planner = FramePlanner(assets: assets, keepsShadows: keepsShadows)
        let plan = planner.plan(root, width: buffer.width, height: buffer.height, scale: scale)
        executor.run(plan, into: buffer, planner: planner)
    }
}
