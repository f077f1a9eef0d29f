import ReelCore
import ReelLayers
import ReelRaster
import ReelText

/// `CATextLayer`: glyph outlines, group by group in their runs' colours, cut to the bounds (as
/// Core Animation draws text into a bitmap of the bounds' size) where the ink reaches past them.
/// Each group's coverage is kept by the executor while the text stands still.
enum TextLayerPlanner: ClassPlanner {
    static func drawsContents(_ layer: Layer) -> Bool { !layer.text.runs.isEmpty && !layer.bounds.isEmpty }

    /// Runs of several colours may overlap one another.
    static func contentsElements(_ layer: Layer) -> Int { layer.text.runs.count > 1 ? 2 : 1 }

    static func drawContents(
        _ layer: Layer, in builder: inout FramePlanner.Builder, index: Int, toDevice: Transform3D, clip: PixelRect,
        opacity: Double
    ) {
        let t = layer.text
        let b = layer.bounds
        let block = TextBlock(layer)
        let layout = builder.assets.typesetter.layout(block)
        let toBlock = Transform3D.translation(b.minX, b.minY).concatenating(layer.contentsTransform).concatenating(toDevice)
        var clip = clip
        var cut: [Point]? = nil
        if let ink = layout.inkBox, ink.minX < 0 || ink.minY < 0 || ink.maxX > b.width || ink.maxY > b.height {
            if let pixels = builder.pixelAlignedRect(b, toDevice) {
                clip = clip.intersection(pixels)
            } else {
                cut = Path(rect: b).polygons(transform: toDevice).first ?? []
            }
        }
        for (k, group) in layout.groups.enumerated() {
            guard let ink = group.inkBox else { continue }
            let color = builder.premultiplied(t.runs[layout.run(ofGroup: k)].foregroundColor ?? t.foregroundColor, opacity)
            let area = PixelRect(covering: builder.bounds(of: ink.outset(by: 1), toBlock)).intersection(clip)
            guard color != 0, !area.isEmpty else { continue }
            let fill = KeptFill(key: KeptFill.Key(block: block, group: k, transform: toBlock, area: area)) {
                let polygons = layout.polygons(ofGroup: k, transform: toBlock)
                return cut.map { convex in polygons.map { Path.clip($0, toConvex: convex) }.filter { !$0.isEmpty } }
                    ?? polygons
            }
            builder.emit(.fillKept(fill, color: color), area, index, .text)
        }
    }
}
