import ReelCore
import ReelJSON

/// A text layer (`ty` 5): each text document keyframe shows from its frame to the next one,
/// its characters laid out as lottie-web lays them out (advance, kerning, tracking, line
/// height, justification, box, baseline shift) with glyph outlines from the file's `chars` or
/// from the named font (`TextGlyphs`): one shape, or with text animators one shape per
/// character moved, turned, scaled, faded and coloured by them.
struct TextMapping {
    let context: LottieContext
    let assets: LottieAssets

    func layer(_ node: LottieNode, content: ReelLayer) -> ReelLayer? {
        guard let t = node["t"], let documents = t["d"]?["k"] else {
            (node["t"] ?? node).problem(expected: "a text layer's document `t.d`")
            return nil
        }
        let animators = t["a"].map { TextAnimator.read($0, context: context) } ?? []
        let frames = (node.number("ip") ?? 0)...(max(node.number("op") ?? 0, node.number("ip") ?? 0))
        let alignment = LottieProperty.read(t["m"]?["a"])?.value(at: 0) ?? [0, 0]
        if let g = t["m"]?.number("g"), g == 2 || g == 3 {
            t["m"]!["g"]!.unsupported("anchor grouping by words or lines is drawn per character")
        }
        if let p = t["p"], p["m"] != nil { p.unsupported("text on a path is drawn on a straight line") }
        let keys: [(time: Double, doc: LottieNode)]
        if documents.isArray {
            keys = documents.items.compactMap { k in k["s"].map { (k.number("t") ?? 0, $0) } }
        } else {
            keys = [(0, documents)]
        }
        for (i, key) in keys.enumerated() {
            guard
                let shown = documentLayer(
                    key.doc, index: i, animators: animators, frames: frames, alignment: alignment)
            else { continue }
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

    /// One character placed: its glyph, where its advance starts on its baseline, its advance
    /// and which character, word and line of the document it is.
    struct Letter {
        let glyph: TextGlyphs.Glyph?
        let character: Character
        let x: Double
        let baseline: Double
        let width: Double
        let index: Int
        let word: Int
        let line: Int
    }

    /// A document's characters placed as lottie-web places them: each line's first baseline
    /// at the anchor (a box's at its top plus the font's ascent), lines `lh` apart, each
    /// character's advance plus the tracking after it, lines set left, right or centred on the
    /// anchor (in a box, within its width, lines wrapped at its width), `ls` raising the text.
    static func letters(
        text: String, size: Double, tracking: Double, lineHeight: Double, justify: Int, baselineShift: Double,
        box: (x: Double, y: Double, width: Double)?, ascent: Double, glyph: (Character) -> TextGlyphs.Glyph?,
        kerning: (Character, Character) -> Double = { _, _ in 0 }
    ) -> [Letter] {
        let scale = size / 100
        func width(_ c: Character) -> Double { c == "\r" ? 0 : (glyph(c)?.advance ?? 0) * scale }
        var lines: [[Character]] = [[]]
        for c in text {
            if c == "\r" {
                lines.append([])
                continue
            }
            lines[lines.count - 1].append(c)
            guard let box, lines[lines.count - 1].count > 1, c != " " else { continue }
            // A box wraps before the character that passes its width: at the last space (which goes), else there.
            var line = lines[lines.count - 1]
            let used = line.dropLast().reduce(0) { $0 + width($1) + tracking }
            guard used + width(c) > box.width else { continue }
            line.removeLast()
            if let space = line.lastIndex(of: " ") {
                lines[lines.count - 1] = Array(line[..<space])
                lines.append(Array(line[(space + 1)...]) + [c])
            } else {
                lines[lines.count - 1] = line
                lines.append([c])
            }
        }
        var out: [Letter] = []
        var index = 0
        var word = 0
        for (n, line) in lines.enumerated() {
            // Each character's advance, with the font's kerning of it and the next one.
            let widths = line.indices.map { i in
                width(line[i]) + (i + 1 < line.count ? kerning(line[i], line[i + 1]) * scale : 0)
            }
            let total = widths.reduce(0) { $0 + $1 + tracking } - (widths.isEmpty ? 0 : tracking)
            var x: Double
            switch (justify, box) {
            case (1, nil): x = -total
            case (2, nil): x = -total / 2
            case (1, let b?): x = b.x + b.width - total
            case (2, let b?): x = b.x + (b.width - total) / 2
            default: x = box?.x ?? 0
            }
            let baseline = (box.map { $0.y + ascent * scale } ?? 0) + Double(n) * lineHeight - baselineShift
            var previousSpace = true
            for (c, w) in zip(line, widths) {
                if c == " " {
                    previousSpace = true
                } else if previousSpace {
                    word += out.isEmpty ? 0 : 1
                    previousSpace = false
                }
                out.append(
                    Letter(glyph: glyph(c), character: c, x: x, baseline: baseline, width: w, index: index, word: word, line: n))
                index += 1
                x += w + tracking
            }
            previousSpace = true
        }
        return out
    }

    private func documentLayer(
        _ doc: LottieNode, index: Int, animators: [TextAnimator], frames: ClosedRange<Double>, alignment: [Double]
    ) -> ReelLayer? {
        var text = Self.lines(doc.string("t") ?? "")
        if doc.number("ca") == 1 { text = text.uppercased() }
        let size = doc.number("s") ?? 10
        let glyphs = TextGlyphs(font: doc.string("f") ?? "", assets: assets, node: doc["f"] ?? doc)
        let box = doc["sz"]?.numbers.flatMap { sz -> (x: Double, y: Double, width: Double)? in
            guard sz.count >= 2 else { return nil }
            let ps = doc["ps"]?.numbers ?? [0, 0]
            return (ps.element(0), ps.element(1), sz[0])
        }
        let justify = Int(doc.number("j") ?? 0)
        // lottie-web places animated text character by character, without kerning.
        let letters = Self.letters(
            text: text, size: size, tracking: (doc.number("tr") ?? 0) / 1000 * size,
            lineHeight: doc.number("lh") ?? size * 1.2, justify: justify,
            baselineShift: doc.number("ls") ?? 0, box: box, ascent: glyphs.ascent, glyph: glyphs.glyph,
            kerning: animators.isEmpty ? glyphs.kerning : { _, _ in 0 })
        var missing: Set<Character> = []
        for letter in letters where letter.character != " " && letter.glyph == nil { missing.insert(letter.character) }
        for c in missing.sorted() { doc.unsupported("character \"\(c)\" has no glyph in any font; it is left out") }
        let layer = ReelLayer(id: "text \(index + 1)", [("anchorPoint", .nums([0, 0]))])
        let scale = size / 100
        guard !animators.isEmpty else {
            var outline: [Double] = []
            for letter in letters where letter.character != " " {
                guard let glyph = letter.glyph else { continue }
                outline += BezierShape.transformed(glyph.outline, by: [scale, 0, 0, scale, letter.x, letter.baseline])
            }
            let shape = ReelLayer(id: "glyphs", [("class", .string("CAShapeLayer"))])
            shape.set("path", BezierShape.path(outline))
            paint(doc, on: shape)
            layer.sublayers = [shape]
            return layer
        }
        let placement = TextPlacement(
            letters: letters, animators: animators, size: size, justify: justify, alignment: alignment,
            fill: doc["fc"]?.numbers.map(context.color), stroke: doc["sc"]?.numbers.map(context.color),
            strokeWidth: doc.number("sw") ?? 0)
        let writer = context.writer
        for (i, letter) in letters.enumerated() where letter.character != " " {
            guard let glyph = letter.glyph else { continue }
            let pivot = placement.pivot(i)
            let shape = ReelLayer(
                id: "character \(i + 1)", [("class", .string("CAShapeLayer")), ("position", .nums([pivot.x, pivot.y]))])
            shape.set(
                "path",
                BezierShape.path(
                    BezierShape.transformed(
                        glyph.outline, by: [scale, 0, 0, scale, letter.x - pivot.x, letter.baseline - pivot.y])))
            writer.write(placement.over(frames) { placement.transform(i, at: $0) }, "transform", on: shape) { .nums($0) }
            writer.write(placement.over(frames) { [placement.opacity(i, at: $0)] }, "opacity", on: shape) { .num($0[0]) }
            if placement.fill != nil {
                writer.write(placement.over(frames) { placement.fill(i, at: $0) }, "fillColor", on: shape) { .nums($0) }
            } else {
                shape.set("fillColor", .null)
            }
            if placement.hasStroke {
                writer.write(placement.over(frames) { placement.stroke(i, at: $0) }, "strokeColor", on: shape) { .nums($0) }
                writer.write(placement.over(frames) { [placement.strokeWidth(i, at: $0)] }, "lineWidth", on: shape) {
                    .num($0[0])
                }
            }
            layer.sublayers.append(shape)
        }
        return layer
    }

    /// A document's fill and stroke on a shape layer of its glyphs.
    private func paint(_ doc: LottieNode, on layer: ReelLayer) {
        let fill = doc["fc"]?.numbers.map { context.color($0) }
        layer.set("fillColor", fill.map { .nums($0) } ?? .null)
        if let stroke = doc["sc"]?.numbers.map({ context.color($0) }), let width = doc.number("sw"), width > 0 {
            layer.set("strokeColor", .nums(stroke))
            layer.set("lineWidth", .num(width))
        }
    }
}
