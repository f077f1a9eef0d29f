import ReelJSON

#if canImport(Glibc)
    import Glibc
#endif

/// A layer's effects (`ef`) as Reel's filters and shadow: Gaussian blur → `gaussianBlur`,
/// drop shadow → the shadow keys, fill and tint → `colorMatrix`. Any other effect is named
/// by its path and left out.
struct EffectMapping {
    let context: LottieContext

    /// After Effects' blurriness per unit of the Gaussian's sigma (lottie-web's factor).
    static let blurrinessToSigma = 0.3

    func apply(_ effects: LottieNode, to layer: ReelLayer) {
        var filters: [JSONValue] = []
        for (i, effect) in effects.items.enumerated() {
            if effect.number("en") == 0 { continue }
            let params = effect["ef"]?.items ?? []
            func value(_ k: Int) -> Animated {
                guard k < params.count, let v = LottieProperty.read(params[k]["v"]) else { return .fixed([0]) }
                return v
            }
            let name = "effect\(i + 1)"
            switch effect.number("ty") {
            case 29:
                if let dims = value(1).value(at: 0).first, dims != 1, params.count > 1 {
                    params[1].unsupported("a blur in one direction only is drawn in both")
                }
                filters.append(
                    filter(
                        name, "gaussianBlur", "radius", value(0).map { [max($0.element(0), 0) * Self.blurrinessToSigma] },
                        on: layer
                    ) { .num($0[0]) })
            case 25:
                let writer = context.writer
                writer.write(value(0), "shadowColor", on: layer) { .nums(context.color($0)) }
                writer.write(value(1).map { [min(max($0.element(0) / 255, 0), 1)] }, "shadowOpacity", on: layer) { .num($0[0]) }
                let offset = Animated.combine([value(2), value(3)]) { v -> [Double] in
                    let angle = v[0].element(0) * Double.pi / 180
                    return [v[1].element(0) * sin(angle), -v[1].element(0) * cos(angle)]
                }
                writer.write(offset, "shadowOffset", on: layer) { .nums($0) }
                writer.write(value(4).map { [max($0.element(0), 0) / 4] }, "shadowRadius", on: layer) { .num($0[0]) }
                if value(5).value(at: 0).element(0) == 1, params.count > 5 {
                    params[5].unsupported("\"shadow only\" is drawn with the layer")
                }
            case 21:
                let matrix = Animated.combine([value(2), value(6)]) { v -> [Double] in
                    let c = context.color(v[0])
                    let o = min(max(v[1].element(0), 0), 1)
                    return (0..<3).flatMap { ch -> [Double] in
                        var row = [0.0, 0, 0, 0, o * c[ch]]
                        row[ch] = 1 - o
                        return row
                    } + [0, 0, 0, 1, 0]
                }
                filters.append(filter(name, "colorMatrix", "matrix", matrix, on: layer) { .nums($0) })
            case 20:
                let matrix = Animated.combine([value(0), value(1), value(2)]) { v -> [Double] in
                    let black = context.color(v[0])
                    let white = context.color(v[1])
                    let a = min(max(v[2].element(0) / 100, 0), 1)
                    let luma = [0.299, 0.587, 0.114]
                    return (0..<3).flatMap { ch -> [Double] in
                        var row = luma.map { a * (white[ch] - black[ch]) * $0 } + [0, a * black[ch]]
                        row[ch] += 1 - a
                        return row
                    } + [0, 0, 0, 1, 0]
                }
                filters.append(filter(name, "colorMatrix", "matrix", matrix, on: layer) { .nums($0) })
            default:
                let what = effect.string("nm") ?? effect.string("mn") ?? "type \(Int(effect.number("ty") ?? -1))"
                effect.unsupported("effect \"\(what)\" is not supported; the layer draws without it")
            }
        }
        if !filters.isEmpty { layer.set("filters", .array(filters)) }
    }

    /// A filter entry with `key` at its first value, animated by `filters.NAME.KEY` when it changes.
    private func filter(
        _ name: String, _ type: String, _ key: String, _ value: Animated, on layer: ReelLayer,
        _ encode: ([Double]) -> JSONValue
    ) -> JSONValue {
        let scratch = ReelLayer(id: "scratch")
        context.writer.write(value, "filters.\(name).\(key)", on: scratch, encode)
        layer.animations += scratch.animations
        return .obj([("name", .string(name)), ("type", .string(type)), (key, scratch.value("filters.\(name).\(key)") ?? .num(0))])
    }
}
