import ReelJSON

/// A layer's masks (`masksProperties`) as its Reel `mask`: one shape layer per mask, in
/// order, each landing on the ones before by the Porter-Duff operator of its mode (add:
/// over, subtract: destinationOut, intersect: destinationIn), inverted masks as the outline
/// cut from a plane, each with its opacity.
struct MaskMapping {
    let context: LottieContext

    /// Half the side of the plane an inverted mask is cut from, in points.
    static let plane = 100_000.0

    func apply(_ masks: LottieNode, to layer: ReelLayer) {
        let holder = ReelLayer(id: "masks", [("anchorPoint", .nums([0, 0]))])
        let writer = context.writer
        var first = true
        for (i, m) in masks.items.enumerated() {
            let mode = m.string("mode") ?? "a"
            if mode == "n" { continue }
            guard let shape = LottieProperty.read(m["pt"], decode: BezierShape.decode) else { continue }
            let inverted = m.number("inv") == 1
            if first, mode == "s" || mode == "i" || mode == "d" {
                // Subtracting from nothing: After Effects subtracts from the whole layer.
                if mode == "s" { holder.sublayers.append(Self.planeLayer()) }
            }
            let outline = ReelLayer(id: m.string("nm") ?? "mask \(i + 1)", [("class", .string("CAShapeLayer"))])
            outline.source = m.path
            let plane = BezierShape.rectangle([0, 0], [2 * Self.plane, 2 * Self.plane], 0, reversed: false)
            writer.write(inverted ? shape.map { plane + $0 } : shape, "path", on: outline) { BezierShape.path($0) }
            if inverted { outline.set("fillRule", .string("evenOdd")) }
            outline.set("fillColor", .string("#FFFFFF"))
            if let o = LottieProperty.read(m["o"]) {
                writer.write(o.map { [$0.element(0) / 100] }, "opacity", on: outline) { .num($0[0]) }
            }
            if let x = LottieProperty.read(m["x"]), x.isAnimated || x.value(at: 0).element(0) != 0 {
                m["x"]!.unsupported("mask expansion is not drawn; the mask keeps its outline")
            }
            let operators = ["s": "destinationOut", "i": "destinationIn", "d": "destinationIn", "f": "xor"]
            if !first || mode == "s", let op = operators[mode] {
                outline.set("compositingFilter", .string(op))
            }
            if mode == "l" || mode == "d" || mode == "f" {
                m["mode"]!.unsupported(
                    "mask mode \"\(mode)\" is drawn as \(mode == "l" ? "add" : mode == "d" ? "intersect" : "a difference of the masks' coverage")"
                )
            }
            holder.sublayers.append(outline)
            first = false
        }
        if !holder.sublayers.isEmpty { layer.mask = holder }
    }

    private static func planeLayer() -> ReelLayer {
        ReelLayer(
            id: "plane",
            [
                ("class", .string("CAShapeLayer")), ("fillColor", .string("#FFFFFF")),
                ("path", .obj([("rect", .nums([-plane, -plane, 2 * plane, 2 * plane]))]))
            ])
    }
}
