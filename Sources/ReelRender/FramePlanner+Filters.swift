import ReelCore
import ReelLayers
import ReelRaster

/// A layer's `filters`: its picture grown by the blurs' reach, each filter applied in order
/// before the clip.
extension FramePlanner.Builder {
    /// A layer's elements and sublayers through its `filters`, in order, into a picture of
    /// their extent grown by every blur's reach (and by that much past `clip`, so what lies
    /// just outside blurs in), then cut to the rounded bounds when `masksToBounds` is on:
    /// filters come before the clip.
    mutating func drawFiltered(_ layer: Layer, index: Int, toDevice: Transform3D, clip: PixelRect, path: String) {
        var open = layer
        open.masksToBounds = false
        open.filters = []
        let base = deviceExtent(of: open, toDevice: toDevice, ownShadow: false)
        let scale = ShadowGeometry.blurScale(of: layer, toDevice: toDevice)
        let reach = Self.filterReach(layer.filters, scale: scale)
        var area = PixelRect(covering: base.outset(by: Double(reach))).intersection(clip.outset(by: reach))
        if layer.masksToBounds {
            area = area.intersection(PixelRect(covering: bounds(of: layer.bounds, toDevice)).outset(by: reach))
        }
        guard !area.isEmpty else { return }
        let inside = PixelRect(x: 0, y: 0, width: area.width, height: area.height)
        let shifted = toDevice.concatenating(.translation(Double(-area.x), Double(-area.y)))
        emit(.beginGroup, area, index, .filter)
        drawElements(open, index: index, toDevice: shifted, clip: inside, opacity: 1, path: path)
        // The picture's extent, in its own pixels, as each filter finds it, and the part of
        // the picture each filter's result is read over: the clip, grown by the reach of
        // the blurs after it.
        var extent = Rect(
            x: base.minX - Double(area.x), y: base.minY - Double(area.y), width: base.width, height: base.height)
        var later = reach
        let shown = clip.intersection(area)
        let target = PixelRect(x: shown.x - area.x, y: shown.y - area.y, width: shown.width, height: shown.height)
        for filter in layer.filters {
            switch filter.kind {
            case .gaussianBlur(let radius):
                let sigma = min(radius * scale, GaussianBlur.maximumSigma)
                later -= GaussianBlur.reach(sigma: sigma)
                guard sigma > 0 else { continue }
                let source = PixelRect(covering: extent).intersection(inside)
                extent = extent.outset(by: Double(GaussianBlur.reach(sigma: sigma)))
                let output = PixelRect(covering: extent).intersection(target.outset(by: later)).intersection(inside)
                emit(.filter(.blur(sigma: sigma, source: source, output: output)), inside, index, .filter)
            case .colorMatrix(let matrix):
                let region = PixelRect(covering: extent).intersection(target.outset(by: later)).intersection(inside)
                guard !region.isEmpty else { continue }
                emit(.filter(.colorMatrix(matrix)), region, index, .filter)
            }
        }
        let cut: DrawStep.GroupClip =
            layer.masksToBounds
            ? .polygons(outlines.roundedRect(layer.bounds, radius: cornerRadius(of: layer), transform: toDevice)) : .none
        emit(.endGroup(opacity: 255, clip: cut, blend: .normal), area, index, .filter)
    }

    /// Pixels a layer's filters can spread its picture: the sum of its blurs' reaches.
    static func filterReach(_ filters: [LayerFilter], scale: Double) -> Int {
        filters.reduce(0) { sum, f in
            guard case .gaussianBlur(let radius) = f.kind else { return sum }
            return sum + GaussianBlur.reach(sigma: min(radius * scale, GaussianBlur.maximumSigma))
        }
    }
}
