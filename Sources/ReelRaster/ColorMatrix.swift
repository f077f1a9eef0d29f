/// A `colorMatrix` filter as a kernel: on each pixel's straight (unpremultiplied) colour, the
/// four rows `r·m0 + g·m1 + b·m2 + a·m3 + m4` (for R, G, B, A), clamped to 0...1 and
/// premultiplied again; a transparent pixel's colour is 0. Eight pixels at a time as Float
/// lanes; `ReferenceBlending.colorMatrix` is its twin.
public struct ColorMatrix: Sendable {
    typealias F = SIMD8<Float>
    /// The twenty numbers, each as a lane of its own.
    let m: [Float]

    /// From 20 numbers, rows for R, G, B, A.
    public init(_ numbers: [Double]) {
        precondition(numbers.count == 20, "a colour matrix has 20 numbers")
        m = numbers.map { Float($0) }
    }

    /// Applies the matrix to `count` pixels in place.
    public func apply(_ dst: UnsafeMutablePointer<UInt32>, count: Int) {
        var i = 0
        while i + PixelLanes.width <= count {
            PixelLanes.store(transform(PixelLanes.load(dst + i)), dst + i)
            i += PixelLanes.width
        }
        guard i < count else { return }
        var v = PixelLanes.Vector(repeating: 0)
        for k in 0..<(count - i) { v[k] = dst[i + k] }
        let out = transform(v)
        for k in 0..<(count - i) { dst[i + k] = out[k] }
    }

    @inline(__always)
    func transform(_ p: PixelLanes.Vector) -> PixelLanes.Vector {
        let c = BlendKernels.Lanes(p)
        let inverse = (F(repeating: 1) / c.a).replacing(with: 0, where: c.a .== 0)
        let (r, g, b, a) = (c.r * inverse, c.g * inverse, c.b * inverse, c.a)
        func row(_ k: Int) -> F {
            BlendKernels.unit(r * m[k] + g * m[k + 1] + b * m[k + 2] + a * m[k + 3] + m[k + 4])
        }
        let alpha = row(15)
        return BlendKernels.Lanes(r: row(0) * alpha, g: row(5) * alpha, b: row(10) * alpha, a: alpha).packed
    }
}

extension SpanKernels {
    /// Lowers each colour channel to at most the pixel's alpha (channels worked on one by one,
    /// as a blur does, may pass it by a rounding step).
    public static func clampToAlpha(_ dst: UnsafeMutablePointer<UInt32>, count: Int) {
        for i in 0..<count {
            let p = dst[i]
            let a = p >> 24
            let r = min(p & 0xFF, a)
            let g = min((p >> 8) & 0xFF, a)
            let b = min((p >> 16) & 0xFF, a)
            dst[i] = r | g << 8 | b << 16 | a << 24
        }
    }
}
