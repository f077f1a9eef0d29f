import ReelCore
import ReelLayers
import ReelRaster

#if canImport(Glibc)
    import Glibc
#endif

/// Blurred shadow masks made in a layer's own space and kept from frame to frame. A Gaussian
/// blur commutes with rotation and translation, so a card that only moves, turns or fades
/// blurs its shape once and then draws the kept mask through its transform each frame.
/// The key holds everything that reaches the mask (the shape: the layer's elements with
/// placement and fading reset, or its `shadowPath`; the scale; radius and offset), so a
/// frame's pixels never depend on which frames came before. A mask unused for a whole frame
/// is dropped, and the cache never holds more than `budget` bytes.
public struct ShadowCache {
    /// Below this blur (pixels) the shadow keeps sharp edges that resampling would soften:
    /// it is drawn in device space instead.
    static let minimumSigma = 1.0
    /// Bytes of masks kept at most, per renderer.
    static let budget = 32 << 20

    /// Whether the mask for `key` of a shape covering `extent` (layer units) is small enough
    /// to keep: at most a quarter of the budget. A larger one (a layer thousands of screens
    /// wide) is blurred in device space, where the clip bounds it.
    static func keeps(extent: Rect, key: Key) -> Bool {
        let box = key.geometry.extent(of: extent.scaled(by: key.scale))
        let pixels = box.width * box.height
        return pixels.isFinite && pixels <= Double(budget / 4)
    }

    /// What a kept mask is made from.
    public struct Key: Hashable, Sendable {
        public enum Shape: Hashable, Sendable {
            case path(Path)
            case elements(Layer)
        }

        let shape: Shape
        /// Mask pixels per layer unit: the transform's scale, in steps of 1/64 of an octave so
        /// a scale that wobbles in the last bits still finds its mask.
        let scale: Double
        let radius: Double
        let offset: Size

        init(layer: Layer, scale: Double) {
            self.scale = exp2((log2(scale) * 64).rounded() / 64)
            radius = max(0, layer.shadowRadius)
            offset = layer.shadowOffset
            if let path = layer.shadowPath {
                shape = .path(path)
            } else {
                var content = Key.alphaOnly(layer.unplaced)
                content.shadowOpacity = 0
                content.shadowColor = .black
                content.shadowRadius = 0
                content.shadowOffset = .zero
                content.mask = nil
                shape = .elements(content)
            }
        }

        /// `layer` with what cannot change its alpha taken out (ids, the red, green and blue of
        /// its colours, its sublayers' too), so layers that differ only in colour share a mask.
        static func alphaOnly(_ layer: Layer) -> Layer {
            func black(_ c: Color) -> Color { Color(red: 0, green: 0, blue: 0, alpha: c.alpha) }
            var l = layer
            l.id = ""
            // A colour matrix can make alpha from colour: such a subtree keeps its colours.
            guard l.filters.isEmpty else { return l }
            l.backgroundColor = l.backgroundColor.map(black)
            l.borderColor = black(l.borderColor)
            l.shadowColor = black(l.shadowColor)
            l.sublayers = l.sublayers.map(alphaOnly)
            // A mask read by its luminance keeps its colours: they make the alpha.
            if !l.maskMode.readsLuminance { l.mask = l.mask.map(alphaOnly) }
            return l
        }

        /// The blur and offset in mask pixels.
        var geometry: ShadowGeometry { ShadowGeometry(radius: radius, offset: offset, scale: scale) }
    }

    private var kept = FrameKept<Key, CoverageMask>(budget: ShadowCache.budget, size: \.byteCount)

    /// Bytes of the masks kept now.
    var byteCount: Int { kept.byteCount }

    /// The scale of an affine map that keeps shapes similar (a rotation or reflection with
    /// uniform scale, and a translation); nil for any other.
    static func similarityScale(_ t: AffineTransform) -> Double? {
        let sx = (t.a * t.a + t.b * t.b).squareRoot()
        let sy = (t.c * t.c + t.d * t.d).squareRoot()
        guard sx > 1e-6, sx.isFinite, abs(sx - sy) <= 1e-9 * sx, abs(t.a * t.c + t.b * t.d) <= 1e-9 * sx * sx else { return nil }
        return sx
    }

    /// The mask for `key`, made by `make` when it is not kept.
    mutating func mask(for key: Key, make: () -> CoverageMask) -> CoverageMask { kept.value(for: key, make: make) }

    /// Drops the masks the frame did not use.
    mutating func endFrame() { kept.endFrame() }
}
