import Foundation
import ReelCore
import ReelLayers
import ReelRaster

/// `CAEmitterLayer`: its particles (evaluated with the layer) as one sprite step above the
/// border, the top of the layer's own drawing. Each particle is its cell's `contentsRect`
/// image (its pixels / `contentsScale` points, times its scale) centred on its position,
/// turned by its rotation and tinted by its colour; oldest first, newest first for
/// `oldestLast`, and added (`plusLighter`) onto the layer's own picture for `additive`.
enum EmitterLayerPlanner: ClassPlanner {
    static func drawsContents(_ layer: Layer) -> Bool { !layer.emitter.particles.isEmpty }

    /// Particles can overlap one another.
    static func contentsElements(_ layer: Layer) -> Int { 2 }

    static func drawsAsOnePicture(_ layer: Layer) -> Bool {
        layer.emitter.renderMode == .additive && !layer.emitter.particles.isEmpty
    }

    static func contentsExtent(_ layer: Layer, in builder: FramePlanner.Builder, toDevice: Transform3D) -> Rect? {
        var box: Rect? = nil
        forEachSprite(layer, assets: builder.assets, toDevice: toDevice, opacity: 1) { _, _, _, r in
            box = box.map { $0.union(r) } ?? r
        }
        return box
    }

    static func drawOnTop(
        _ layer: Layer, in builder: inout FramePlanner.Builder, index: Int, toDevice: Transform3D, clip: PixelRect,
        opacity: Double
    ) {
        guard !layer.emitter.particles.isEmpty else { return }
        var sources: [SpriteBatch.Source] = []
        // Which source each (cell, level, nearest) became: few, so a list.
        var sourceKeys: [SourceKey] = []
        var sprites: [SpriteBatch.Sprite] = []
        sprites.reserveCapacity(layer.emitter.particles.count)
        var area: PixelRect? = nil
        forEachSprite(layer, assets: builder.assets, toDevice: toDevice, opacity: opacity) { key, source, sprite, r in
            let box = PixelRect(covering: r).intersection(clip)
            guard !box.isEmpty else { return }
            var s = sprite
            if let i = sourceKeys.firstIndex(of: key) {
                s.source = Int32(i)
            } else {
                s.source = Int32(sources.count)
                sourceKeys.append(key)
                sources.append(source())
            }
            s.box = box
            sprites.append(s)
            area = area.map { $0.union(box) } ?? box
        }
        guard let area, !sprites.isEmpty else { return }
        let batch = SpriteBatch(sources: sources, sprites: sprites, additive: layer.emitter.renderMode == .additive)
        builder.emit(.sprites(batch), area, index, .particles)
    }

    /// A cell's image level and filtering, as sprites share them.
    private struct SourceKey: Equatable {
        let cell: Int
        let level: Int
        let nearest: Bool
    }

    /// What drawing needs of a cell, read once per frame rather than per particle.
    private struct CellImage {
        let image: Image
        let contentsScale: Double
        let contentsRect: Rect
        let magnification: ContentsFilter
        let minification: ContentsFilter
    }

    /// Each drawn particle, in drawing order, as a sprite (its source left to the caller) with
    /// its source's key, a way to make that source, and its box in the target's pixels.
    private static func forEachSprite(
        _ layer: Layer, assets: DrawingAssets, toDevice: Transform3D, opacity: Double,
        _ body: (SourceKey, () -> SpriteBatch.Source, SpriteBatch.Sprite, Rect) -> Void
    ) {
        let emitter = layer.emitter
        let cells = emitter.cells.map { cell in
            cell.contents.flatMap { assets.images[$0] }.map {
                CellImage(
                    image: $0, contentsScale: max(cell.contentsScale, 1e-9), contentsRect: cell.contentsRect,
                    magnification: cell.magnificationFilter, minification: cell.minificationFilter)
            }
        }
        let affine = toDevice.affine
        let h = Homography(toDevice)
        emitter.particles.withUnsafeBufferPointer { particles in
            let newestFirst = emitter.renderMode.drawsNewestFirst
            for n in particles.indices {
                let p = particles[newestFirst ? particles.count - 1 - n : n]
                guard let cell = cells[Int(p.cell)], p.color.alpha > 0 else { continue }
                let image = cell.image
                // The device map near the particle: its linear part and where its centre lands.
                let centre: Point
                let (m11, m12, m21, m22): (Double, Double, Double, Double)
                if let affine {
                    centre = affine.apply(p.position)
                    (m11, m12, m21, m22) = (affine.a, affine.b, affine.c, affine.d)
                } else {
                    guard let o = h.apply(p.position), let x = h.apply(Point(x: p.position.x + 1, y: p.position.y)),
                        let y = h.apply(Point(x: p.position.x, y: p.position.y + 1))
                    else { continue }
                    centre = o
                    (m11, m12, m21, m22) = (x.x - o.x, x.y - o.y, y.x - o.x, y.y - o.y)
                }
                // Base-image pixels to layer points: scale / contentsScale, turned by the rotation.
                let k = p.scale / cell.contentsScale
                let (cs, sn) = (cos(p.rotation) * k, sin(p.rotation) * k)
                // Base-image pixel offsets to target pixels (row-vector form, as AffineTransform):
                // a positive rotation turns clockwise on screen (y down), as every rotation in Reel.
                let a = cs * m11 + sn * m21
                let b = cs * m12 + sn * m22
                let cc = -sn * m11 + cs * m21
                let d = -sn * m12 + cs * m22
                let det = a * d - b * cc
                guard det != 0, det.isFinite else { continue }
                // Image pixels per target pixel: which level, and whether it is minified.
                let ratio = 1 / abs(det).squareRoot()
                let minifying = ratio > 1 + 1e-9
                let filter = minifying ? cell.minification : cell.magnification
                let level =
                    filter == .trilinear && minifying ? min(max(Int(log2(ratio).rounded()), 0), image.levels.count - 1) : 0
                let pixels = image.levels[level]
                let (lx, ly) = (Double(pixels.width) / Double(image.width), Double(pixels.height) / Double(image.height))
                let r = cell.contentsRect
                let part = (width: r.width * Double(image.width), height: r.height * Double(image.height))
                guard part.width > 0, part.height > 0 else { continue }
                // Target pixel -> level pixel from the part's top-left: the inverse, then the level's scale.
                let ia = d / det
                let ib = -b / det
                let ic = -cc / det
                let id = a / det
                let (dx, dy) = (-centre.x, -centre.y)
                let sprite = SpriteBatch.Sprite(
                    a: ia * lx, b: ic * lx, c: (ia * dx + ic * dy + part.width / 2) * lx,
                    d: ib * ly, e: id * ly, f: (ib * dx + id * dy + part.height / 2) * ly,
                    tint: tint(p.color, opacity), source: 0, box: PixelRect(x: 0, y: 0, width: 0, height: 0))
                // The part's corners land within these half-extents of the centre.
                let (hw, hh) = (part.width / 2, part.height / 2)
                let (ex, ey) = (abs(a) * hw + abs(cc) * hh, abs(b) * hw + abs(d) * hh)
                let box = Rect(x: centre.x - ex, y: centre.y - ey, width: 2 * ex, height: 2 * ey)
                let nearest = filter == .nearest
                body(
                    SourceKey(cell: Int(p.cell), level: level, nearest: nearest),
                    {
                        SpriteBatch.Source(
                            pixels: pixels, origin: (r.minX * Double(pixels.width), r.minY * Double(pixels.height)),
                            size: (part.width * lx, part.height * ly), nearest: nearest)
                    }, sprite, box)
            }
        }
    }

    /// The tint factors of a straight colour faded by `opacity`: (r·a, g·a, b·a, a) × 255.
    private static func tint(_ c: Color, _ opacity: Double) -> UInt32 {
        let alpha = min(max(c.alpha * opacity, 0), 1)
        func byte(_ v: Double) -> UInt32 { UInt32((min(max(v, 0), 1) * alpha * 255).rounded()) }
        return byte(c.red) | byte(c.green) << 8 | byte(c.blue) << 16 | UInt32((alpha * 255).rounded()) << 24
    }
}
