import Foundation
import ReelCore
import ReelLayers
import ReelRaster
import ReelText

/// `CATextLayer`: glyph outlines, group by group in their runs' colours, cut to the bounds (as
/// Core Animation draws text into a bitmap of the bounds' size) where the ink reaches past them;
/// beneath them Reel's caption extensions: the line boxes (one union, not cut to the bounds),
/// the box of the caption word being spoken, and each group's outline stroke. Each coverage
/// is kept by the executor while the text stands still.
enum TextLayerPlanner: ClassPlanner {
    static func drawsContents(_ layer: Layer) -> Bool { ShownText.mayShow(layer) }

    /// Runs of several colours may overlap one another, and boxes and strokes lie beneath the glyphs.
    static func contentsElements(_ layer: Layer) -> Int {
        let t = layer.text
        let layered = t.strokeWidth > 0 || t.backgroundColor != nil || t.captionHighlightBackgroundColor != nil
        return t.runs.count > 1 || t.captions != nil || layered ? 2 : 1
    }

    static func contentsExtent(_ layer: Layer, in builder: FramePlanner.Builder, toDevice: Transform3D) -> Rect? {
        guard layer.text.backgroundColor != nil || layer.text.captionHighlightBackgroundColor != nil else { return nil }
        let shown = ShownText(layer, assets: builder.assets)
        let layout = builder.assets.typesetter.layout(shown.block)
        let b = layer.bounds
        let boxes = lineBoxes(layout, layer.text, runs: nil)
        guard let box = boxes.dropFirst().reduce(boxes.first, { $0?.union($1) }) else { return nil }
        let toBlock = Transform3D.translation(b.minX, b.minY).concatenating(layer.contentsTransform).concatenating(toDevice)
        return builder.bounds(of: box, toBlock)
    }

    static func drawContents(
        _ layer: Layer, in builder: inout FramePlanner.Builder, index: Int, toDevice: Transform3D, clip: PixelRect,
        opacity: Double
    ) {
        let t = layer.text
        let b = layer.bounds
        let shown = ShownText(layer, assets: builder.assets)
        guard !shown.isEmpty else { return }
        let block = shown.block
        let layout = builder.assets.typesetter.layout(block)
        let toBlock = Transform3D.translation(b.minX, b.minY).concatenating(layer.contentsTransform).concatenating(toDevice)
        // Boxes: the lines', then the spoken word's above them.
        let padding = Size(width: t.backgroundPadding.width * layout.scale, height: t.backgroundPadding.height * layout.scale)
        for (part, color) in [
            (KeptFill.Part.lineBoxes(padding: padding, radius: t.backgroundCornerRadius), t.backgroundColor),
            (.wordBoxes(shown.highlighted, padding: padding, radius: t.backgroundCornerRadius), t.captionHighlightBackgroundColor)
        ] {
            guard let color else { continue }
            let runs: Range<Int>? = if case .wordBoxes(let r, _, _) = part { r } else { nil }
            if let runs, runs.isEmpty { continue }
            let boxes = lineBoxes(layout, t, runs: runs)
            guard let box = boxes.dropFirst().reduce(boxes.first, { $0?.union($1) }) else { continue }
            let packed = builder.premultiplied(color, opacity)
            let area = PixelRect(covering: builder.bounds(of: box.outset(by: 1), toBlock)).intersection(clip)
            guard packed != 0, !area.isEmpty else { continue }
            let radius = t.backgroundCornerRadius
            let fill = KeptFill(key: KeptFill.Key(block: block, part: part, transform: toBlock, area: area)) {
                FillRule.nonZero.trapezoids(
                    of: boxes.flatMap {
                        Path(roundedRect: $0, cornerRadius: min(radius, $0.width / 2, $0.height / 2)).polygons(transform: toBlock)
                    })
            }
            builder.emit(.fillKept(fill, color: packed), area, index, .text)
        }
        // Glyphs, cut to the bounds where their ink (a stroke's included) reaches past them.
        var clip = clip
        var cut: [Point]? = nil
        if let ink = layout.inkBox, ink.minX < 0 || ink.minY < 0 || ink.maxX > b.width || ink.maxY > b.height {
            if let pixels = builder.pixelAlignedRect(b, toDevice) {
                clip = clip.intersection(pixels)
            } else {
                cut = Path(rect: b).polygons(transform: toDevice).first ?? []
            }
        }
        func cutting(_ polygons: [[Point]]) -> [[Point]] {
            cut.map { convex in polygons.map { Path.clip($0, toConvex: convex) }.filter { !$0.isEmpty } } ?? polygons
        }
        let stroke = t.strokeWidth * layout.scale
        for (k, group) in layout.groups.enumerated() {
            guard let ink = group.inkBox else { continue }
            if stroke > 0 {
                let color = builder.premultiplied(t.strokeColor, opacity)
                let area = PixelRect(covering: builder.bounds(of: ink.outset(by: stroke / 2 + 1), toBlock)).intersection(clip)
                if color != 0, !area.isEmpty {
                    let fill = KeptFill(
                        key: KeptFill.Key(block: block, part: .stroke(group: k, width: stroke), transform: toBlock, area: area)
                    ) {
                        cutting(strokePolygons(layout, group: k, width: stroke, transform: toBlock))
                    }
                    builder.emit(.fillKept(fill, color: color), area, index, .text)
                }
            }
            let color = builder.premultiplied(shown.colors[layout.run(ofGroup: k)], opacity)
            let area = PixelRect(covering: builder.bounds(of: ink.outset(by: 1), toBlock)).intersection(clip)
            if color != 0, !area.isEmpty {
                let fill = KeptFill(key: KeptFill.Key(block: block, part: .glyphs(group: k), transform: toBlock, area: area)) {
                    cutting(layout.polygons(ofGroup: k, transform: toBlock))
                }
                builder.emit(.fillKept(fill, color: color), area, index, .text)
            }
            drawColorGlyphs(
                layout, group: k, in: &builder, index: index, toBlock: toBlock, clip: clip, cut: cut, opacity: opacity)
        }
    }

    /// The group's colour glyphs (emoji) as pictures in their own colours, the strike's bitmap
    /// scaled to the font size with trilinear filtering, faded by the layer's opacity.
    static func drawColorGlyphs(
        _ layout: TextLayout, group k: Int, in builder: inout FramePlanner.Builder, index: Int, toBlock: Transform3D,
        clip: PixelRect, cut: [Point]?, opacity: Double
    ) {
        let zoom = Homography(toBlock).largestStretch
        for g in layout.glyphs[layout.groups[k].glyphs] where g.face.hasColorBitmaps {
            guard let c = g.face.colorGlyph(g.id) else { continue }
            // Points per bitmap pixel, and where the bitmap's top-left corner lies.
            let k = g.scale * c.unitsPerPixel
            let placed = Transform3D.scale(k, k)
                .concatenating(.translation(g.origin.x + c.left * g.scale, g.origin.y - c.top * g.scale))
                .concatenating(toBlock)
            let box = Rect(x: 0, y: 0, width: Double(c.image.width), height: Double(c.image.height))
            let area = PixelRect(covering: builder.bounds(of: box, placed)).intersection(clip)
            guard !area.isEmpty else { continue }
            // Bitmap pixels per device pixel: above 1 the strike is minified through its mipmaps.
            let ratio = 1 / max(k * zoom, 1e-12)
            let source = ImageSource(image: c.image, filter: ratio > 1 + 1e-9 ? .trilinear(level: log2(ratio)) : .linear)
            builder.emit(
                .image(source, transform: placed, opacity: builder.alpha(opacity), cut: cut.map { [$0] }), area, index, .text)
        }
    }

    /// The boxes behind the lines (or behind the glyphs of `runs` on each line), in the block's
    /// space: as wide as the line's advance (the glyphs' for runs), as tall as its line box,
    /// grown by the padding; lines without text have none.
    static func lineBoxes(_ layout: TextLayout, _ t: TextProperties, runs: Range<Int>?) -> [Rect] {
        let (px, py) = (t.backgroundPadding.width * layout.scale, t.backgroundPadding.height * layout.scale)
        return layout.lines.compactMap { line -> Rect? in
            var (minX, maxX) = (line.x, line.x + line.width)
            if let runs {
                let glyphs = layout.glyphs[line.glyphs].filter { runs.contains($0.run) }
                guard let first = glyphs.map(\.origin.x).min(), let last = glyphs.map({ $0.origin.x + $0.advance }).max() else {
                    return nil
                }
                (minX, maxX) = (first, last)
            } else if line.glyphs.isEmpty || line.width <= 0 {
                return nil
            }
            return Rect(x: minX - px, y: line.top - py, width: maxX - minX + 2 * px, height: line.height + 2 * py)
        }
    }

    /// The round-joined outline stroke of group `k`'s glyphs, `width` points wide, in the space
    /// `transform` maps the block's space to, to be filled as one coverage, so strokes that
    /// meet blend once.
    static func strokePolygons(_ layout: TextLayout, group k: Int, width: Double, transform: Transform3D) -> [[Point]] {
        var polygons: [[Point]] = []
        let glyphs = layout.glyphs[layout.groups[k].glyphs]
        for g in glyphs {
            let s = g.scale
            // Font units are y up; the block's space is y down.
            let place = Transform3D.scale(s, -s).concatenating(.translation(g.origin.x, g.origin.y))
            let style = StrokeStyle(lineWidth: width / s, lineCap: .round, lineJoin: .round)
            polygons += Stroker.outline(of: g.face.outline(of: g.id), style: style, transform: place.concatenating(transform))
        }
        // Each glyph's stroke is a union of trapezoids wound one way: filled together under the
        // non-zero rule, strokes that meet are covered once without a union of their own.
        return polygons
    }
}
