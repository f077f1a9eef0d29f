import ReelCore

/// The blend axis of the compositing kernels: a picture landing on its backdrop with any
/// `BlendMode`. Source-over keeps `SpanKernels.composite`'s integer fast path; every other
/// mode is one generic loop over eight pixels as Float lanes, specialised per formula
/// (`BlendFormula`), on premultiplied colour in 0...1. `ReferenceKernels.land` is the twin,
/// written from the W3C and Porter-Duff definitions in Double, one pixel at a time.
public enum BlendKernels {
    typealias F = SIMD8<Float>

    /// Each source pixel scaled by its coverage (when given) and by `opacity` (0...255),
    /// landed on the destination pixel with `mode`.
    public static func composite(
        _ dst: UnsafeMutablePointer<UInt32>, source: UnsafePointer<UInt32>, coverage: UnsafePointer<UInt8>?, count: Int,
        opacity: UInt32, mode: BlendMode
    ) {
        switch mode {
        case .normal:
            if let coverage {
                SpanKernels.composite(dst, source: source, coverage: coverage, count: count, opacity: opacity)
            } else {
                SpanKernels.composite(dst, source: source, count: count, opacity: opacity)
            }
        case .multiply: run(Separable<Multiply>.self, dst, source, coverage, count, opacity)
        case .screen: run(Separable<Screen>.self, dst, source, coverage, count, opacity)
        case .overlay: run(Separable<Overlay>.self, dst, source, coverage, count, opacity)
        case .darken: run(Separable<Darken>.self, dst, source, coverage, count, opacity)
        case .lighten: run(Separable<Lighten>.self, dst, source, coverage, count, opacity)
        case .colorDodge: run(Separable<ColorDodge>.self, dst, source, coverage, count, opacity)
        case .colorBurn: run(Separable<ColorBurn>.self, dst, source, coverage, count, opacity)
        case .hardLight: run(Separable<HardLight>.self, dst, source, coverage, count, opacity)
        case .softLight: run(Separable<SoftLight>.self, dst, source, coverage, count, opacity)
        case .difference: run(Separable<Difference>.self, dst, source, coverage, count, opacity)
        case .exclusion: run(Separable<Exclusion>.self, dst, source, coverage, count, opacity)
        case .hue, .saturation, .color, .luminosity:
            switch mode {
            case .hue: run(NonSeparable<Hue>.self, dst, source, coverage, count, opacity)
            case .saturation: run(NonSeparable<Saturation>.self, dst, source, coverage, count, opacity)
            case .color: run(NonSeparable<ColorMode>.self, dst, source, coverage, count, opacity)
            default: run(NonSeparable<Luminosity>.self, dst, source, coverage, count, opacity)
            }
        case .plusLighter: run(PlusLighter.self, dst, source, coverage, count, opacity)
        case .sourceIn: run(PorterDuff<SourceIn>.self, dst, source, coverage, count, opacity)
        case .sourceOut: run(PorterDuff<SourceOut>.self, dst, source, coverage, count, opacity)
        case .sourceAtop: run(PorterDuff<SourceAtop>.self, dst, source, coverage, count, opacity)
        case .destinationIn: run(PorterDuff<DestinationIn>.self, dst, source, coverage, count, opacity)
        case .destinationOut: run(PorterDuff<DestinationOut>.self, dst, source, coverage, count, opacity)
        case .destinationAtop: run(PorterDuff<DestinationAtop>.self, dst, source, coverage, count, opacity)
        case .xor: run(PorterDuff<Xor>.self, dst, source, coverage, count, opacity)
        }
    }

    /// Four channels of eight premultiplied pixels, each in 0...1.
    struct Lanes {
        var r: F, g: F, b: F, a: F

        @inline(__always)
        init(r: F, g: F, b: F, a: F) { (self.r, self.g, self.b, self.a) = (r, g, b, a) }

        @inline(__always)
        init(_ p: SIMD8<UInt32>) {
            let k = F(repeating: 1 / 255)
            r = F(SIMD8<Int32>(truncatingIfNeeded: p & 0xFF)) * k
            g = F(SIMD8<Int32>(truncatingIfNeeded: (p &>> 8) & 0xFF)) * k
            b = F(SIMD8<Int32>(truncatingIfNeeded: (p &>> 16) & 0xFF)) * k
            a = F(SIMD8<Int32>(truncatingIfNeeded: p &>> 24)) * k
        }

        /// Packed 8-bit pixels, each channel clamped to 0...1 (colour to at most alpha) and rounded.
        @inline(__always)
        var packed: SIMD8<UInt32> {
            let alpha = unit(a)
            return byte(r.clamped(lowerBound: .zero, upperBound: alpha))
                | byte(g.clamped(lowerBound: .zero, upperBound: alpha)) &<< 8
                | byte(b.clamped(lowerBound: .zero, upperBound: alpha)) &<< 16 | byte(alpha) &<< 24
        }
    }

    /// Each lane clamped to 0...1 (NaN to 0).
    @inline(__always)
    static func unit(_ x: F) -> F {
        var v = x.replacing(with: 0, where: .!(x .> 0))
        v.replace(with: 1, where: v .> 1)
        return v
    }

    /// x in 0...1 to 0...255 rounded: adding 2^23 leaves the rounded integer in the float's low
    /// mantissa bits.
    @inline(__always)
    static func byte(_ x: F) -> SIMD8<UInt32> {
        unsafeBitCast(x * 255 + 8_388_608, to: SIMD8<UInt32>.self) & 0x7F_FFFF
    }

    /// The generic loop: eight pixels at a time, the tail through a padded copy.
    @inline(__always)
    static func run<B: BlendFormula>(
        _ formula: B.Type, _ dst: UnsafeMutablePointer<UInt32>, _ source: UnsafePointer<UInt32>,
        _ coverage: UnsafePointer<UInt8>?, _ count: Int, _ opacity: UInt32
    ) {
        let f = PixelLanes.Vector(repeating: opacity)
        var i = 0
        func land(_ d: UnsafeMutablePointer<UInt32>, _ s: UnsafePointer<UInt32>, _ c: UnsafePointer<UInt8>?) {
            let factor = c.map { PixelLanes.scaleChannel(PixelLanes.loadCoverage($0), by: f) } ?? f
            let scaled = PixelLanes.scale(PixelLanes.load(s), by: factor)
            PixelLanes.store(B.land(Lanes(scaled), on: Lanes(PixelLanes.load(d))).packed, d)
        }
        while i + PixelLanes.width <= count {
            land(dst + i, source + i, coverage.map { $0 + i })
            i += PixelLanes.width
        }
        guard i < count else { return }
        let n = count - i
        var d = PixelLanes.Vector(repeating: 0)
        var s = PixelLanes.Vector(repeating: 0)
        var c = SIMD8<UInt8>(repeating: 0)
        for k in 0..<n {
            d[k] = dst[i + k]
            s[k] = source[i + k]
            c[k] = coverage?[i + k] ?? 0
        }
        withUnsafeMutablePointer(to: &d) { dp in
            dp.withMemoryRebound(to: UInt32.self, capacity: 8) { dp in
                withUnsafePointer(to: &s) { sp in
                    sp.withMemoryRebound(to: UInt32.self, capacity: 8) { sp in
                        withUnsafePointer(to: &c) { cp in
                            cp.withMemoryRebound(to: UInt8.self, capacity: 8) { cp in
                                land(dp, sp, coverage == nil ? nil : cp)
                            }
                        }
                    }
                }
            }
        }
        for k in 0..<n { dst[i + k] = d[k] }
    }
}

/// One blend formula on premultiplied lanes: the source `s` landing on the backdrop `d`.
protocol BlendFormula {
    static func land(_ s: BlendKernels.Lanes, on d: BlendKernels.Lanes) -> BlendKernels.Lanes
}

/// A W3C separable blend function B(Cb, Cs) of straight colour, one channel at a time.
protocol SeparableBlend {
    static func blend(_ cb: SIMD8<Float>, _ cs: SIMD8<Float>) -> SIMD8<Float>
}

/// The W3C separable composite: co = cs·(1 − αb) + cb·(1 − αs) + αs·αb·B(Cb, Cs).
enum Separable<B: SeparableBlend>: BlendFormula {
    @inline(__always)
    static func land(_ s: BlendKernels.Lanes, on d: BlendKernels.Lanes) -> BlendKernels.Lanes {
        typealias F = SIMD8<Float>
        let one = F(repeating: 1)
        let both = s.a * d.a
        let (invS, invD) = (one - s.a, one - d.a)
        let rs = (one / s.a).replacing(with: 0, where: s.a .== 0)
        let rd = (one / d.a).replacing(with: 0, where: d.a .== 0)
        func channel(_ sc: F, _ dc: F) -> F {
            sc * invD + dc * invS + both * B.blend(BlendKernels.unit(dc * rd), BlendKernels.unit(sc * rs))
        }
        return BlendKernels.Lanes(
            r: channel(s.r, d.r), g: channel(s.g, d.g), b: channel(s.b, d.b), a: s.a + d.a - both)
    }
}

enum Multiply: SeparableBlend {
    @inline(__always) static func blend(_ cb: SIMD8<Float>, _ cs: SIMD8<Float>) -> SIMD8<Float> { cb * cs }
}

enum Screen: SeparableBlend {
    @inline(__always) static func blend(_ cb: SIMD8<Float>, _ cs: SIMD8<Float>) -> SIMD8<Float> { cb + cs - cb * cs }
}

enum HardLight: SeparableBlend {
    @inline(__always) static func blend(_ cb: SIMD8<Float>, _ cs: SIMD8<Float>) -> SIMD8<Float> {
        let twice = cs + cs
        let high = Screen.blend(cb, twice - 1)
        return (cb * twice).replacing(with: high, where: cs .> 0.5)
    }
}

/// HardLight with the roles of backdrop and source exchanged.
enum Overlay: SeparableBlend {
    @inline(__always) static func blend(_ cb: SIMD8<Float>, _ cs: SIMD8<Float>) -> SIMD8<Float> { HardLight.blend(cs, cb) }
}

enum Darken: SeparableBlend {
    @inline(__always) static func blend(_ cb: SIMD8<Float>, _ cs: SIMD8<Float>) -> SIMD8<Float> { pointwiseMin(cb, cs) }
}

enum Lighten: SeparableBlend {
    @inline(__always) static func blend(_ cb: SIMD8<Float>, _ cs: SIMD8<Float>) -> SIMD8<Float> { pointwiseMax(cb, cs) }
}

enum ColorDodge: SeparableBlend {
    @inline(__always) static func blend(_ cb: SIMD8<Float>, _ cs: SIMD8<Float>) -> SIMD8<Float> {
        var v = pointwiseMin(SIMD8(repeating: 1), cb / (1 - cs))
        v.replace(with: 1, where: cs .>= 1)
        v.replace(with: 0, where: cb .<= 0)
        return v
    }
}

enum ColorBurn: SeparableBlend {
    @inline(__always) static func blend(_ cb: SIMD8<Float>, _ cs: SIMD8<Float>) -> SIMD8<Float> {
        var v = 1 - pointwiseMin(SIMD8(repeating: 1), (1 - cb) / cs)
        v.replace(with: 0, where: cs .<= 0)
        v.replace(with: 1, where: cb .>= 1)
        return v
    }
}

enum SoftLight: SeparableBlend {
    @inline(__always) static func blend(_ cb: SIMD8<Float>, _ cs: SIMD8<Float>) -> SIMD8<Float> {
        let low = cb - (1 - 2 * cs) * cb * (1 - cb)
        let d = (((16 * cb - 12) * cb + 4) * cb).replacing(with: cb.squareRoot(), where: cb .> 0.25)
        let high = cb + (2 * cs - 1) * (d - cb)
        return low.replacing(with: high, where: cs .> 0.5)
    }
}

enum Difference: SeparableBlend {
    @inline(__always) static func blend(_ cb: SIMD8<Float>, _ cs: SIMD8<Float>) -> SIMD8<Float> {
        let v = cb - cs
        return v.replacing(with: -v, where: v .< 0)
    }
}

enum Exclusion: SeparableBlend {
    @inline(__always) static func blend(_ cb: SIMD8<Float>, _ cs: SIMD8<Float>) -> SIMD8<Float> { cb + cs - 2 * cb * cs }
}

/// A W3C non-separable blend B(Cb, Cs) on straight RGB, through Lum, Sat, SetLum, SetSat and ClipColor.
protocol NonSeparableBlend {
    static func blend(_ cb: NonSeparableColor, _ cs: NonSeparableColor) -> NonSeparableColor
}

/// Straight RGB of eight pixels with the W3C helpers.
struct NonSeparableColor {
    typealias F = SIMD8<Float>
    var r: F, g: F, b: F

    @inline(__always) var lum: F { 0.3 * r + 0.59 * g + 0.11 * b }
    @inline(__always) var minimum: F { pointwiseMin(r, pointwiseMin(g, b)) }
    @inline(__always) var maximum: F { pointwiseMax(r, pointwiseMax(g, b)) }
    @inline(__always) var sat: F { maximum - minimum }

    /// ClipColor(C + (l − Lum(C))).
    @inline(__always) func withLum(_ l: F) -> NonSeparableColor {
        let d = l - lum
        var c = NonSeparableColor(r: r + d, g: g + d, b: b + d)
        let cl = c.lum
        let n = c.minimum
        let x = c.maximum
        func clip(_ v: F) -> F {
            var out = v
            out.replace(with: cl + (v - cl) * cl / (cl - n), where: n .< 0)
            out.replace(with: cl + (out - cl) * (1 - cl) / (x - cl), where: x .> 1)
            return out
        }
        c = NonSeparableColor(r: clip(c.r), g: clip(c.g), b: clip(c.b))
        return c
    }

    /// SetSat: the largest channel becomes s, the smallest 0, the middle one in proportion;
    /// all 0 when the channels are equal.
    @inline(__always) func withSat(_ s: F) -> NonSeparableColor {
        let n = minimum
        let spread = sat
        let k = (s / spread).replacing(with: 0, where: spread .<= 0)
        return NonSeparableColor(r: (r - n) * k, g: (g - n) * k, b: (b - n) * k)
    }
}

enum NonSeparable<B: NonSeparableBlend>: BlendFormula {
    @inline(__always)
    static func land(_ s: BlendKernels.Lanes, on d: BlendKernels.Lanes) -> BlendKernels.Lanes {
        typealias F = SIMD8<Float>
        let one = F(repeating: 1)
        let both = s.a * d.a
        let rs = (one / s.a).replacing(with: 0, where: s.a .== 0)
        let rd = (one / d.a).replacing(with: 0, where: d.a .== 0)
        let cs = NonSeparableColor(r: BlendKernels.unit(s.r * rs), g: BlendKernels.unit(s.g * rs), b: BlendKernels.unit(s.b * rs))
        let cb = NonSeparableColor(r: BlendKernels.unit(d.r * rd), g: BlendKernels.unit(d.g * rd), b: BlendKernels.unit(d.b * rd))
        let m = B.blend(cb, cs)
        let (invS, invD) = (one - s.a, one - d.a)
        return BlendKernels.Lanes(
            r: s.r * invD + d.r * invS + both * m.r, g: s.g * invD + d.g * invS + both * m.g,
            b: s.b * invD + d.b * invS + both * m.b, a: s.a + d.a - both)
    }
}

enum Hue: NonSeparableBlend {
    @inline(__always) static func blend(_ cb: NonSeparableColor, _ cs: NonSeparableColor) -> NonSeparableColor {
        cs.withSat(cb.sat).withLum(cb.lum)
    }
}

enum Saturation: NonSeparableBlend {
    @inline(__always) static func blend(_ cb: NonSeparableColor, _ cs: NonSeparableColor) -> NonSeparableColor {
        cb.withSat(cs.sat).withLum(cb.lum)
    }
}

enum ColorMode: NonSeparableBlend {
    @inline(__always) static func blend(_ cb: NonSeparableColor, _ cs: NonSeparableColor) -> NonSeparableColor {
        cs.withLum(cb.lum)
    }
}

enum Luminosity: NonSeparableBlend {
    @inline(__always) static func blend(_ cb: NonSeparableColor, _ cs: NonSeparableColor) -> NonSeparableColor {
        cb.withLum(cs.lum)
    }
}

/// The sum, clamped to 1 (alpha too).
enum PlusLighter: BlendFormula {
    @inline(__always)
    static func land(_ s: BlendKernels.Lanes, on d: BlendKernels.Lanes) -> BlendKernels.Lanes {
        BlendKernels.Lanes(r: s.r + d.r, g: s.g + d.g, b: s.b + d.b, a: s.a + d.a)
    }
}

/// A Porter-Duff operator: result = s·Fs + d·Fd, with the factors from the two alphas.
protocol PorterDuffFactors {
    static func factors(sa: SIMD8<Float>, da: SIMD8<Float>) -> (source: SIMD8<Float>, destination: SIMD8<Float>)
}

enum PorterDuff<P: PorterDuffFactors>: BlendFormula {
    @inline(__always)
    static func land(_ s: BlendKernels.Lanes, on d: BlendKernels.Lanes) -> BlendKernels.Lanes {
        let (fs, fd) = P.factors(sa: s.a, da: d.a)
        return BlendKernels.Lanes(
            r: s.r * fs + d.r * fd, g: s.g * fs + d.g * fd, b: s.b * fs + d.b * fd, a: s.a * fs + d.a * fd)
    }
}

enum SourceIn: PorterDuffFactors {
    @inline(__always) static func factors(sa: SIMD8<Float>, da: SIMD8<Float>) -> (source: SIMD8<Float>, destination: SIMD8<Float>)
    {
        (da, .zero)
    }
}

enum SourceOut: PorterDuffFactors {
    @inline(__always) static func factors(sa: SIMD8<Float>, da: SIMD8<Float>) -> (source: SIMD8<Float>, destination: SIMD8<Float>)
    {
        (1 - da, .zero)
    }
}

enum SourceAtop: PorterDuffFactors {
    @inline(__always) static func factors(sa: SIMD8<Float>, da: SIMD8<Float>) -> (source: SIMD8<Float>, destination: SIMD8<Float>)
    {
        (da, 1 - sa)
    }
}

enum DestinationIn: PorterDuffFactors {
    @inline(__always) static func factors(sa: SIMD8<Float>, da: SIMD8<Float>) -> (source: SIMD8<Float>, destination: SIMD8<Float>)
    {
        (.zero, sa)
    }
}

enum DestinationOut: PorterDuffFactors {
    @inline(__always) static func factors(sa: SIMD8<Float>, da: SIMD8<Float>) -> (source: SIMD8<Float>, destination: SIMD8<Float>)
    {
        (.zero, 1 - sa)
    }
}

enum DestinationAtop: PorterDuffFactors {
    @inline(__always) static func factors(sa: SIMD8<Float>, da: SIMD8<Float>) -> (source: SIMD8<Float>, destination: SIMD8<Float>)
    {
        (1 - da, sa)
    }
}

enum Xor: PorterDuffFactors {
    @inline(__always) static func factors(sa: SIMD8<Float>, da: SIMD8<Float>) -> (source: SIMD8<Float>, destination: SIMD8<Float>)
    {
        (1 - da, 1 - sa)
    }
}
