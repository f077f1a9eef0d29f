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

    /// A sprite as both kernels walk it, worked out once per sprite: its steps per target pixel
    /// and its part's size in 16.16, its edges' coverage scales, and where each row can be
    /// covered. Shared so the kernel and its twin see the same numbers.
    struct Walk {
        let sprite: Sprite
        /// u and v per target pixel along x, in 16.16.
        let du: Int32, dv: Int32
        /// The part's size in 16.16.
        let width: Int32, height: Int32
        /// Target pixels per part pixel in 8.8, per axis, at most 2^15.
        let su: Int32, sv: Int32
        /// u and v where the coverage reaches 0 (half a target pixel outside each edge).
        private let uRange: (Double, Double), vRange: (Double, Double)
        /// 1 / a and 1 / d (0 where the row does not move u or v).
        private let inverseA: Double, inverseD: Double

        /// Nil for a part too large for 16.16 walks (over 16384 pixels along an axis).
        init?(_ s: Sprite, source: Source) {
            let (w, h) = source.size
            guard w < 16384, h < 16384, abs(s.a) < 16384, abs(s.d) < 16384 else { return nil }
            let (eu, ev) = s.edgeScale
            sprite = s
            du = Int32((s.a * 65536).rounded())
            dv = Int32((s.d * 65536).rounded())
            width = Int32((w * 65536).rounded())
            height = Int32((h * 65536).rounded())
            su = Int32(min(eu * 256, 32768).rounded())
            sv = Int32(min(ev * 256, 32768).rounded())
            uRange = (-0.5 / eu, w + 0.5 / eu)
            vRange = (-0.5 / ev, h + 0.5 / ev)
            inverseA = abs(s.a) < 1e-12 ? 0 : 1 / s.a
            inverseD = abs(s.d) < 1e-12 ? 0 : 1 / s.d
        }

        /// Row `y` within `clipX`: its first and last pixel that can be covered and the 16.16
        /// (u, v) at the first; nil when none can.
        @inline(__always)
        func row(_ y: Int, clipX: Range<Int>) -> (x0: Int, x1: Int, u: Int32, v: Int32)? {
            let s = sprite
            let yc = Double(y) + 0.5
            var lo = Double(max(s.box.x, clipX.lowerBound)) + 0.5
            var hi = Double(min(s.box.maxX, clipX.upperBound)) - 0.5
            // Where along the row u, then v, lies within its range.
            let ub = s.b * yc + s.c
            if inverseA == 0 {
                guard ub >= uRange.0, ub <= uRange.1 else { return nil }
            } else {
                let (p, q) = ((uRange.0 - ub) * inverseA, (uRange.1 - ub) * inverseA)
                (lo, hi) = (max(lo, min(p, q)), min(hi, max(p, q)))
            }
            let vb = s.e * yc + s.f
            if inverseD == 0 {
                guard vb >= vRange.0, vb <= vRange.1 else { return nil }
            } else {
                let (p, q) = ((vRange.0 - vb) * inverseD, (vRange.1 - vb) * inverseD)
                (lo, hi) = (max(lo, min(p, q)), min(hi, max(p, q)))
            }
            guard hi >= lo, lo.isFinite, hi.isFinite else { return nil }
            let x0 = Int((lo - 0.5).rounded(.up))
            let x1 = Int((hi - 0.5).rounded(.down))
            guard x0 <= x1 else { return nil }
            let xc = Double(x0) + 0.5
            let u = (s.a * xc + ub) * 65536
            let v = (s.d * xc + vb) * 65536
            guard abs(u) < 2e9, abs(v) < 2e9 else { return nil }
            return (x0, x1, Int32(u.rounded(.down)), Int32(v.rounded(.down)))
        }

        /// Coverage 0...255 at 16.16 (u, v): along each axis 1/2 + the distance inside the
        /// nearer edge in target pixels (in 8.8, the distance capped at 128 part pixels, past
        /// which it saturates), clamped to 0...1; the two multiplied.
        @inline(__always) func coverage(_ u: Int32, _ v: Int32) -> UInt32 {
            let du = min(max(min(u, width &- u) >> 8, -32768), 32768)
            let dv = min(max(min(v, height &- v) >> 8, -32768), 32768)
            let cu = min(max(128 &+ (du &* su) >> 8, 0), 256)
            let cv = min(max(128 &+ (dv &* sv) >> 8, 0), 256)
            return UInt32(truncatingIfNeeded: (cu &* cv &* 255 &+ 32768) >> 16)
        }
    }
}
