import ReelJSON

/// A composition's layers (the file's `layers`, or a precomp's) as Reel layers, bottom to
/// top. Each drawn Lottie layer becomes a wrapper (visible from `ip` to `op`, its blend mode
/// and track matte) holding the transform chains of its parents and its own, holding its
/// content (opacity, masks, effects, and what its type draws), all in the composition's
/// frames; a precomp's layers run in its own time. A parent lends its transform, never its
/// opacity.
struct LayerMapping {
    let context: LottieContext
    let assets: LottieAssets
    /// Precomps being drawn, outermost first: a precomp that includes itself is refused.
    var enclosing: [String] = []

    /// The most Lottie layers a file may draw, with every precomp's layers counted each time
    /// it is used.
    static let maximumLayers = 100_000

    func layers(_ list: LottieNode) -> [ReelLayer] {
        if case .array(let all) = list.value, all.count > Self.maximumLayers {
            list.problem(expected: "at most \(Self.maximumLayers) layers", found: "\(all.count)")
            return []
        }
        let nodes = list.items
        var byIndex: [Double: LottieNode] = [:]
        for n in nodes { if let ind = n.number("ind") { byIndex[ind] = n } }
        // Names need not be unique in Lottie; the ids of the layers drawn side by side are, in file order.
        let drawn = nodes.indices.filter {
            nodes[$0].number("td") != 1 && nodes[$0].number("hd") != 1 && nodes[$0].number("ty") != 3
        }
        let ids = Dictionary(
            uniqueKeysWithValues: zip(drawn, ReelLayer.unique(drawn.map { ReelLayer.legal(nodes[$0].string("nm") ?? "layer") })))
        var out: [ReelLayer] = []
        for (i, node) in nodes.enumerated() {
            guard context.budget.take() else {
                node.problem(
                    expected: "at most \(Self.maximumLayers) layers drawn (precomps counted each time they are used)",
                    found: "more")
                return []
            }
            // A matte source draws only as its target's matte.
            if node.number("td") == 1 || node.number("hd") == 1 { continue }
            guard let wrapper = layer(node, id: ids[i], byIndex: byIndex) else { continue }
            if let tt = node.number("tt"), tt > 0 {
                let source = node.number("tp").flatMap { byIndex[$0] } ?? (i > 0 ? nodes[i - 1] : nil)
                if let source, let matte = layer(source, byIndex: byIndex) {
                    let modes = [1: "alpha", 2: "alphaInverted", 3: "luminance", 4: "luminanceInverted"]
                    if let mode = modes[Int(tt)] {
                        let holder = ReelLayer(id: "\(wrapper.id) matte", [("anchorPoint", .nums([0, 0]))])
                        holder.sublayers = [wrapper]
                        holder.mask = matte
                        if mode != "alpha" { holder.set("maskMode", .string(mode)) }
                        if let blend = wrapper.value("compositingFilter") {
                            holder.set("compositingFilter", blend)
                            wrapper.set("compositingFilter", .string("normal"))
                        }
                        out.append(holder)
                        continue
                    }
                    node["tt"]!.unsupported("track matte mode \(Int(tt)) is not supported; the layer draws without its matte")
                } else {
                    node["tt"]!.unsupported("the track matte's layer is missing; the layer draws without its matte")
                }
            }
            out.append(wrapper)
        }
        return out.reversed()
    }

    /// One drawn layer in its wrapper (with `id`, else its name); nil for a layer that draws
    /// nothing (a null, an unknown type).
    private func layer(_ node: LottieNode, id: String? = nil, byIndex: [Double: LottieNode]) -> ReelLayer? {
        guard let ty = node.number("ty") else {
            (node["ty"] ?? node).problem(expected: "a layer type `ty`")
            return nil
        }
        let name = id ?? node.string("nm") ?? "layer"
        let writer = context.writer
        guard let content = content(node, type: Int(ty), name: name) else { return nil }
        // Opacity, masks, effects: in the layer's own space and time.
        let transform = node["ks"]
        if let o = TransformMapping(node: transform, writer: writer).opacity {
            writer.write(o, "opacity", on: content) { .num($0[0]) }
        }
        if let masks = node["masksProperties"], node.number("hasMask") != 0 {
            MaskMapping(context: context).apply(masks, to: content)
        }
        if let effects = node["ef"] { EffectMapping(context: context).apply(effects, to: content) }
        if let styles = node["sy"] { LayerStyleMapping(context: context).apply(styles, to: content, drawsStrokes: ty == 4) }
        // The transform chains: the furthest parent outermost.
        var lineage = [node]
        var seen: Set<Double> = []
        if let ind = node.number("ind") { seen.insert(ind) }
        while let p = lineage.last!.number("parent"), let parent = byIndex[p] {
            guard seen.insert(p).inserted, lineage.count < 64 else {
                node["parent"]!.problem(expected: "a parent chain that ends", found: "a loop through layer \(Int(p))")
                return nil
            }
            lineage.append(parent)
        }
        if let p = node.number("parent"), byIndex[p] == nil {
            node["parent"]!.unsupported("parent \(Int(p)) is not a layer of this composition; the layer is not parented")
        }
        let wrapper = ReelLayer(id: name, [("anchorPoint", .nums([0, 0]))])
        wrapper.source = node.path
        var holder = wrapper
        for x in lineage.reversed() {
            let chain = TransformMapping(node: x["ks"], writer: writer, is3D: x.number("ddd") == 1)
                .chain(id: x.string("nm") ?? "layer", autoOrient: x.number("ao") == 1)
            holder.sublayers.append(chain[0])
            holder = chain.last!
        }
        holder.sublayers.append(content)
        visibility(node, on: wrapper)
        // A layer with After Effects' motion blur switch on is exposed over the composition's shutter.
        if node["mb"]?.value == .bool(true) || node.number("mb") == 1 { wrapper.set("motionBlur", context.motionBlur) }
        if let bm = node.number("bm"), bm != 0 {
            let modes = [
                "normal", "multiply", "screen", "overlay", "darken", "lighten", "colorDodge", "colorBurn", "hardLight",
                "softLight", "difference", "exclusion", "hue", "saturation", "color", "luminosity", "plusLighter"
            ]
            if bm >= 0, Int(bm) < modes.count {
                wrapper.set("compositingFilter", .string(modes[Int(bm)]))
            } else {
                node["bm"]!.unsupported("blend mode \(Int(bm)) is not supported; the layer draws normally")
            }
        }
        return wrapper
    }

    /// Visible from `ip` to `op` of the composition's frames.
    private func visibility(_ node: LottieNode, on layer: ReelLayer) {
        let ip = node.number("ip")
        let op = node.number("op")
        guard ip != nil || op != nil else { return }
        context.writer.writeVisible(from: ip, to: op, on: layer)
    }

    /// What the layer's type draws, in the layer's space: nil when it draws nothing.
    private func content(_ node: LottieNode, type: Int, name: String) -> ReelLayer? {
        let layer = ReelLayer(id: "\(name) content", [("anchorPoint", .nums([0, 0]))])
        switch type {
        case 0:
            guard let ref = node.string("refId") else {
                (node["refId"] ?? node).problem(expected: "a precomp's `refId`")
                return nil
            }
            guard !enclosing.contains(ref) else {
                node["refId"]!.problem(expected: "a precomp that does not include itself", found: "\"\(ref)\" inside itself")
                return nil
            }
            guard let asset = assets.precomps[ref] else {
                node["refId"]!.problem(expected: "the id of a precomp in `assets`", found: "\"\(ref)\"")
                return nil
            }
            guard enclosing.count < 32 else {
                node.problem(expected: "precomps nested at most 32 deep", found: "deeper")
                return nil
            }
            let w = node.number("w") ?? 0
            let h = node.number("h") ?? 0
            layer.set("bounds", .nums([0, 0, w, h]))
            if w > 0, h > 0 { layer.set("masksToBounds", .bool(true)) }
            var inner = self
            inner.enclosing.append(ref)
            guard let list = asset["layers"] else { return nil }
            // The precomp's frames: (f - st) / sr of this composition's, or the time remap's.
            let time = ReelLayer(id: "\(name) time", [("anchorPoint", .nums([0, 0]))])
            time.sublayers = inner.layers(list)
            if let tm = LottieProperty.read(node["tm"]) {
                context.writer.write(tm, "timeRemap", on: time) { .num($0.element(0)) }
            } else {
                for (key, value) in LayerTime(node).keys(fps: context.writer.fps) { time.set(key, value) }
            }
            layer.sublayers = [time]
        case 1:
            let w = node.number("sw") ?? 0
            let h = node.number("sh") ?? 0
            layer.set("bounds", .nums([0, 0, w, h]))
            if let c = node.string("sc") { layer.set("backgroundColor", .string(LottieAssets.hexColor(c))) }
        case 2:
            if let ref = node.string("refId"), assets.missing.contains(ref) { return nil }
            guard let ref = node.string("refId"), let image = assets.images[ref] else {
                (node["refId"] ?? node).problem(expected: "the id of an image in `assets`")
                return nil
            }
            layer.set("bounds", .nums([0, 0, image.width, image.height]))
            layer.set("contents", .string(image.name))
        case 3:
            return nil
        case 4:
            var group = ShapeReader().group(node, items: node["shapes"]?.items ?? [])
            if let styles = node["sy"] { group.items += LayerStyleMapping(context: context).strokes(styles).map { .paint($0) } }
            layer.sublayers = ShapeMapping(context: context).layers(group, id: name)
        case 5:
            return TextMapping(context: context, assets: assets).layer(node, content: layer)
        default:
            node["ty"]!.unsupported("layer type \(type) is not drawn")
            return nil
        }
        return layer
    }
}

/// A precomp layer's time against its composition's: frame (f − `st`) / `sr`. (Keyframes of
/// a layer's own properties are in its composition's frames.)
struct LayerTime {
    let start: Double
    let stretch: Double

    init(_ node: LottieNode) {
        start = node.number("st") ?? 0
        let sr = node.number("sr") ?? 1
        stretch = sr == 0 ? 1 : sr
    }

    /// The layer timing keys that give this time.
    func keys(fps: Double) -> [(String, JSONValue)] {
        var keys: [(String, JSONValue)] = []
        if start != 0 { keys.append(("beginTime", .num(start / fps))) }
        if stretch != 1 { keys.append(("speed", .num(1 / stretch))) }
        return keys
    }
}
