import ReelCore
import ReelLayers
import ReelRaster
import ReelText

#if canImport(Glibc)
    import Glibc
#endif

/// Turns a layer tree into a frame plan the way Core Animation composites it: shadow,
/// background (rounded by `cornerRadius`), contents, sublayers in `zPosition` order, border on
/// top; then `masksToBounds` clipping, the `mask` layer and opacity (as one picture where
/// group opacity or `shouldRasterize` asks for it). Each layer's 3D content is flattened into
/// its superlayer's plane, as CALayer does. Planning touches no pixels: it decides what is
/// drawn where, in which order, and through which offscreen pictures.
public struct FramePlanner: Sendable {
    /// Images for `contents` and fonts for text.
    public let assets: DrawingAssets
    /// Whether shadows under similarity transforms use masks kept in layer space (the
    /// default); off, every shadow is blurred in device space each frame, as a reference.
    public let keepsShadows: Bool
    /// Whether what an opaque fill drawn later hides is left out of the frame's plan (the
    /// default; `FramePlan.cullHidden`); off, every step is drawn, as a reference.
    public let cullsHidden: Bool
    /// Fills and strokes of paths kept across the frames this planner plans.
    public let paths = PathCache()
    /// Rounded rectangles flattened across the frames this planner plans.
    public let outlines = OutlineCache()

    public init(assets: DrawingAssets = DrawingAssets(), keepsShadows: Bool = true, cullsHidden: Bool = true) {
        self.assets = assets
        self.keepsShadows = keepsShadows
        self.cullsHidden = cullsHidden
    }

    /// The plan for `root` (coordinates in points) on a `width` x `height` frame, `scale` pixels per point.
    public func plan(_ root: Layer, width: Int, height: Int, scale: Double) -> FramePlan {
        var builder = Builder(plan: FramePlan(width: width, height: height), planner: self)
        // About a step and a name per layer: a tree of many layers is not copied as its plan grows.
        builder.plan.steps.reserveCapacity(root.sublayers.count + 1)
        builder.plan.layers.reserveCapacity(root.sublayers.count + 1)
        builder.draw(
            root, parent: .scale(scale, scale), clip: PixelRect(x: 0, y: 0, width: width, height: height), opacity: 1, path: "")
        if builder.blendsOnCanvas { builder.plan.isolateCanvas() }
        if cullsHidden { builder.plan.cullHidden() }
        return builder.plan
    }

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
    struct Builder {
        var plan: FramePlan
        /// The planner whose settings and caches the rules use, and which deferred plans call.
        let planner: FramePlanner
        var assets: DrawingAssets { planner.assets }
        var keepsShadows: Bool { planner.keepsShadows }
        var paths: PathCache { planner.paths }
        var outlines: OutlineCache { planner.outlines }
        /// Whether a picture lands on the frame itself with an operator other than source-over:
        /// the canvas's layers then draw as one group over the background (`isolateCanvas`).
        var blendsOnCanvas = false
        /// Pictures open at the step being emitted (0: steps draw onto the frame).
        var openPictures = 0

        /// A layer's id path ("parent/child"), as the plan and the profile name layers.
        static func path(_ parent: String, _ id: String) -> String {
            parent.isEmpty ? id : "\(parent)/\(id)"
        }

        mutating func register(_ layer: Layer, path: String) -> Int {
            plan.layers.append(path)
            return plan.layers.count - 1
        }

        mutating func emit(_ operation: DrawStep.Operation, _ area: PixelRect, _ layer: Int, _ part: DrawStep.Part) {
            switch operation {
            case .beginGroup: openPictures += 1
            case .endMask: openPictures -= 1
            case .endGroup(_, _, let blend):
                openPictures -= 1
                if blend != .normal, openPictures == 0 { blendsOnCanvas = true }
            default: break
            }
            plan.steps.append(DrawStep(operation: operation, area: area, layer: layer, part: part))
        }

        /// Plans `layer`, whose superlayer's plane maps to pixels by `parent`, faded by the
        /// opacity that ancestors without group opacity pass down.
        mutating func draw(
            _ layer: Layer, parent: Transform3D, clip: PixelRect, opacity inherited: Double, path parentPath: String,
            transformIncluded: Bool = false
        ) {
            guard !layer.isHidden else { return }
            let effective = inherited * min(max(layer.opacity, 0), 1)
            guard effective > 0 else { return }
            let path = Self.path(parentPath, layer.id)
            let index = register(layer, path: path)
            let toDevice = transformIncluded ? parent : layer.transformToSuperlayer.concatenating(parent)
            if layer.shouldRasterize, layer.compositingFilter != .normal {
                // The bitmap lands with the operator: drawn into a picture that does.
                let area = PixelRect(covering: deviceExtent(of: layer, toDevice: toDevice)).outset(by: 2).intersection(clip)
                let blend = layer.compositingFilter
                guard !area.isEmpty else {
                    if blend.clearsOutsideSource { clearOutsideSource(blend, clip: clip, index: index) }
                    return
                }
                emit(.beginGroup, area, index, .group)
                drawRasterized(
                    layer, index: index, toDevice: toDevice.concatenating(.translation(Double(-area.x), Double(-area.y))),
                    clip: PixelRect(x: 0, y: 0, width: area.width, height: area.height), opacity: effective)
                emit(.endGroup(opacity: 255, clip: .none, blend: blend), area, index, .group)
            } else if layer.shouldRasterize {
                drawRasterized(layer, index: index, toDevice: toDevice, clip: clip, opacity: effective)
            } else {
                drawContent(layer, index: index, toDevice: toDevice, clip: clip, opacity: effective, path: path)
            }
        }

        /// The layer's elements faded by `opacity`: as one picture when group opacity is on and
        /// several elements could overlap, or when the layer has `filters` or a
        /// `compositingFilter` (it then lands on its backdrop with that operator); element by
        /// element otherwise. A shadow or a mask layer also needs the layer's picture first:
        /// the shadow goes beneath it, the mask multiplies it.
        mutating func drawContent(
            _ layer: Layer, index: Int, toDevice: Transform3D, clip: PixelRect, opacity: Double, path: String
        ) {
            let shadow = shadowColor(of: layer)
            let mask = layer.mask.flatMap { $0.isHidden ? nil : $0 }
            let blend = layer.compositingFilter
            let picture = blend != .normal || !layer.filters.isEmpty || layer.layerClass.planner.drawsAsOnePicture(layer)
            let groups = picture || (opacity < 1 && layer.allowsGroupOpacity && drawsSeveralElements(layer))
            guard shadow != nil || mask != nil || groups else {
                drawElements(layer, index: index, toDevice: toDevice, clip: clip, opacity: opacity, path: path)
                return
            }
            if let shadow, mask == nil, !groups, Self.blendsInside(layer) {
                // A shadow makes no isolation group: a sublayer's operator meets what lies
                // beneath the layer, so the shadow lands on its own and the elements straight on.
                drawShadowAlone(layer, color: shadow, index: index, toDevice: toDevice, clip: clip, opacity: opacity, path: path)
                drawElements(layer, index: index, toDevice: toDevice, clip: clip, opacity: opacity, path: path)
                return
            }
            let elementOpacity = groups ? 1 : opacity
            var area = PixelRect(covering: deviceExtent(of: layer, toDevice: toDevice)).intersection(clip)
            let maskToDevice = mask.map { $0.transformToSuperlayer.concatenating(.flatten).concatenating(toDevice) }
            if let mask, let maskToDevice, !layer.maskMode.isInverted {
                // Nothing shows outside the mask layer (but for an inverted mode).
                area = area.intersection(PixelRect(covering: deviceExtent(of: mask, toDevice: maskToDevice)))
            }
            guard !area.isEmpty else {
                if blend.clearsOutsideSource { clearOutsideSource(blend, clip: clip, index: index) }
                return
            }
            let shift = Transform3D.translation(Double(-area.x), Double(-area.y))
            let inside = PixelRect(x: 0, y: 0, width: area.width, height: area.height)
            if let mask, let maskToDevice {
                emit(.beginGroup, area, index, .mask)
                draw(
                    mask, parent: maskToDevice.concatenating(shift), clip: inside, opacity: 1, path: path, transformIncluded: true
                )
                emit(.endMask(layer.maskMode), area, index, .mask)
            }
            let local = toDevice.concatenating(shift)
            var shadowStep = shadow.map { self.shadowStep(of: layer, color: $0, opacity: elementOpacity, toDevice: local) }
            if let shadow, case .pictureAlpha = shadowStep?.shape, elementOpacity < 1 {
                // Elements faded one by one: the shadow is made from their unfaded picture and
                // faded once, not from the faded picture (where overlaps add up differently).
                emit(.beginGroup, area, index, .shadow)
                drawElements(layer, index: index, toDevice: local, clip: inside, opacity: 1, path: path)
                emit(.endMask(.alpha), area, index, .shadow)
                shadowStep?.shape = .maskAlpha
                shadowStep?.color = premultiplied(shadow, elementOpacity)
            }
            emit(.beginGroup, area, index, .group)
            if layer.filters.isEmpty {
                drawElements(layer, index: index, toDevice: local, clip: inside, opacity: elementOpacity, path: path)
            } else {
                drawFiltered(layer, index: index, toDevice: local, clip: inside, path: path)
            }
            if let shadowStep { emit(.shadow(shadowStep), inside, index, .shadow) }
            emit(
                .endGroup(opacity: alpha(groups ? opacity : 1), clip: mask != nil ? .mask : .none, blend: blend), area, index,
                .group)
        }

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

        /// A layer that lands with an operator clearing where it is transparent, with nothing of
        /// it showing: its whole isolation group is cleared (a transparent pixel landed so).
        mutating func clearOutsideSource(_ blend: BlendMode, clip: PixelRect, index: Int) {
            let corner = PixelRect(x: clip.x, y: clip.y, width: 1, height: 1)
            emit(.beginGroup, corner, index, .group)
            emit(.endGroup(opacity: 255, clip: .none, blend: blend), corner, index, .group)
        }

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

        /// Background, contents, sublayers, border and what the class draws on top, each faded by `opacity` on its own.
        /// `masksToBounds` cuts them all to the rounded bounds: when something inside can
        /// reach the edge (contents, sublayers), they are drawn as one picture and cut once
        /// (the background and border then square at the outside: the cut rounds them), so no
        /// background shows around the anti-aliased edge of what lies on it. A clip along whole
        /// pixels only narrows the clip rectangle.
        mutating func drawElements(
            _ layer: Layer, index: Int, toDevice: Transform3D, clip: PixelRect, opacity: Double, path: String
        ) {
            let radius = cornerRadius(of: layer)
            let contents = contentsSource(of: layer, toDevice: toDevice)
            let rules = layer.layerClass.planner
            let sublayers = layer.sublayers.contains { !$0.isHidden } && rules.copies(layer) > 0
            let ownContents = rules.drawsContents(layer)
            let inner = contents != nil || sublayers || ownContents
            guard inner, layer.masksToBounds else {
                drawBackground(layer, index: index, radius: radius, toDevice: toDevice, clip: clip, opacity: opacity)
                if inner {
                    drawInner(
                        layer, index: index, contents: contents, toDevice: toDevice, clip: clip, opacity: opacity, path: path)
                }
                drawBorder(layer, index: index, radius: radius, transform: toDevice, opacity: opacity, clip: clip)
                rules.drawOnTop(layer, in: &self, index: index, toDevice: toDevice, clip: clip, opacity: opacity)
                return
            }
            // A clip along whole pixels narrows the clip rectangle, with no picture of its own,
            // unless a sublayer blends: `masksToBounds` makes an isolation group.
            if radius == 0, let pixelClip = pixelAlignedRect(layer.bounds, toDevice), !Self.blendsInside(layer) {
                let cut = clip.intersection(pixelClip)
                drawBackground(layer, index: index, radius: 0, toDevice: toDevice, clip: cut, opacity: opacity)
                drawInner(layer, index: index, contents: contents, toDevice: toDevice, clip: cut, opacity: opacity, path: path)
                drawBorder(layer, index: index, radius: 0, transform: toDevice, opacity: opacity, clip: cut)
                rules.drawOnTop(layer, in: &self, index: index, toDevice: toDevice, clip: cut, opacity: opacity)
                return
            }
            let area = PixelRect(covering: bounds(of: layer.bounds, toDevice)).intersection(clip)
            guard !area.isEmpty else { return }
            let polygons = outlines.roundedRect(layer.bounds, radius: radius, transform: toDevice)
            if let contents, layer.backgroundColor == nil, layer.borderWidth <= 0, !sublayers, !ownContents {
                // Contents alone: cut as they are drawn, with no picture of their own.
                drawContents(contents, of: layer, index: index, toDevice: toDevice, clip: area, opacity: opacity, cut: polygons)
                return
            }
            emit(.beginGroup, area, index, .group)
            let shifted = toDevice.concatenating(.translation(Double(-area.x), Double(-area.y)))
            let inside = PixelRect(x: 0, y: 0, width: area.width, height: area.height)
            drawBackground(layer, index: index, radius: 0, toDevice: shifted, clip: inside, opacity: opacity)
            drawInner(layer, index: index, contents: contents, toDevice: shifted, clip: inside, opacity: opacity, path: path)
            drawBorder(
                layer, index: index, radius: radius, transform: shifted, opacity: opacity, clip: inside, squareOutside: true)
            rules.drawOnTop(layer, in: &self, index: index, toDevice: shifted, clip: inside, opacity: opacity)
            emit(.endGroup(opacity: 255, clip: .polygons(polygons), blend: .normal), area, index, .group)
        }

        /// The background colour over the bounds rounded by `radius`.
        private mutating func drawBackground(
            _ layer: Layer, index: Int, radius: Double, toDevice: Transform3D, clip: PixelRect, opacity: Double
        ) {
            guard let background = layer.backgroundColor else { return }
            fill(
                roundedRect: layer.bounds, radius: radius, transform: toDevice, color: background, opacity: opacity, clip: clip,
                index: index)
        }

        /// Contents, then sublayers.
        private mutating func drawInner(
            _ layer: Layer, index: Int, contents: ImageSource?, toDevice: Transform3D, clip: PixelRect, opacity: Double,
            path: String
        ) {
            if let contents {
                drawContents(contents, of: layer, index: index, toDevice: toDevice, clip: clip, opacity: opacity, cut: nil)
            }
            let rules = layer.layerClass.planner
            rules.drawContents(layer, in: &self, index: index, toDevice: toDevice, clip: clip, opacity: opacity)
            let space = layer.sublayerTransformInBounds
            let plane = Transform3D.flatten.concatenating(toDevice)
            rules.drawSublayers(
                layer, in: &self, index: index, space: space, plane: plane, clip: clip, opacity: opacity, path: path)
        }

        /// Sublayers in drawing order, in the plane `space` then `plane` map to the target, each as
        /// its class lays itself out as a sublayer.
        mutating func drawSublayers(
            _ sublayers: [Layer], space: Transform3D, plane: Transform3D, clip: PixelRect, opacity: Double, path: String
        ) {
            // By index: each layer is read where it lies, not copied out (a layer is large).
            for i in sublayers.indices {
                sublayers[i].layerClass.planner.draw(
                    sublayer: sublayers[i], in: &self, space: space, plane: plane, clip: clip, opacity: opacity, path: path)
            }
        }

        /// Whether a sublayer of `layer` (or one below, up to the next that draws as one
        /// picture of its own) lands with an operator other than source-over.
        static func blendsInside(_ layer: Layer) -> Bool {
            layer.sublayers.contains { s in
                !s.isHidden
                    && (s.compositingFilter != .normal
                        || (s.filters.isEmpty && !s.masksToBounds && s.mask == nil && !s.shouldRasterize && blendsInside(s)))
            }
        }

        /// Fills polygons in the target's pixels (a shape's fill or stroke) over the box they cover.
        mutating func fill(polygons: [[Point]], color: UInt32, clip: PixelRect, index: Int, part: DrawStep.Part) {
            guard let box = Self.box(of: polygons) else { return }
            let area = PixelRect(covering: box).intersection(clip)
            guard !area.isEmpty else { return }
            emit(.fillPolygons(polygons, color: color), area, index, part)
        }

        /// The bounding box of polygons' corners; nil for none.
        static func box(of polygons: [[Point]]) -> Rect? { Rect(bounding: polygons.joined()) }

        /// The layer's contents, placed by its `contentsTransform` in its own space.
        private mutating func drawContents(
            _ contents: ImageSource, of layer: Layer, index: Int, toDevice: Transform3D, clip: PixelRect,
            opacity: Double, cut: [[Point]]?
        ) {
            let placed = layer.contentsTransform.concatenating(toDevice)
            let area = PixelRect(covering: bounds(of: contents.mapping.destination, placed)).intersection(clip)
            guard !area.isEmpty else { return }
            emit(.image(contents, transform: placed, opacity: alpha(opacity), cut: cut), area, index, .contents)
        }

        /// The picture the layer shows as its contents and the layer as it places it (its class says).
        func contentsImage(of layer: Layer) -> (layer: Layer, image: Image)? {
            layer.layerClass.planner.contentsImage(layer, assets: assets)
        }

        /// The layer's image as drawn: placed by gravity, `contentsRect` and `contentsCenter`,
        /// sampled with the magnification filter where one output pixel covers at most one image
        /// pixel along each axis, with the minification filter otherwise.
        func contentsSource(of original: Layer, toDevice: Transform3D) -> ImageSource? {
            guard let (layer, image) = contentsImage(of: original),
                let mapping = layer.contentsMapping(imageWidth: image.width, imageHeight: image.height)
            else { return nil }
            // Device pixels per layer unit along each axis, at the middle of the contents.
            let h = Homography(layer.contentsTransform.concatenating(toDevice))
            let d = mapping.destination
            let centre = Point(x: d.midX, y: d.midY)
            guard let c = h.apply(centre), let px = h.apply(Point(x: centre.x + 1, y: centre.y)),
                let py = h.apply(Point(x: centre.x, y: centre.y + 1))
            else { return nil }
            let devicePerUnit = (x: (px - c).length, y: (py - c).length)
            // Image pixels per device pixel, from the widest segment (the stretched middle of a nine-slice).
            let column = mapping.columns.max {
                $0.from.upperBound - $0.from.lowerBound < $1.from.upperBound - $1.from.lowerBound
            }!
            let row = mapping.rows.max { $0.from.upperBound - $0.from.lowerBound < $1.from.upperBound - $1.from.lowerBound }!
            let ratio = max(column.slope / max(devicePerUnit.x, 1e-12), row.slope / max(devicePerUnit.y, 1e-12))
            let minifying = ratio > 1 + 1e-9
            let filter: ImageSource.Filter
            switch minifying ? layer.minificationFilter : layer.magnificationFilter {
            case .nearest: filter = .nearest
            case .linear: filter = .linear
            case .trilinear:
                filter = minifying ? .trilinear(level: log2(ratio) + layer.minificationFilterBias) : .linear
            }
            return ImageSource(image: image, mapping: mapping, filter: filter)
        }

        /// The shadow's premultiplied colour at full strength, or nil when the layer casts none.
        func shadowColor(of layer: Layer) -> Color? {
            var c = layer.shadowColor
            c.alpha *= min(max(layer.shadowOpacity, 0), 1)
            return c.alpha > 0 ? c : nil
        }

        /// The bounding box of `path` mapped by `transform` (nil when it has no outline).
        func pathBox(_ path: Path, _ transform: Transform3D) -> Rect? {
            Self.box(of: path.polygons(transform: transform))
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

        /// The border: the rounded bounds less the bounds inset by `borderWidth` with corner
        /// radius max(0, radius - borderWidth); a border wider than half the layer fills it.
        /// `squareOutside`: the outer edge is the plain bounds (a clip rounds it).
        mutating func drawBorder(
            _ layer: Layer, index: Int, radius: Double, transform: Transform3D, opacity: Double, clip: PixelRect,
            squareOutside: Bool = false
        ) {
            let b = layer.bounds
            let w = layer.borderWidth
            guard w > 0 else { return }
            let color = premultiplied(layer.borderColor, opacity)
            guard color != 0 else { return }
            var polygons = outlines.roundedRect(b, radius: squareOutside ? 0 : radius, transform: transform)
            if 2 * w < b.width, 2 * w < b.height {
                let inner = Rect(x: b.minX + w, y: b.minY + w, width: b.width - 2 * w, height: b.height - 2 * w)
                polygons += outlines.roundedRect(inner, radius: max(0, radius - w), transform: transform).map {
                    $0.reversed()
                }
            }
            emit(
                .fillPolygons(polygons, color: color), PixelRect(covering: bounds(of: b, transform)).intersection(clip), index,
                .border)
        }

        mutating func fill(
            roundedRect r: Rect, radius: Double, transform: Transform3D, color: Color, opacity: Double, clip: PixelRect,
            index: Int
        ) {
            let packed = premultiplied(color, opacity)
            guard packed != 0, !r.isEmpty else { return }
            let box = bounds(of: r, transform)
            let area = PixelRect(covering: box).intersection(clip)
            if radius == 0, let affine = transform.affine, affine.isAxisAligned {
                emit(.fillRect(box, color: packed), area, index, .background)
                return
            }
            emit(
                .fillPolygons(outlines.roundedRect(r, radius: radius, transform: transform), color: packed), area,
                index, .background)
        }

        func premultiplied(_ color: Color, _ opacity: Double) -> UInt32 {
            var c = color
            c.alpha *= opacity
            return PixelBuffer.pack(c.premultipliedRGBA8)
        }

        func alpha(_ opacity: Double) -> UInt32 { UInt32((opacity * 255).rounded()) }

        /// The layer's `cornerRadius` as its bounds hold it.
        func cornerRadius(of layer: Layer) -> Double {
            layer.bounds.clampedCornerRadius(layer.cornerRadius)
        }

        /// Whether fading the layer's elements one by one would differ from fading them as a group.
        func drawsSeveralElements(_ layer: Layer) -> Bool {
            let rules = layer.layerClass.planner
            var count = layer.sublayers.contains { !$0.isHidden } && rules.copies(layer) > 0 ? 2 : 0
            if layer.backgroundColor != nil { count += 1 }
            if rules.drawsContents(layer) { count += rules.contentsElements(layer) }
            if layer.contents != nil || layer.player.player != nil { count += 1 }
            if layer.borderWidth > 0 { count += 1 }
            return count > 1
        }

        /// The whole-pixel rectangle `r` lands on when `transform` maps it axis-aligned onto pixel edges; else nil.
        func pixelAlignedRect(_ r: Rect, _ transform: Transform3D) -> PixelRect? {
            guard let a = transform.affine, a.isAxisAligned else { return nil }
            let d = bounds(of: r, transform)
            let edges = [d.minX, d.minY, d.maxX, d.maxY]
            guard edges.allSatisfy({ abs($0 - $0.rounded()) < 1e-9 }) else { return nil }
            return PixelRect(covering: d)
        }

        /// Bounding box of a rectangle's mapped corners (parts behind the eye clipped away).
        func bounds(of r: Rect, _ transform: Transform3D) -> Rect {
            let h = Homography(transform)
            // The four corners, mapped as `Path(rect:).polygons` maps them (the same numbers),
            // without building the path where no perspective clips them: planning asks this
            // for every layer.
            let corners =
                h.isAffine
                ? [
                    Point(x: r.minX, y: r.minY), Point(x: r.maxX, y: r.minY), Point(x: r.maxX, y: r.maxY),
                    Point(x: r.minX, y: r.maxY)
                ].compactMap(h.apply) : Path(rect: r).polygons(transform: transform).flatMap { $0 }
            return Rect(bounding: corners) ?? .zero
        }

        /// The box, in the space `plane` maps to, of `sublayers` laid out in `space` (a layer's
        /// sublayer space, or a replicator copy's); nil when none is visible.
        func sublayersExtent(_ sublayers: [Layer], space: Transform3D, plane: Transform3D) -> Rect? {
            var box: Rect? = nil
            for s in sublayers where !s.isHidden {
                guard let r = s.layerClass.planner.extent(sublayer: s, in: self, space: space, plane: plane) else { continue }
                box = box.map { $0.union(r) } ?? r
            }
            return box
        }

        /// Bounding box, in the space `toDevice` maps to, of everything the layer draws: its
        /// bounds, contents, visible sublayers and shadows (a clipping layer stops at its bounds).
        func deviceExtent(of layer: Layer, toDevice: Transform3D, ownShadow: Bool = true) -> Rect {
            var box = bounds(of: layer.bounds, toDevice)
            if layer.masksToBounds { return box }
            if let (shown, image) = contentsImage(of: layer),
                let mapping = shown.contentsMapping(imageWidth: image.width, imageHeight: image.height)
            {
                box = box.union(bounds(of: mapping.destination, layer.contentsTransform.concatenating(toDevice)))
            }
            let rules = layer.layerClass.planner
            if let contents = rules.contentsExtent(layer, in: self, toDevice: toDevice) { box = box.union(contents) }
            let plane = Transform3D.flatten.concatenating(toDevice)
            if let extent = rules.sublayersExtent(layer, in: self, space: layer.sublayerTransformInBounds, plane: plane) {
                box = box.union(extent)
            }
            if !layer.filters.isEmpty {
                box = box.outset(
                    by: Double(Self.filterReach(layer.filters, scale: ShadowGeometry.blurScale(of: layer, toDevice: toDevice))))
            }
            if ownShadow, shadowColor(of: layer) != nil {
                box = box.union(shadowExtent(of: layer, content: box, toDevice: toDevice))
            }
            return box
        }
    }
}
