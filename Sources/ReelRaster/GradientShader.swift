import ReelCore

#if canImport(Glibc)
    import Glibc
#endif

/// A CAGradientLayer's colours as a function of the pixel: each pixel centre is mapped back
/// into the layer's points, where `t` is measured (axial: the projection on start -> end;
/// radial: the elliptical distance from start, 1 on the ellipse; conic: the clockwise angle
/// from the direction start -> end over 2 pi), and the colour at `t` is mixed between the two
/// stops around it on straight values, then premultiplied; before the first stop the first
/// colour, after the last the last. No dithering. `row` is the SIMD kernel (Float lanes);
/// `exactPixel(x:y:)` the Double maths it is held to (within one level) and falls back to
/// where the map is not affine.
public struct GradientShader: Sendable {
    public let kind: GradientType
    /// Locations (non-decreasing) and straight colours.
    public let stops: [(location: Double, color: Color)]
    /// Start and end in the layer's points.
    public let start: Point, end: Point
    /// Device pixels back to the layer's points.
    public let toLayer: Homography
    /// The stops as lanes, made once.
    private let segments: Segments?

    public init(kind: GradientType, stops: [(location: Double, color: Color)], start: Point, end: Point, toLayer: Homography) {
        self.kind = kind
        self.stops = stops
        self.start = start
        self.end = end
        self.toLayer = toLayer
        segments = stops.isEmpty ? nil : Segments(stops)
    }

    /// Where a point of the layer lies in the gradient.
    public func t(at p: Point) -> Double {
        let d = end - start
        let v = p - start
        switch kind {
        case .axial:
            let l2 = d.x * d.x + d.y * d.y
            return l2 > 0 ? (v.x * d.x + v.y * d.y) / l2 : 0
        case .radial:
            func axis(_ o: Double, _ r: Double) -> Double { o == 0 ? 0 : o / abs(r) }
            let (x, y) = (axis(v.x, d.x), axis(v.y, d.y))
            return (x * x + y * y).squareRoot()
        case .conic:
            var a = (atan2(v.y, v.x) - atan2(d.y, d.x)) / (2 * Double.pi)
            a -= a.rounded(.down)
            return a < 1 ? a : 0
        }
    }

    /// The straight colour at `t`.
    public func color(at t: Double) -> Color {
        guard let first = stops.first, let last = stops.last else { return .clear }
        if t <= first.location || t.isNaN { return first.color }
        if t >= last.location { return last.color }
        var i = 0
        while i + 1 < stops.count, stops[i + 1].location <= t { i += 1 }
        let (a, b) = (stops[i], stops[i + 1])
        let f = (t - a.location) / (b.location - a.location)
        func mix(_ x: Double, _ y: Double) -> Double { x + (y - x) * f }
        return Color(
            red: mix(a.color.red, b.color.red), green: mix(a.color.green, b.color.green), blue: mix(a.color.blue, b.color.blue),
            alpha: mix(a.color.alpha, b.color.alpha))
    }

    /// The premultiplied pixel at device pixel (x, y), by the Double maths.
    func exactPixel(x: Int, y: Int) -> UInt32 {
        guard let p = toLayer.apply(Point(x: Double(x) + 0.5, y: Double(y) + 0.5)) else { return 0 }
        return PixelBuffer.pack(color(at: t(at: p)).premultipliedRGBA8)
    }

    /// Premultiplied pixels for `count` device pixels from (x0, y), eight lanes at a time where
    /// the map back to the layer is affine (a walk with a fixed step), pixel by pixel otherwise.
    public func row(x0: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        guard toLayer.isAffine, let origin = toLayer.apply(Point(x: Double(x0) + 0.5, y: Double(y) + 0.5)),
            let next = toLayer.apply(Point(x: Double(x0) + 1.5, y: Double(y) + 0.5)), let segments
        else {
            for i in 0..<count { out[i] = exactPixel(x: x0 + i, y: y) }
            return
        }
        typealias F = SIMD8<Float>
        let lane = F(0, 1, 2, 3, 4, 5, 6, 7)
        let step = next - origin
        let d = end - start
        var i = 0
        while i < count {
            let k = F(repeating: Float(i)) + lane
            let px = F(repeating: Float(origin.x - start.x)) + k * Float(step.x)
            let py = F(repeating: Float(origin.y - start.y)) + k * Float(step.y)
            var t: F
            switch kind {
            case .axial:
                let l2 = d.x * d.x + d.y * d.y
                t = l2 > 0 ? (px * Float(d.x / l2) + py * Float(d.y / l2)) : F(repeating: 0)
            case .radial:
                let ix: Float = d.x == 0 ? 0 : Float(1 / abs(d.x))
                let iy: Float = d.y == 0 ? 0 : Float(1 / abs(d.y))
                var qx = px * ix
                var qy = py * iy
                // A zero radius along an axis: anything off the centre line is beyond the ellipse.
                if d.x == 0 { qx.replace(with: F(repeating: .infinity), where: px .!= 0) }
                if d.y == 0 { qy.replace(with: F(repeating: .infinity), where: py .!= 0) }
                t = (qx * qx + qy * qy).squareRoot()
            case .conic:
                let base = Float(atan2(d.y, d.x))
                var a = (Self.laneAtan2(py, px) - base) * Float(1 / (2 * Double.pi))
                a -= a.rounded(.down)
                a.replace(with: 0, where: a .>= 1)
                t = a
            }
            let pixels = segments.pixels(t)
            let n = min(8, count - i)
            if n == 8 {
                UnsafeMutableRawPointer(out + i).storeBytes(of: pixels, as: SIMD8<UInt32>.self)
            } else {
                for j in 0..<n { out[i + j] = pixels[j] }
            }
            i += 8
        }
    }

    /// The stops as lanes: per segment its start, 1 / its length and its colours.
    struct Segments: Sendable {
        typealias F = SIMD8<Float>
        struct Segment: Sendable {
            var location: Float, scale: Float
            var from: SIMD4<Float>, delta: SIMD4<Float>
        }
        let first: SIMD4<Float>
        let segments: ContiguousArray<Segment>
        let lastLocation: Float
        let last: SIMD4<Float>

        init(_ stops: [(location: Double, color: Color)]) {
            func v(_ c: Color) -> SIMD4<Float> { SIMD4(Float(c.red), Float(c.green), Float(c.blue), Float(c.alpha)) }
            first = v(stops[0].color)
            last = v(stops[stops.count - 1].color)
            lastLocation = Float(stops[stops.count - 1].location)
            segments = ContiguousArray(
                zip(stops, stops.dropFirst()).map { a, b in
                    let length = b.location - a.location
                    return Segment(
                        location: Float(a.location), scale: length > 0 ? Float(1 / length) : 0, from: v(a.color),
                        delta: v(b.color) - v(a.color))
                })
        }

        /// Premultiplied 8-bit pixels for eight positions.
        @inline(__always)
        func pixels(_ t: F) -> SIMD8<UInt32> {
            var r = F(repeating: first.x)
            var g = F(repeating: first.y)
            var b = F(repeating: first.z)
            var a = F(repeating: first.w)
            for s in segments {
                let inside = t .>= F(repeating: s.location)
                let f = BlendKernels.unit((t - s.location) * s.scale)
                r.replace(with: s.from.x + f * s.delta.x, where: inside)
                g.replace(with: s.from.y + f * s.delta.y, where: inside)
                b.replace(with: s.from.z + f * s.delta.z, where: inside)
                a.replace(with: s.from.w + f * s.delta.w, where: inside)
            }
            let beyond = t .>= F(repeating: lastLocation)
            r.replace(with: last.x, where: beyond)
            g.replace(with: last.y, where: beyond)
            b.replace(with: last.z, where: beyond)
            a.replace(with: last.w, where: beyond)
            // Rounded to bytes as the blend kernels round (ties to even: within the twin's one level).
            let a255 = BlendKernels.unit(a)
            func byte(_ x: F) -> SIMD8<UInt32> { BlendKernels.byte(BlendKernels.unit(x)) }
            return byte(r * a255) | byte(g * a255) &<< 8 | byte(b * a255) &<< 16 | byte(a255) &<< 24
        }
    }

    /// atan2 on eight lanes: a minimax polynomial for atan on [0, 1] (error under 1e-5
    /// radians), unfolded to the full circle by octant.
    static func laneAtan2(_ y: SIMD8<Float>, _ x: SIMD8<Float>) -> SIMD8<Float> {
        typealias F = SIMD8<Float>
        let ax = x.replacing(with: -x, where: x .< 0)
        let ay = y.replacing(with: -y, where: y .< 0)
        let swap = ay .> ax
        let big = ax.replacing(with: ay, where: swap)
        let small = ay.replacing(with: ax, where: swap)
        var q = small / big
        q.replace(with: 0, where: big .== 0)
        let s = q * q
        var r = F(repeating: 0.0208351) * s - F(repeating: 0.085133)
        r = r * s + F(repeating: 0.180141)
        r = r * s - F(repeating: 0.3302995)
        r = r * s + F(repeating: 0.999866)
        r = r * q
        r.replace(with: F(repeating: Float.pi / 2) - r, where: ay .> ax)
        r.replace(with: F(repeating: Float.pi) - r, where: x .< 0)
        r.replace(with: -r, where: y .< 0)
        return r
    }
}
