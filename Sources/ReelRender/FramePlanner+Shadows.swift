import ReelCore
import ReelLayers
import ReelRaster

/// A layer's shadow: its shape (a `shadowPath`, a plain card's rounded bounds, or a plan of
/// its elements, kept in the layer's space under similarity transforms), where it reaches, and
/// the step that blurs it beneath the layer's picture.
extension FramePlanner {
    /// The plan of a layer's own elements at `scale` bitmap pixels per unit, the bitmap's
    /// pixel (0, 0) at layer point `origin` / `scale`: the shape a cached shadow blurs.
    func plan(elementsOf layer: Layer, scale: Double, region: PixelRect) -> FramePlan {
        var builder = Builder(plan: FramePlan(width: region.width, height: region.height), planner: self)
        let index = builder.register(layer, path: layer.id)
        let toBitmap = Transform3D.scale(scale, scale).concatenating(.translation(Double(-region.x), Double(-region.y)))
        builder.drawElements(
            layer, index: index, toDevice: toBitmap, clip: PixelRect(x: 0, y: 0, width: region.width, height: region.height),
            opacity: 1, path: layer.id)
        return builder.plan
    }

    /// The box, in the layer's own space, of what its elements draw (without its own shadow).
    func elementsExtent(of layer: Layer) -> Rect {
        Builder(plan: FramePlan(width: 0, height: 0), planner: self).deviceExtent(
            of: layer, toDevice: .identity, ownShadow: false)
    }

    /// The unblurred shape a kept shadow blurs, in mask pixels (`key.scale` per layer unit):
    /// its `shadowPath`, a plain card's rounded bounds as coverage, or a plan of the layer's elements.
    func shadowShape(_ key: ShadowCache.Key) -> DeferredDrawing {
        let scale = key.scale
        switch key.shape {
        case .path(let path):
            let polygons = path.area(transform: .scale(scale, scale))
            return .polygons(polygons, region: Self.maskRegion(covering: Rect(bounding: polygons.joined())))
        case .elements(let layer) where Self.isOpaqueRoundedRect(layer):
            // Its alpha is the rounded bounds' coverage: drawn as coverage, with no picture.
            let r = layer.bounds.scaled(by: scale)
            let polygons = Path(roundedRect: r, cornerRadius: layer.bounds.clampedCornerRadius(layer.cornerRadius) * scale)
                .polygons(transform: .identity)
            return .polygons(polygons, region: Self.maskRegion(covering: r))
        case .elements(let layer):
            let box = Self.maskRegion(covering: elementsExtent(of: layer).scaled(by: scale))
            return .plan(plan(elementsOf: layer, scale: scale, region: box), region: box)
        }
    }

    /// Whether a layer's elements are its rounded bounds in opaque colours and nothing else
    /// (a plain card): their alpha is the rounded bounds' coverage.
    static func isOpaqueRoundedRect(_ layer: Layer) -> Bool {
        layer.layerClass == .layer && layer.sublayers.isEmpty && layer.mask == nil && layer.contents == nil
            && layer.backgroundColor?.alpha == 1 && (layer.borderWidth <= 0 || layer.borderColor.alpha == 1)
    }

    /// The pixels covering `r`, at least one (a mask needs a region even for an empty shape).
    static func maskRegion(covering r: Rect?) -> PixelRect {
        guard let r else { return PixelRect(x: 0, y: 0, width: 1, height: 1) }
        let box = PixelRect(covering: r)
        return box.isEmpty ? PixelRect(x: box.x, y: box.y, width: 1, height: 1) : box
    }

    /// The plan under construction and the rules that fill it.
}
extension FramePlanner.Builder {
    /// The layer's shadow as a picture of its own landed beneath where its elements will
    /// go: made from the elements' unfaded alpha (or a kept mask), faded by `opacity`.
    mutating func drawShadowAlone(
        _ layer: Layer, color: Color, index: Int, toDevice: Transform3D, clip: PixelRect, opacity: Double, path: String
    ) {
        let area = PixelRect(covering: deviceExtent(of: layer, toDevice: toDevice)).intersection(clip)
        guard !area.isEmpty else { return }
        let local = toDevice.concatenating(.translation(Double(-area.x), Double(-area.y)))
        let inside = PixelRect(x: 0, y: 0, width: area.width, height: area.height)
        var step = shadowStep(of: layer, color: color, opacity: opacity, toDevice: local)
        if case .pictureAlpha = step.shape {
            emit(.beginGroup, area, index, .shadow)
            drawElements(layer, index: index, toDevice: local, clip: inside, opacity: 1, path: path)
            emit(.endMask(.alpha), area, index, .shadow)
            step.shape = .maskAlpha
            step.color = premultiplied(color, opacity)
        }
        emit(.beginGroup, area, index, .shadow)
        emit(.shadow(step), inside, index, .shadow)
        emit(.endGroup(opacity: 255, clip: .none, blend: .normal), area, index, .shadow)
    }

    /// The shadow's premultiplied colour at full strength, or nil when the layer casts none.
    func shadowColor(of layer: Layer) -> Color? {
        var c = layer.shadowColor
        c.alpha *= min(max(layer.shadowOpacity, 0), 1)
        return c.alpha > 0 ? c : nil
    }

    /// Where the shadow of content covering `content` (pixels) can reach.
    func shadowExtent(of layer: Layer, content: Rect, toDevice: Transform3D) -> Rect {
        ShadowGeometry(of: layer, toDevice: toDevice).extent(
            of: layer.shadowPath.flatMap { pathBox($0, toDevice) } ?? content)
    }

    /// The layer's shadow under its picture: the alpha of the picture, or the `shadowPath`,
    /// moved by `shadowOffset` in the layer's space, blurred with sigma = shadowRadius, in
    /// `color`; cut to the rounded bounds by `masksToBounds`. Under a transform that keeps
    /// shapes similar, the blurred shape is made once in the layer's space and kept.
    func shadowStep(of layer: Layer, color: Color, opacity: Double, toDevice: Transform3D) -> ShadowStep {
        let geometry = ShadowGeometry(of: layer, toDevice: toDevice)
        let clip =
            layer.masksToBounds
            ? outlines.roundedRect(layer.bounds, radius: cornerRadius(of: layer), transform: toDevice) : nil
        if keepsShadows, layer.filters.isEmpty, geometry.sigma >= ShadowCache.minimumSigma, let affine = toDevice.affine,
            let scale = ShadowCache.similarityScale(affine)
        {
            let key = ShadowCache.Key(layer: layer, scale: scale)
            if ShadowCache.keeps(
                extent: layer.shadowPath.flatMap { pathBox($0, .identity) }
                    ?? deviceExtent(of: layer, toDevice: .identity, ownShadow: false),
                key: key)
            {
                let toTarget = AffineTransform.scale(1 / key.scale, 1 / key.scale).concatenating(affine)
                let planner = self.planner
                return ShadowStep(
                    shape: .cached(DeferredPlan(key: key) { planner.shadowShape(key) }, toTarget: toTarget),
                    geometry: geometry, clip: clip,
                    color: premultiplied(color, opacity))
            }
        }
        // A shape taken from the picture's alpha is faded with the elements already; a shadowPath is not.
        let shape: ShadowStep.Shape = layer.shadowPath.map { .polygons($0.area(transform: toDevice)) } ?? .pictureAlpha
        return ShadowStep(
            shape: shape, geometry: geometry, clip: clip,
            color: premultiplied(color, layer.shadowPath == nil ? 1 : opacity))
    }
}
