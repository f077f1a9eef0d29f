import ReelCore
import ReelLayers
import ReelRaster

/// `shouldRasterize`: the layer flattened into a bitmap in its own space, planned when the
/// bitmap is not kept, and drawn through the layer's transform.
extension FramePlanner {
    /// The plan of a `shouldRasterize` layer's bitmap: `content` (placement and fading reset)
    /// through `localToBitmap` on a `width` x `height` bitmap.
    func planBitmap(of content: Layer, width: Int, height: Int, localToBitmap: Transform3D) -> FramePlan {
        var builder = Builder(plan: FramePlan(width: width, height: height), planner: self)
        let layer = builder.register(content, path: content.id)
        builder.drawContent(
            content, index: layer, toDevice: localToBitmap, clip: PixelRect(x: 0, y: 0, width: width, height: height),
            opacity: 1, path: content.id)
        return builder.plan
    }
}
extension FramePlanner.Builder {
    /// `shouldRasterize`: the layer and its sublayers flattened into a bitmap in the layer's own
    /// space at `rasterizationScale`, then drawn through the layer's transform and faded as one
    /// picture. The bitmap is reused while the subtree's content does not change.
    mutating func drawRasterized(_ layer: Layer, index: Int, toDevice: Transform3D, clip: PixelRect, opacity: Double) {
        let scale = max(layer.rasterizationScale, 0.01)
        let extent = layer.masksToBounds ? layer.bounds : deviceExtent(of: layer, toDevice: .identity)
        guard extent.width > 0, extent.height > 0, extent.width * scale <= 16384, extent.height * scale <= 16384,
            abs(extent.minX * scale) < 1e9, abs(extent.minY * scale) < 1e9
        else { return }
        let origin = Point(x: (extent.minX * scale).rounded(.down), y: (extent.minY * scale).rounded(.down))
        let width = Int((extent.maxX * scale).rounded(.up)) - Int(origin.x)
        let height = Int((extent.maxY * scale).rounded(.up)) - Int(origin.y)
        guard width > 0, height > 0, width <= 16384, height <= 16384 else { return }
        guard width * height <= RasterCache.maximumPixels else {
            // Too big to keep as a bitmap: drawn as it is, every frame.
            drawContent(layer, index: index, toDevice: toDevice, clip: clip, opacity: opacity, path: plan.layers[index])
            return
        }
        let localToBitmap = Transform3D.scale(scale, scale).concatenating(.translation(-origin.x, -origin.y))
        let bitmapToDevice = Transform3D.translation(origin.x, origin.y).concatenating(.scale(1 / scale, 1 / scale))
            .concatenating(toDevice)
        let content = layer.unplaced
        let planner = self.planner
        let step = RasterizedStep(
            content: DeferredPlan(key: RasterCache.Key(layer: content, scale: scale)) {
                .plan(
                    planner.planBitmap(of: content, width: width, height: height, localToBitmap: localToBitmap),
                    region: PixelRect(x: 0, y: 0, width: width, height: height))
            },
            width: width, height: height, bitmapToTarget: bitmapToDevice, opacity: alpha(opacity))
        let area = PixelRect(
            covering: bounds(of: Rect(x: 0, y: 0, width: Double(width), height: Double(height)), bitmapToDevice))
        emit(.rasterized(step), area.intersection(clip), index, .rasterized)
    }
}
