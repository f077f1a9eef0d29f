import ReelCore

#if canImport(Glibc)
    import Glibc
#endif

/// The pixel rules of scene transitions (extension-rules.md, "Scenes and transitions") on
/// premultiplied RGBA pictures of one size: A the outgoing scene, B the incoming one, p the
/// progress after the timing function. Offsets are whole pixels (half up), so nothing but
/// `zoom` is resampled; coverage along an edge is the pixel's area on B's side.
public enum TransitionPixels {
    /// The kinds, as their rules below know them.
    public enum Kind: Sendable {
        case fade
        case fadeThroughColor(UInt32)
        case wipe(Edge)
        case slide(Edge)
        case cover(Edge)
        case reveal(Edge)
        case iris
        case clockWipe
        case zoom
    }

    /// The side B enters from.
    public enum Edge: Sendable { case left, right, top, bottom }

    /// The two scenes' picture at progress `p` into `out` (the same size; transparent where
    /// neither shows).
    public static func composite(_ kind: Kind, progress p: Double, a: PixelBuffer, b: PixelBuffer, into out: PixelBuffer) {
        let (w, h) = (out.width, out.height)
        switch kind {
        case .fade:
            let alpha = opacity(p)
            each(out) { x, y in over(scaled(b.row(y)[x], alpha), a.row(y)[x]) }
        case .fadeThroughColor(let color):
            if p < 0.5 {
                let tint = scaled(color, opacity(2 * p))
                each(out) { x, y in over(tint, a.row(y)[x]) }
            } else {
                let alpha = opacity(2 * p - 1)
                each(out) { x, y in over(scaled(b.row(y)[x], alpha), color) }
            }
        case .wipe(let edge):
            let (extent, horizontal) = edge == .left || edge == .right ? (Double(w), true) : (Double(h), false)
            each(out) { x, y in
                let i = Double(horizontal ? x : y)
                let from = edge == .left || edge == .top ? i : extent - 1 - i
                return mix(a.row(y)[x], b.row(y)[x], min(max(p * extent - from, 0), 1))
            }
        case .slide(let edge):
            let (bx, by, ax, ay) = offsets(edge, p, w, h)
            each(out) { x, y in over(pixel(b, x - bx, y - by), pixel(a, x - ax, y - ay)) }
        case .cover(let edge):
            let (bx, by, _, _) = offsets(edge, p, w, h)
            each(out) { x, y in over(pixel(b, x - bx, y - by), a.row(y)[x]) }
        case .reveal(let edge):
            let (_, _, ax, ay) = offsets(edge, p, w, h)
            each(out) { x, y in over(pixel(a, x - ax, y - ay), b.row(y)[x]) }
        case .iris:
            let radius = p * 0.5 * (Double(w * w + h * h)).squareRoot()
            let centre = Point(x: Double(w) / 2, y: Double(h) / 2)
            let circle = Path(ellipseIn: Rect(x: centre.x - radius, y: centre.y - radius, width: 2 * radius, height: 2 * radius))
            blend(a, b, inside: radius > 0 ? circle.polygons(transform: .identity, tolerance: 0.001) : [], into: out)
        case .clockWipe:
            blend(a, b, inside: sector(p, w, h), into: out)
        case .zoom:
            let alphaA = opacity(1 - p)
            let alphaB = opacity(p)
            each(out) { x, y in
                over(scaled(sample(b, x, y, scale: 0.5 + 0.5 * p), alphaB), scaled(sample(a, x, y, scale: 1 + p), alphaA))
            }
        }
    }

    /// `picture` over `out`, source-over, in place.
    public static func land(_ picture: PixelBuffer, on out: PixelBuffer) {
        each(out) { x, y in over(picture.row(y)[x], out.row(y)[x]) }
    }

    // MARK: Pixels

    /// An opacity as 8 bits, rounded.
    static func opacity(_ o: Double) -> UInt32 { UInt32((min(max(o, 0), 1) * 255).rounded()) }

    /// Every channel × alpha / 255, rounded.
    static func scaled(_ c: UInt32, _ alpha: UInt32) -> UInt32 {
        guard alpha < 255 else { return c }
        var out: UInt32 = 0
        for shift in stride(from: UInt32(0), to: 32, by: 8) {
            out |= div255(((c >> shift) & 0xFF) * alpha) << shift
        }
        return out
    }

    /// Premultiplied source-over.
    static func over(_ s: UInt32, _ d: UInt32) -> UInt32 {
        let inverse = 255 - (s >> 24)
        guard inverse > 0 else { return s }
        var out: UInt32 = 0
        for shift in stride(from: UInt32(0), to: 32, by: 8) {
            out |= min(((s >> shift) & 0xFF) + div255(((d >> shift) & 0xFF) * inverse), 255) << shift
        }
        return out
    }

    /// B by `coverage` (0...1) and A by the rest, per channel, rounded.
    static func mix(_ a: UInt32, _ b: UInt32, _ coverage: Double) -> UInt32 {
        if coverage <= 0 { return a }
        if coverage >= 1 { return b }
        var out: UInt32 = 0
        for shift in stride(from: UInt32(0), to: 32, by: 8) {
            let v = Double((a >> shift) & 0xFF) * (1 - coverage) + Double((b >> shift) & 0xFF) * coverage
            out |= UInt32(v.rounded()) << shift
        }
        return out
    }

    static func div255(_ x: UInt32) -> UInt32 { (x + 128 + ((x + 128) >> 8)) >> 8 }

    /// The pixel of `picture` at (x, y); transparent outside it.
    static func pixel(_ picture: PixelBuffer, _ x: Int, _ y: Int) -> UInt32 {
        x >= 0 && y >= 0 && x < picture.width && y < picture.height ? picture.row(y)[x] : 0
    }

    /// B's and A's offsets for a slide from `edge` at progress p: B from outside to its place, A out the other side.
    static func offsets(_ edge: Edge, _ p: Double, _ w: Int, _ h: Int) -> (Int, Int, Int, Int) {
        let dx = Int((p * Double(w) + 0.5).rounded(.down))
        let dy = Int((p * Double(h) + 0.5).rounded(.down))
        switch edge {
        case .left: return (dx - w, 0, dx, 0)
        case .right: return (w - dx, 0, -dx, 0)
        case .top: return (0, dy - h, 0, dy)
        case .bottom: return (0, h - dy, 0, -dy)
        }
    }

    /// `picture` scaled by `scale` about its centre, sampled bilinearly at pixel (x, y)'s centre; transparent outside it.
    static func sample(_ picture: PixelBuffer, _ x: Int, _ y: Int, scale: Double) -> UInt32 {
        guard scale > 0 else { return 0 }
        let (cx, cy) = (Double(picture.width) / 2, Double(picture.height) / 2)
        let u = (Double(x) + 0.5 - cx) / scale + cx - 0.5
        let v = (Double(y) + 0.5 - cy) / scale + cy - 0.5
        let (x0, y0) = (Int(u.rounded(.down)), Int(v.rounded(.down)))
        let (fx, fy) = (u - Double(x0), v - Double(y0))
        let corners = [
            pixel(picture, x0, y0), pixel(picture, x0 + 1, y0), pixel(picture, x0, y0 + 1), pixel(picture, x0 + 1, y0 + 1)
        ]
        let weights = [(1 - fx) * (1 - fy), fx * (1 - fy), (1 - fx) * fy, fx * fy]
        var out: UInt32 = 0
        for shift in stride(from: UInt32(0), to: 32, by: 8) {
            var v = 0.0
            for k in 0..<4 { v += Double((corners[k] >> shift) & 0xFF) * weights[k] }
            out |= UInt32(min(v.rounded(), 255)) << shift
        }
        return out
    }

    /// The sector swept clockwise from 12 o'clock about the centre through 2πp, reaching past every corner.
    static func sector(_ p: Double, _ w: Int, _ h: Int) -> [[Point]] {
        guard p > 0 else { return [] }
        let centre = Point(x: Double(w) / 2, y: Double(h) / 2)
        let r = Double(w * w + h * h).squareRoot() * 2
        let sweep = min(p, 1) * 2 * Double.pi
        let steps = max(Int(sweep / (Double.pi / 32)), 1)
        var polygon = [centre]
        for k in 0...steps {
            let theta = sweep * Double(k) / Double(steps)
            polygon.append(Point(x: centre.x + r * sin(theta), y: centre.y - r * cos(theta)))
        }
        return [polygon]
    }

    /// B where `inside` covers the pixel (by its area), A elsewhere.
    static func blend(_ a: PixelBuffer, _ b: PixelBuffer, inside polygons: [[Point]], into out: PixelBuffer) {
        let clip = PixelRect(x: 0, y: 0, width: out.width, height: out.height)
        let mask = polygons.isEmpty ? nil : Rasterizer().mask(polygons, clip: clip)
        each(out) { x, y in mix(a.row(y)[x], b.row(y)[x], Double(mask?.value(x: x, y: y) ?? 0) / 255) }
    }

    /// Writes `pixel(x, y)` at every pixel of `out`.
    static func each(_ out: PixelBuffer, _ pixel: (Int, Int) -> UInt32) {
        for y in 0..<out.height {
            let row = out.row(y)
            for x in 0..<out.width { row[x] = pixel(x, y) }
        }
    }
}
