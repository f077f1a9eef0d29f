import ReelCore
import ReelLayers
import ReelRaster

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

        /// A layer that lands with an operator clearing where it is transparent, with nothing of
        /// it showing: its whole isolation group is cleared (a transparent pixel landed so).
        mutating func clearOutsideSource(_ blend: BlendMode, clip: PixelRect, index: Int) {
            let corner = PixelRect(x: clip.x, y: clip.y, width: 1, height: 1)
            emit(.beginGroup, corner, index, .group)
            emit(.endGroup(opacity: 255, clip: .none, blend: blend), corner, index, .group)
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

    }
}
