import ReelJSON

#if canImport(Glibc)
    import Glibc
#endif

/// A layer's styles (`sy`) as Reel draws them. A drop shadow (`ty` 1) is the layer's shadow:
/// colour `c`, opacity `o` in percent, light from angle `a` (0° from the right, counter-
/// clockwise) so the shadow falls distance `d` the other way, sigma 0.3 × size `s`, as Skottie
/// draws it. A stroke (`ty` 0) strokes a shape layer's outlines at twice its size `s` with
/// round joins beneath the layer's content, so `s` shows outside its filled shapes, as After
/// Effects' default outside stroke does. Other styles, and a stroke on another kind of layer,
/// are named and left out.
struct LayerStyleMapping {
    let context: LottieContext

    /// Style type numbers as the file writes them.
    private enum Kind: Double {
        case stroke = 0
        case dropShadow = 1
    }

    /// The stroke styles as paints for the end of a shape layer's items, where a paint draws
    /// every outline of the layer beneath everything else.
    func strokes(_ styles: LottieNode) -> [ShapeItem.Paint] {
        styles.items.filter { $0.number("ty") == Kind.stroke.rawValue && $0.number("en") != 0 }.map { style in
            let size = LottieProperty.read(style["s"]) ?? .fixed([0])
            return ShapeItem.Paint(node: style, kind: "st", width: size.map { [max($0.element(0), 0) * 2] })
        }
    }

    /// Draws the drop shadow on `content`; names what is left out (`drawsStrokes`: the layer
    /// is a shape layer, whose stroke styles `strokes` drew).
    func apply(_ styles: LottieNode, to content: ReelLayer, drawsStrokes: Bool) {
        for style in styles.items where style.number("en") != 0 {
            let name = style.string("nm") ?? "type \(Int(style.number("ty") ?? -1))"
            switch style.number("ty").flatMap(Kind.init(rawValue:)) {
            case .stroke:
                if !drawsStrokes { style.unsupported("the stroke style is drawn on shape layers only") }
            case .dropShadow:
                if content.value("shadowColor") != nil {
                    style.unsupported("a second shadow: the drop shadow style replaces the drop shadow effect")
                }
                dropShadow(style, on: content)
            case nil:
                style.unsupported("layer style \"\(name)\" is not supported; the layer draws without it")
            }
        }
    }

    private func dropShadow(_ style: LottieNode, on layer: ReelLayer) {
        let writer = context.writer
        func value(_ key: String, _ fallback: Double) -> Animated { LottieProperty.read(style[key]) ?? .fixed([fallback]) }
        writer.write(LottieProperty.read(style["c"]) ?? .fixed([0, 0, 0]), "shadowColor", on: layer) { .nums(context.color($0)) }
        writer.write(value("o", 75).map { [min(max($0.element(0) / 100, 0), 1)] }, "shadowOpacity", on: layer) { .num($0[0]) }
        let offset = Animated.combine([value("a", 120), value("d", 5)]) { v -> [Double] in
            let light = v[0].element(0) * Double.pi / 180
            return [-v[1].element(0) * cos(light), v[1].element(0) * sin(light)]
        }
        writer.write(offset, "shadowOffset", on: layer) { .nums($0) }
        writer.write(value("s", 5).map { [max($0.element(0), 0) * EffectMapping.blurrinessToSigma] }, "shadowRadius", on: layer) {
            .num($0[0])
        }
        if let choke = LottieProperty.read(style["ch"]), choke != .fixed([0]) {
            style["ch"]!.unsupported("the shadow's spread (choke) is drawn as 0")
        }
        if let noise = LottieProperty.read(style["no"]), noise != .fixed([0]) {
            style["no"]!.unsupported("the shadow's noise is drawn as 0")
        }
    }
}
