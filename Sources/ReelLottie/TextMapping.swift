import ReelJSON

/// A text layer (`ty` 5): each text document keyframe shows from its frame to the next one.
/// With glyph outlines in the file's `chars`, the text is one shape laid out as the players
/// lay it out (advance, tracking, line height, justification); otherwise a `CATextLayer` in
/// the named font family through Reel's text stack. Text animators are named and left out.
struct TextMapping {
    let context: LottieContext
    let assets: LottieAssets

    func layer(_ node: LottieNode, content: ReelLayer) -> ReelLayer? {
        guard let t = node["t"], let documents = t["d"]?["k"] else {
            (node["t"] ?? node).problem(expected: "a text layer's document `t.d`")
            return nil
        }
        if let animators = t["a"], !animators.items.isEmpty {
            animators.unsupported("text animators are not drawn; the text shows as its document says")
        }
        if let p = t["p"], p["m"] != nil { p.unsupported("text on a path is drawn on a straight line") }
        let keys: [(time: Double, doc: LottieNode)]
        if documents.isArray {
            keys = documents.items.compactMap { k in k["s"].map { (k.number("t") ?? 0, $0) } }
        } else {
            keys = [(0, documents)]
        }
        for (i, key) in keys.enumerated() {
            guard let shown = documentLayer(key.doc, index: i) else { continue }
            if keys.count > 1 {
                context.writer.writeVisible(
                    from: i == 0 ? nil : key.time, to: i + 1 < keys.count ? keys[i + 1].time : nil, on: shown)
            }
            content.sublayers.append(shown)
        }
        return content
    }

    /// A text document's string with its line breaks as `\r`: `\r\n`, `\n` and ETX (U+0003,
    /// which After Effects writes and the players break lines at) alike; a tab becomes a space
    /// and other control characters (which no player draws) are left out.
    static func lines(_ s: String) -> String {
        let breaks = s.replacingOccurrences(of: "\r\n", with: "\r")
        var out = String.UnicodeScalarView()
        for c in breaks.unicodeScalars {
            switch c.value {
            case 0x0A, 0x03, 0x0D: out.append("\r")
            case 0x09: out.append(" ")
            case 0..<0x20, 0x7F...0x9F: continue
            default: out.append(c)
            }
        }
        return String(out)
    }

    private func documentLayer(_ doc: LottieNode, index: Int) -> ReelLayer? {
        let text = Self.lines(doc.string("t") ?? "")
        let size = doc.number("s") ?? 10
        let family = doc.string("f") ?? ""
        let fill = doc["fc"]?.numbers.map { context.color($0) }
        let stroke = doc["sc"]?.numbers.map { context.color($0) }
        let strokeWidth = doc.number("sw") ?? 0
        let justify = Int(doc.number("j") ?? 0)
        let tracking = (doc.number("tr") ?? 0) / 1000 * size
        let lineHeight = doc.number("lh") ?? size * 1.2
        if let glyphs = assets.glyphs(family: family), !glyphs.isEmpty {
            let lines = text.split(separator: "\r", omittingEmptySubsequences: false)
            var outline: [Double] = []
            for (n, line) in lines.enumerated() {
                let widths = line.map { (glyphs[String($0)]?.advance ?? 0) * size / 100 + tracking }
                let total = widths.reduce(0, +) - (widths.isEmpty ? 0 : tracking)
                var x = justify == 1 ? -total : justify == 2 ? -total / 2 : 0
                let y = Double(n) * lineHeight
                for (ch, w) in zip(line, widths) {
                    if let glyph = glyphs[String(ch)] {
                        outline += BezierShape.transformed(glyph.outline, by: [size / 100, 0, 0, size / 100, x, y])
                    } else {
                        doc.unsupported("character \"\(ch)\" has no glyph in `chars`; it is left out")
                    }
                    x += w
                }
            }
            let layer = ReelLayer(id: "text \(index + 1)", [("class", .string("CAShapeLayer"))])
            layer.set("path", BezierShape.path(outline))
            layer.set("fillColor", fill.map { .nums($0) } ?? .null)
            if let stroke, strokeWidth > 0 {
                layer.set("strokeColor", .nums(stroke))
                layer.set("lineWidth", .num(strokeWidth))
            }
            return layer
        }
        // No outlines: the family through fontconfig, its baseline where Lottie puts it.
        let font = assets.fontFamily(named: family) ?? family
        let lines = text.split(separator: "\r", omittingEmptySubsequences: false).count
        let ascent = size * 0.8
        let box = doc["sz"]?.numbers
        let origin = doc["ps"]?.numbers
        let width = box?.element(0) ?? 4000
        let height = box?.element(1) ?? Double(lines) * lineHeight + size
        let x = box != nil ? origin?.element(0) ?? 0 : justify == 1 ? -width : justify == 2 ? -width / 2 : 0
        let y = box != nil ? origin?.element(1) ?? 0 : -ascent
        let alignments = [0: "left", 1: "right", 2: "center", 3: "justified"]
        let layer = ReelLayer(
            id: "text \(index + 1)",
            [
                ("class", .string("CATextLayer")), ("frame", .nums([x, y, width, height])),
                ("string", .string(text.replacingOccurrences(of: "\r", with: "\n"))),
                ("font", .string(font.isEmpty ? "Helvetica" : font)),
                ("fontSize", .num(max(min(size, 10000), 0.01))),
                ("foregroundColor", .nums(fill ?? [0, 0, 0, 1])), ("alignmentMode", .string(alignments[justify] ?? "left"))
            ])
        if box != nil { layer.set("isWrapped", .bool(true)) }
        if stroke != nil, strokeWidth > 0 { doc.unsupported("a text stroke without glyph outlines is not drawn") }
        return layer
    }
}
