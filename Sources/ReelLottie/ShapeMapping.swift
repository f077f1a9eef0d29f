import ReelCore
import ReelJSON

#if canImport(Glibc)
    import Glibc
#endif

/// A shape layer's items as Reel layers, in Lottie's paint order: a fill or stroke draws the
/// outlines listed before it in its group and in the groups before it (moved into its group's
/// space by their transforms, so a stroke keeps its own width), and an item listed earlier
/// draws above a later one. Each paint is one `CAShapeLayer` (a gradient is a
/// `CAGradientLayer` masked by one), each group its transform chain.
struct ShapeMapping {
    let context: LottieContext

    /// An outline with the trims that apply to it (nearest first).
    private struct Outline {
        let shape: Animated
        let trims: [ShapeItem.Trim]
    }

    /// The trims among `items`, nearest first; one that keeps the whole outline (from 0 % to
    /// 100 % at every frame, whatever its offset) changes nothing and is left out, so the
    /// trim after it is the one drawn.
    private static func trims(in items: ArraySlice<ShapeItem>) -> [ShapeItem.Trim] {
        items.compactMap { item -> ShapeItem.Trim? in
            guard case .trim(let t) = item, t.start != .fixed([0]) || t.end != .fixed([100]) else { return nil }
            return t
        }
    }

    /// The layers of `group`, bottom to top; `trims` come from the groups around it, nearest first.
    func layers(_ group: ShapeGroup, id: String, trims: [ShapeItem.Trim] = []) -> [ReelLayer] {
        let items = group.items
        var content: [ReelLayer] = []
        func outlines(before end: Int) -> [Outline] {
            (0..<end).flatMap { j -> [Outline] in
                let around = Self.trims(in: items[(j + 1)...]) + trims
                switch items[j] {
                case .path(let shape, _): return [Outline(shape: shape, trims: around)]
                case .group(let inner): return nestedOutlines(inner, trims: around)
                case .copies(let inner, let repeater): return copiedOutlines(inner, repeater, trims: around)
                default: return []
                }
            }
        }
        for i in items.indices.reversed() {
            let around = Self.trims(in: items[(i + 1)...]) + trims
            switch items[i] {
            case .paint(let paint):
                content += paintLayers(paint, outlines(before: i))
            case .group(let inner):
                content += layers(inner, id: inner.node.string("nm") ?? "group", trims: around)
            case .copies(let inner, let repeater):
                content += copies(inner, repeater, trims: around)
            case .path, .trim:
                break
            }
        }
        guard let tr = group.transform else { return content }
        let transform = TransformMapping(node: tr, writer: context.writer)
        let chain = transform.chain(id: id)
        let inner = chain.last!
        chain[0].source = group.node.path
        inner.sublayers = content
        if let o = transform.opacity {
            context.writer.write(o, "opacity", on: inner) { .num($0[0]) }
            inner.set("allowsGroupOpacity", .bool(false))
        }
        return [chain[0]]
    }

    /// The outlines of `group` and of its groups, moved into the space around it.
    private func nestedOutlines(_ group: ShapeGroup, trims outer: [ShapeItem.Trim]) -> [Outline] {
        let items = group.items
        let inside = items.indices.flatMap { j -> [Outline] in
            let around = Self.trims(in: items[(j + 1)...]) + outer
            switch items[j] {
            case .path(let shape, _): return [Outline(shape: shape, trims: around)]
            case .group(let inner): return nestedOutlines(inner, trims: around)
            case .copies(let inner, let repeater): return copiedOutlines(inner, repeater, trims: around)
            default: return []
            }
        }
        guard let tr = group.transform else { return inside }
        let matrix = GroupTransform(tr).matrix
        if case .fixed(let m) = matrix, m == GroupTransform.identity { return inside }
        return inside.map { o in
            Outline(shape: Animated.combine([o.shape, matrix]) { BezierShape.transformed($0[0], by: $0[1]) }, trims: o.trims)
        }
    }

    // MARK: Paints

    private func paintLayers(_ paint: ShapeItem.Paint, _ outlines: [Outline]) -> [ReelLayer] {
        guard !outlines.isEmpty else { return [] }
        // Outlines trimmed alike draw as one path; a trim that trims each outline alike
        // (simultaneous) needs one path per outline, since the layer trims its whole path.
        var runs: [[Outline]] = []
        for o in outlines {
            if let last = runs.last?.last, o.trims.first.map({ !$0.simultaneous }) ?? true,
                last.trims.first?.node.path == o.trims.first?.node.path
            {
                runs[runs.count - 1].append(o)
            } else {
                runs.append([o])
            }
        }
        return runs.compactMap { run in
            let shape = Animated.combine(run.map(\.shape), linear: true) { $0.flatMap { $0 } }
            return paintLayer(paint, shape: shape, trims: run[0].trims)
        }
    }

    private func paintLayer(_ paint: ShapeItem.Paint, shape: Animated, trims: [ShapeItem.Trim]) -> ReelLayer? {
        let node = paint.node
        let writer = context.writer
        let name = node.string("nm") ?? paint.kind
        let outline = ReelLayer(id: name, [("class", .string("CAShapeLayer"))])
        outline.source = node.path
        writer.write(shape, "path", on: outline) { BezierShape.path($0) }
        if paint.isStroke {
            outline.set("fillColor", .null)
            stroke(paint, on: outline)
            if let trim = trims.first {
                // Trims further out cut what the nearer ones kept (fractions of it), as the
                // players apply them in turn; one with an offset of its own cannot be folded in.
                let folded = trims.dropFirst().prefix { $0.offset == .fixed([0]) }
                if folded.count + 1 < trims.count {
                    trims[folded.count + 1].node.unsupported(
                        "trim paths with an offset over trimmed outlines: only the trims nearer the outline are drawn")
                }
                let ends = Animated.combine(([trim] + folded).flatMap { [$0.start, $0.end] }) { v -> [Double] in
                    var (s, e) = (0.0, 1.0)
                    for k in stride(from: 0, to: v.count - 1, by: 2) {
                        let (a, b) = (min(max(v[k].element(0) / 100, 0), 1), min(max(v[k + 1].element(0) / 100, 0), 1))
                        (s, e) = (s + (e - s) * min(a, b), s + (e - s) * max(a, b))
                    }
                    return [s, e]
                }
                writer.write(ends.component(0), "strokeStart", on: outline) { .num($0[0]) }
                writer.write(ends.component(1), "strokeEnd", on: outline) { .num($0[0]) }
                writer.write(trim.offset.map { [$0.element(0) / 360] }, "strokeOffset", on: outline) { .num($0[0]) }
            }
        } else {
            if node.number("r") == 2 { outline.set("fillRule", .string("evenOdd")) }
            if let trim = trims.first {
                trim.node.unsupported("trim paths on a fill are not drawn; the fill shows the whole outline")
            }
        }
        let opacity = LottieProperty.read(node["o"]).map { $0.map { [$0.element(0) / 100] } }
        guard paint.isGradient else {
            let color = LottieProperty.read(node["c"]) ?? .fixed([0, 0, 0])
            writer.write(color, paint.isStroke ? "strokeColor" : "fillColor", on: outline) { .nums(context.color($0)) }
            if let opacity { writer.write(opacity, "opacity", on: outline) { .num($0[0]) } }
            return outline
        }
        // A gradient shows through its outline: the outline is the gradient layer's mask.
        if paint.isStroke { outline.set("strokeColor", .string("#000000")) } else { outline.set("fillColor", .string("#000000")) }
        guard let gradient = gradientLayer(node, name: name, shape: shape, margin: paint.isStroke ? strokeReach(node) : 0) else {
            return nil
        }
        gradient.mask = outline
        if let opacity { writer.write(opacity, "opacity", on: gradient) { .num($0[0]) } }
        return gradient
    }

    /// Width, caps, joins, miter limit and dashes of a stroke (`st`, `gs`).
    private func stroke(_ paint: ShapeItem.Paint, on layer: ReelLayer) {
        let node = paint.node
        let writer = context.writer
        writer.write(paint.width ?? LottieProperty.read(node["w"]) ?? .fixed([1]), "lineWidth", on: layer) {
            .num(max($0.element(0), 0))
        }
        let caps = [1: "butt", 2: "round", 3: "square"]
        let joins = [1: "miter", 2: "round", 3: "bevel"]
        layer.set("lineCap", .string(caps[Int(node.number("lc") ?? 2)] ?? "round"))
        layer.set("lineJoin", .string(joins[Int(node.number("lj") ?? 2)] ?? "round"))
        if let ml = node.number("ml") ?? LottieProperty.read(node["ml2"])?.value(at: 0).element(0) {
            layer.set("miterLimit", .num(max(ml, 1)))
        }
        guard let dashes = node["d"]?.items, !dashes.isEmpty else { return }
        var pattern: [Double] = []
        for d in dashes {
            guard let v = LottieProperty.read(d["v"]) else { continue }
            if v.isAnimated { d["v"]!.unsupported("an animated dash is drawn at its first value") }
            let n = v.value(at: 0).element(0)
            if d.string("n") == "o" { layer.set("lineDashPhase", .num(n)) } else { pattern.append(max(n, 0)) }
        }
        if pattern.contains(where: { $0 > 0 }) { layer.set("lineDashPattern", .nums(pattern)) }
    }

    /// How far a stroke reaches past its outline: half its widest width.
    private func strokeReach(_ node: LottieNode) -> Double {
        guard let w = LottieProperty.read(node["w"]) else { return 1 }
        switch w {
        case .fixed(let v): return v.element(0) / 2 + 1
        case .keyed(let keys): return (keys.map { $0.value.element(0) }.max() ?? 0) / 2 + 1
        }
    }

    // MARK: Gradients

    /// A `CAGradientLayer` over the outline's extent (every keyframe's) with the gradient's
    /// stops (colour and opacity stops merged) and its start and end points.
    private func gradientLayer(_ node: LottieNode, name: String, shape: Animated, margin: Double) -> ReelLayer? {
        let values: [[Double]]
        switch shape {
        case .fixed(let v): values = [v]
        case .keyed(let keys): values = keys.map(\.value)
        }
        guard let extent = values.compactMap(Self.extent).reduce(nil, { $0?.union($1) ?? $1 }) else { return nil }
        let box = Rect(
            x: extent.minX - margin, y: extent.minY - margin, width: max(extent.width + 2 * margin, 1),
            height: max(extent.height + 2 * margin, 1))
        let layer = ReelLayer(
            id: name,
            [
                ("class", .string("CAGradientLayer")), ("bounds", .nums([box.minX, box.minY, box.width, box.height])),
                ("anchorPoint", .nums([0, 0])), ("position", .nums([box.minX, box.minY]))
            ])
        let writer = context.writer
        let count = Int(max(node["g"]?.number("p") ?? 0, 0))
        guard let stops = LottieProperty.read(node["g"]?["k"]), count > 0 else {
            (node["g"] ?? node).problem(expected: "gradient stops `g` with a count `p`")
            return nil
        }
        let width = Self.mergedStopCount(stops, count)
        writer.write(stops.map { Self.merged($0, count, width).colors }, "colors", on: layer) { v in
            .array(stride(from: 0, to: v.count, by: 4).map { .nums(Array(v[$0..<min($0 + 4, v.count)])) })
        }
        writer.write(stops.map { Self.merged($0, count, width).locations }, "locations", on: layer) { .nums($0) }
        let radial = node.number("t") == 2
        if radial {
            layer.set("type", .string("radial"))
            if let h = LottieProperty.read(node["h"]), h.value(at: 0).element(0) != 0 || h.isAnimated {
                node["h"]!.unsupported("a radial gradient's highlight is not drawn; it is centred")
            }
        }
        let s = LottieProperty.read(node["s"]) ?? .fixed([0, 0])
        let e = LottieProperty.read(node["e"]) ?? .fixed([100, 0])
        let ends = Animated.combine([s, e]) { v -> [Double] in
            let (sx, sy, ex, ey) = (v[0].element(0), v[0].element(1), v[1].element(0), v[1].element(1))
            let start = [(sx - box.minX) / box.width, (sy - box.minY) / box.height]
            guard radial else { return start + [(ex - box.minX) / box.width, (ey - box.minY) / box.height] }
            let r = ((ex - sx) * (ex - sx) + (ey - sy) * (ey - sy)).squareRoot()
            return start + [(sx + r - box.minX) / box.width, (sy + r - box.minY) / box.height]
        }
        writer.write(ends.map { Array($0.prefix(2)) }, "startPoint", on: layer) { .nums($0) }
        writer.write(ends.map { Array($0.suffix(2)) }, "endPoint", on: layer) { .nums($0) }
        return layer
    }

    /// The most stops any keyframe's merged colour and opacity stops have.
    private static func mergedStopCount(_ stops: Animated, _ count: Int) -> Int {
        switch stops {
        case .fixed(let v): return merged(v, count, 0).locations.count
        case .keyed(let keys): return keys.map { merged($0.value, count, 0).locations.count }.max() ?? 0
        }
    }

    /// Lottie's stops (`count` colour stops `[at, r, g, b]`, then opacity stops `[at, a]`) as
    /// colours and locations at every position either kind names, padded to `width` stops.
    static func merged(_ v: [Double], _ count: Int, _ width: Int) -> (colors: [Double], locations: [Double]) {
        let count = min(count, v.count / 4)
        let colorStops = (0..<count).compactMap { i -> (Double, [Double])? in
            guard 4 * i + 3 < v.count else { return nil }
            return (v[4 * i], [v[4 * i + 1], v[4 * i + 2], v[4 * i + 3]])
        }
        guard !colorStops.isEmpty else { return ([], []) }
        let rest = Array(v.dropFirst(4 * count))
        let alphaStops = stride(from: 0, to: rest.count - 1, by: 2).map { (rest[$0], [rest[$0 + 1]]) }
        func at(_ stops: [(Double, [Double])], _ x: Double) -> [Double] {
            if x <= stops[0].0 { return stops[0].1 }
            for i in 1..<stops.count where x <= stops[i].0 {
                let (a, b) = (stops[i - 1], stops[i])
                let f = b.0 > a.0 ? (x - a.0) / (b.0 - a.0) : 1
                return zip(a.1, b.1).map { $0 + ($1 - $0) * f }
            }
            return stops.last!.1
        }
        var positions = Array(Set(colorStops.map(\.0) + alphaStops.map(\.0))).sorted()
        while positions.count < width { positions.append(positions.last!) }
        var colors: [Double] = []
        for x in positions {
            colors +=
                at(colorStops, x).map { min(max($0, 0), 1) } + [alphaStops.isEmpty ? 1 : min(max(at(alphaStops, x)[0], 0), 1)]
        }
        return (colors, positions.map { min(max($0, 0), 1) })
    }

    /// The box the shapes' vertices and tangent points lie in.
    static func extent(_ numbers: [Double]) -> Rect? {
        var (x0, y0, x1, y1) = (Double.infinity, Double.infinity, -Double.infinity, -Double.infinity)
        for (_, base, n) in BezierShape.shapes(numbers) {
            for j in 0..<n {
                let k = base + j * 6
                for (dx, dy) in [(0.0, 0.0), (numbers[k + 2], numbers[k + 3]), (numbers[k + 4], numbers[k + 5])] {
                    x0 = min(x0, numbers[k] + dx)
                    x1 = max(x1, numbers[k] + dx)
                    y0 = min(y0, numbers[k + 1] + dy)
                    y1 = max(y1, numbers[k + 1] + dy)
                }
            }
        }
        return x0 <= x1 ? Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0) : nil
    }

    // MARK: Repeaters

    /// A repeater's values (`c`, `o`, `tr`) and how many copies it makes at most.
    private struct Repeater {
        let count, offset, anchor, position, rotation, scale, startOpacity, endOpacity: Animated
        let most: Int

        init?(_ node: LottieNode) {
            count = LottieProperty.read(node["c"]) ?? .fixed([1])
            offset = LottieProperty.read(node["o"]) ?? .fixed([0])
            let tr = node["tr"]
            anchor = LottieProperty.read(tr?["a"]) ?? .fixed([0, 0])
            position = LottieProperty.read(tr?["p"]) ?? .fixed([0, 0])
            rotation = LottieProperty.read(tr?["r"]) ?? .fixed([0])
            scale = LottieProperty.read(tr?["s"]) ?? .fixed([100, 100])
            startOpacity = LottieProperty.read(tr?["so"]) ?? .fixed([100])
            endOpacity = LottieProperty.read(tr?["eo"]) ?? .fixed([100])
            switch count {
            case .fixed(let v): most = Int(v.element(0).rounded(.up))
            case .keyed(let keys): most = Int((keys.map { $0.value.element(0) }.max() ?? 0).rounded(.up))
            }
            guard most > 0 else { return nil }
            guard most <= 1000 else {
                (node["c"] ?? node).problem(expected: "at most 1000 repeater copies", found: "\(most)")
                return nil
            }
        }

        /// Copy `k`'s transform over time (16 numbers): compounded k + offset times; a copy past
        /// the count at a moment, or compounded past the model's range (±10^7, far outside any
        /// canvas), is scaled to 0 and draws nothing.
        func matrix(_ k: Int) -> Animated {
            Animated.combine([anchor, position, rotation, scale, offset, count]) { v -> [Double] in
                let rows = ShapeMapping.repeaterMatrix(
                    anchor: v[0], position: v[1], rotation: v[2].element(0), scale: v[3], times: Double(k) + v[4].element(0)
                ).rows
                let shown = Double(k) < v[5].element(0).rounded(.up)
                return shown && rows.allSatisfy { $0.isFinite && abs($0) <= 1e7 } ? rows : Transform3D.scale(0, 0, 1).rows
            }
        }
    }

    /// The outlines of a repeater's copies, for a fill or stroke after it: each copy's outlines
    /// moved by its transform (as lottie-web repeats the shapes before a repeater).
    private func copiedOutlines(_ group: ShapeGroup, _ node: LottieNode, trims: [ShapeItem.Trim]) -> [Outline] {
        guard let repeater = Repeater(node) else { return [] }
        let inner = nestedOutlines(group, trims: trims)
        return (0..<repeater.most).flatMap { k -> [Outline] in
            let matrix = repeater.matrix(k).map { [$0[0], $0[1], $0[4], $0[5], $0[12], $0[13]] }
            return inner.map { o in
                Outline(shape: Animated.combine([o.shape, matrix]) { BezierShape.transformed($0[0], by: $0[1]) }, trims: o.trims)
            }
        }
    }

    /// A repeater's copies of the items before it: copy k transformed k + offset times by the
    /// repeater's transform, its opacity from the start opacity to the end opacity.
    private func copies(_ group: ShapeGroup, _ node: LottieNode, trims: [ShapeItem.Trim]) -> [ReelLayer] {
        guard let repeater = Repeater(node) else { return [] }
        let above = node.number("m") != 2
        var out: [ReelLayer] = []
        for k in 0..<repeater.most {
            guard context.budget.take() else {
                node.problem(expected: "at most \(LayerMapping.maximumLayers) layers and repeater copies drawn", found: "more")
                return out
            }
            let copy = ReelLayer(
                id: "\(node.string("nm") ?? "repeater") \(k)", [("bounds", .nums([0, 0, 0, 0])), ("anchorPoint", .nums([0, 0]))])
            context.writer.write(repeater.matrix(k), "transform", on: copy) { .nums($0) }
            let alpha = Animated.combine([repeater.count, repeater.startOpacity, repeater.endOpacity]) { v -> [Double] in
                let n = v[0].element(0).rounded(.up)
                guard Double(k) < n else { return [0] }
                let f = n > 1 ? Double(k) / (n - 1) : 0
                return [(v[1].element(0) + (v[2].element(0) - v[1].element(0)) * f) / 100]
            }
            context.writer.write(alpha, "opacity", on: copy) { .num($0[0]) }
            copy.set("allowsGroupOpacity", .bool(false))
            copy.source = node.path
            copy.sublayers = layers(group, id: "copy", trims: trims)
            out.append(copy)
        }
        return above ? out : out.reversed()
    }

    /// The repeater's transform applied `times` times (a fractional part applies a part of
    /// each component first).
    static func repeaterMatrix(anchor a: [Double], position p: [Double], rotation: Double, scale s: [Double], times: Double)
        -> Transform3D
    {
        func step(_ f: Double) -> Transform3D {
            let sx = s.element(0) / 100
            let sy = s.element(1) / 100
            return Transform3D.translation(-a.element(0), -a.element(1))
                .concatenating(.scale(f == 1 ? sx : pow(max(sx, 0), f), f == 1 ? sy : pow(max(sy, 0), f), 1))
                .concatenating(.rotation(rotation * f * Double.pi / 180, x: 0, y: 0, z: 1))
                .concatenating(.translation(a.element(0), a.element(1)))
                .concatenating(.translation(p.element(0) * f, p.element(1) * f))
        }
        var m = Transform3D.identity
        let whole = Int(times.rounded(.down))
        let part = times - Double(whole)
        if part > 0 { m = step(part) }
        let one = step(1)
        for _ in 0..<max(0, min(whole, 1000)) { m = m.concatenating(one) }
        return m
    }
}
