import ReelCore
import ReelLayers
import ReelRaster
import ReelRender
import ReelTimeline

/// Motion blur on a layer (extension-rules.md, "Motion blur"): at each of the shutter's
/// sub-frame times the whole tree is evaluated and the layer's picture alone (its subtree as
/// one isolation group, after its mask, filters, shadow and opacity, before its
/// `compositingFilter`) is drawn on a transparent canvas; the average lands, with the layer's
/// operator, where the layer lies in the drawing order. Its ancestors' own drawing and every
/// other layer stay at the frame's time.
struct LayerMotionBlur {
    /// Where a blurred layer lies: under a root layer or a scene, the indices into
    /// `sublayers` below it, and its settings.
    struct Site {
        enum Root {
            case layer(Int)
            case scene(Int)
        }
        let root: Root
        let path: [Int]
        let blur: MotionBlur

        /// Its path from the canvas at `time`, where the scenes showing lie beneath the root
        /// layers; nil when its scene does not show then.
        func path(in timeline: Timeline, at time: Double) -> [Int]? {
            let showing = timeline.showingScenes(at: time)
            switch root {
            case .layer(let i): return [showing.count + i] + path
            case .scene(let k): return showing.firstIndex(of: k).map { [$0] + path }
            }
        }
    }

    /// The outermost blurred layers of `timeline`'s root layers and scenes (a blurred layer
    /// inside one is blurred with it).
    static func sites(in timeline: Timeline) -> [Site] {
        var sites: [Site] = []
        func visit(_ layers: [AnimatedLayer], _ root: Site.Root, _ path: [Int]) {
            for (i, layer) in layers.enumerated() {
                if let blur = layer.motionBlur {
                    sites.append(Site(root: root, path: path + [i], blur: blur))
                } else {
                    visit(layer.sublayers, root, path + [i])
                }
            }
        }
        for (i, layer) in timeline.layers.enumerated() {
            if let blur = layer.motionBlur {
                sites.append(Site(root: .layer(i), path: [], blur: blur))
            } else {
                visit(layer.sublayers, .layer(i), [])
            }
        }
        for (k, scene) in timeline.scenes.enumerated() { visit(scene.content.sublayers, .scene(k), []) }
        return sites
    }

    /// `tree` with only the layer at `path` drawing: its ancestors keep their geometry and
    /// nothing else, the layer lands normally (its operator waits for the average).
    static func isolated(_ tree: Layer, path: [Int]?) -> Layer {
        var root = tree
        root.backgroundColor = nil
        guard let path else {
            root.sublayers = []
            return root
        }
        func strip(_ layer: inout Layer, _ rest: ArraySlice<Int>) {
            guard let i = rest.first, i < layer.sublayers.count else {
                layer.sublayers = []
                return
            }
            var child = layer.sublayers[i]
            if rest.count == 1 {
                child.compositingFilter = .normal
            } else {
                var bare = Layer(id: child.id)
                (bare.bounds, bare.position, bare.anchorPoint) = (child.bounds, child.position, child.anchorPoint)
                (bare.transform, bare.sublayerTransform, bare.isHidden) = (
                    child.transform, child.sublayerTransform, child.isHidden
                )
                bare.isGeometryFlipped = child.isGeometryFlipped
                bare.sublayers = child.sublayers
                child = bare
                strip(&child, rest.dropFirst())
            }
            layer.sublayers = [child]
        }
        strip(&root, path[...])
        return root
    }

    /// A layer that places its sublayers as `layer` does and draws nothing of its own.
    static func geometry(of layer: Layer) -> Layer {
        var bare = Layer(id: layer.id)
        (bare.bounds, bare.position, bare.anchorPoint) = (layer.bounds, layer.position, layer.anchorPoint)
        (bare.transform, bare.sublayerTransform) = (layer.transform, layer.sublayerTransform)
        bare.isGeometryFlipped = layer.isGeometryFlipped
        return bare
    }

    /// The map from the sublayer space of the layer at `path` to the canvas's pixels, as the
    /// planner composes it; nil when it is not a plane affine map that can be undone.
    static func sublayerSpaceToPixels(_ tree: Layer, path: [Int], scale: Double) -> AffineTransform? {
        var layer = tree
        var toPixels = tree.transformToSuperlayer.concatenating(.scale(scale, scale))
        for i in path {
            guard i < layer.sublayers.count else { return nil }
            let child = layer.sublayers[i]
            toPixels = child.transformToSuperlayer.concatenating(layer.sublayerTransformInBounds).concatenating(.flatten)
                .concatenating(toPixels)
            layer = child
        }
        return layer.sublayerTransformInBounds.concatenating(.flatten).concatenating(toPixels).affine
    }

    /// `tree` with the layer at `path` replaced by a stand-in of its geometry and operator
    /// whose one sublayer, a player layer showing video `name`, covers the canvas's pixels
    /// exactly; nil when the layer's placement cannot be undone (it then draws unblurred).
    static func standIn(in tree: Layer, path: [Int], name: String, width: Int, height: Int, scale: Double) -> Layer? {
        guard let toPixels = sublayerSpaceToPixels(tree, path: path, scale: scale), let back = toPixels.inverted else {
            return nil
        }
        var root = tree
        func replace(_ layer: inout Layer, _ rest: ArraySlice<Int>) {
            guard let i = rest.first else { return }
            if rest.count == 1 {
                let original = layer.sublayers[i]
                var stand = geometry(of: original)
                stand.compositingFilter = original.compositingFilter
                var picture = Layer(id: "motionBlur")
                picture.layerClass = .playerLayer
                picture.bounds = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
                picture.anchorPoint = Point(x: 0, y: 0)
                picture.position = Point(x: 0, y: 0)
                picture.transform = Transform3D(
                    rows: [back.a, back.b, 0, 0, back.c, back.d, 0, 0, 0, 0, 1, 0, back.tx, back.ty, 0, 1])
                picture.player.player = name
                picture.player.videoGravity = .resize
                stand.sublayers = [picture]
                layer.sublayers[i] = stand
            } else {
                replace(&layer.sublayers[i], rest.dropFirst())
            }
        }
        replace(&root, path[...])
        return root
    }
}

/// The averaged pictures of blurred layers, served to the planner as video frames by name
/// (every other name goes to the timeline's clips). One per renderer, so one thread.
final class BlurredPictures: VideoFrames, @unchecked Sendable {
    let clips: VideoFrames?
    var pictures: [String: Image] = [:]

    init(clips: VideoFrames?) { self.clips = clips }

    func frame(_ name: String, at time: Double) -> Image? { pictures[name] ?? clips?.frame(name, at: time) }

    var damage: VideoDamage? { clips?.damage }
}
