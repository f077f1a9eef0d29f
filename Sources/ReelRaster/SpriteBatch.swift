import ReelCore

/// Many small images drawn in one step (a `CAEmitterLayer`'s particles): each sprite is a part
/// of one of the batch's sources, through its own affine map, tinted by a colour, in order.
/// A sprite's edges are anti-aliased by their distance in device pixels (coverage falls from
/// 1 to 0 over the pixel straddling the edge), its inside sampled bilinear (or nearest) from
/// the source clamped to its part. Sprites land source-over, or added (`plusLighter`) when
/// `additive`. `SpriteKernels` draws it; `ReferenceSprites` is its twin.
public struct SpriteBatch: Sendable {
    /// The part of an image level sprites show.
    public struct Source: Sendable {
        public let pixels: PixelBuffer
        /// The part's origin and size in the level's pixels.
        public let origin: (x: Double, y: Double)
        public let size: (width: Double, height: Double)
        /// Nearest filtering instead of bilinear.
        public let nearest: Bool
        /// Texels a sample may read (the part's pixels), inclusive.
        let minX, maxX, minY, maxY: Int32

        public init(pixels: PixelBuffer, origin: (x: Double, y: Double), size: (width: Double, height: Double), nearest: Bool) {
            (self.pixels, self.origin, self.size, self.nearest) = (pixels, origin, size, nearest)
            minX = Int32(max(min(origin.x.rounded(.down), Double(pixels.width - 1)), 0))
            minY = Int32(max(min(origin.y.rounded(.down), Double(pixels.height - 1)), 0))
            maxX = max(Int32(min((origin.x + size.width).rounded(.up), Double(pixels.width))) - 1, minX)
            maxY = max(Int32(min((origin.y + size.height).rounded(.up), Double(pixels.height))) - 1, minY)
        }
    }

    /// One sprite: the map from target pixels to its part's pixels (u along the part's width
    /// from its left edge, v down from its top), its tint and the pixels it may touch.
    public struct Sprite: Sendable {
        /// u = a·x + b·y + c and v = d·x + e·y + f at the target point (x, y).
        public let a, b, c, d, e, f: Double
        /// Premultiplied tint factors, 0...255 per channel, packed as a pixel.
        public var tint: UInt32
        public var source: Int32
        /// The target pixels it may touch (its box, met with the step's clip).
        public var box: PixelRect
        /// Target pixels per part pixel across each edge pair (for the edges' coverage).
        let edgeScale: (u: Double, v: Double)

        public init(a: Double, b: Double, c: Double, d: Double, e: Double, f: Double, tint: UInt32, source: Int32, box: PixelRect)
        {
            (self.a, self.b, self.c, self.d, self.e, self.f) = (a, b, c, d, e, f)
            (self.tint, self.source, self.box) = (tint, source, box)
            edgeScale = (1 / max((a * a + b * b).squareRoot(), 1e-12), 1 / max((d * d + e * e).squareRoot(), 1e-12))
        }
    }

    public var sources: [Source]
    public var sprites: [Sprite]
    public var additive: Bool

    public init(sources: [Source], sprites: [Sprite], additive: Bool) {
        (self.sources, self.sprites, self.additive) = (sources, sprites, additive)
    }

    /// A sprite's row as both kernels walk it: the first and last pixel that can be covered
    /// (nil for none), the 16.16 position (u, v) at the first, its step per pixel, and the
    /// coverage scales. Shared so the kernel and its twin see the same numbers.
    struct Row {
        var x0: Int, x1: Int
        var u: Int64, v: Int64, du: Int64, dv: Int64
        /// The part's size in 16.16.
        var width: Int64, height: Int64
        /// Target pixels per part pixel in 8.8, per axis.
        var su: Int64, sv: Int64

        init?(_ s: Sprite, source: Source, y: Int, clipX: Range<Int>) {
            let yc = Double(y) + 0.5
            let (w, h) = source.size
            let (eu, ev) = s.edgeScale
            // Where the coverage can be above 0: within half a target pixel outside the part.
            var lo = Double(max(s.box.x, clipX.lowerBound)) + 0.5
            var hi = Double(min(s.box.maxX, clipX.upperBound)) - 0.5
            func meet(_ k: Double, _ base: Double, _ from: Double, _ to: Double) -> Bool {
                if abs(k) < 1e-12 { return base >= from && base <= to }
                let (p, q) = ((from - base) / k, (to - base) / k)
                lo = max(lo, min(p, q))
                hi = min(hi, max(p, q))
                return true
            }
            guard meet(s.a, s.b * yc + s.c, -0.5 / eu, w + 0.5 / eu), meet(s.d, s.e * yc + s.f, -0.5 / ev, h + 0.5 / ev)
            else { return nil }
            x0 = Int((lo - 0.5).rounded(.up))
            x1 = Int((hi - 0.5).rounded(.down))
            guard x0 <= x1 else { return nil }
            let xc = Double(x0) + 0.5
            u = Int64((s.a * xc + s.b * yc + s.c) * 65536)
            v = Int64((s.d * xc + s.e * yc + s.f) * 65536)
            du = Int64(s.a * 65536)
            dv = Int64(s.d * 65536)
            width = Int64(w * 65536)
            height = Int64(h * 65536)
            su = Int64(min(eu, 1e6) * 256)
            sv = Int64(min(ev, 1e6) * 256)
        }

        /// Coverage 0...255 at 16.16 (u, v): each axis 1/2 + its distance inside the nearer
        /// edge in target pixels, clamped to 0...1, the two multiplied.
        @inline(__always) func coverage(_ u: Int64, _ v: Int64) -> UInt32 {
            let cu = min(max(128 &+ (min(u, width &- u) &* su) >> 16, 0), 256)
            let cv = min(max(128 &+ (min(v, height &- v) &* sv) >> 16, 0), 256)
            return UInt32(truncatingIfNeeded: (cu &* cv &* 255 &+ 32768) >> 16)
        }
    }
}
