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
        land(dst, .pixels(source, coverage: coverage), count: count, opacity: opacity, mode: mode)
    }

    /// One premultiplied colour scaled by `opacity` landed on every pixel with `mode` (a
    /// uniform run of a group landing row by row): the source's lanes are made once.
    public static func blend(_ dst: UnsafeMutablePointer<UInt32>, count: Int, color: UInt32, opacity: UInt32, mode: BlendMode) {
        land(dst, .uniform(color), count: count, opacity: opacity, mode: mode)
    }

    /// What lands: a run of pixels (with their coverage), or one colour.
    enum Source {
        case pixels(UnsafePointer<UInt32>, coverage: UnsafePointer<UInt8>?)
        case uniform(UInt32)
    }

    /// The operator's loop for `mode`.
    private static func land(_ dst: UnsafeMutablePointer<UInt32>, _ source: Source, count: Int, opacity: UInt32, mode: BlendMode)
    {
        switch mode {
        case .normal:
            switch source {
            case .pixels(let source, let coverage?):
                SpanKernels.composite(dst, source: source, coverage: coverage, count: count, opacity: opacity)
            case .pixels(let source, nil):
                SpanKernels.composite(dst, source: source, count: count, opacity: opacity)
            case .uniform(let color):
                SpanKernels.blend(dst, count: count, color: ScalarPixel.scale(color, by: opacity))
            }
        case .multiply: run(Premultiplied<Multiply>.self, dst, source, count, opacity)
        case .screen: run(Premultiplied<Screen>.self, dst, source, count, opacity)
        case .overlay: run(Premultiplied<Overlay>.self, dst, source, count, opacity)
        case .darken: run(Premultiplied<Darken>.self, dst, source, count, opacity)
        case .lighten: run(Premultiplied<Lighten>.self, dst, source, count, opacity)
        case .colorDodge: run(Premultiplied<ColorDodge>.self, dst, source, count, opacity)
        case .colorBurn: run(Premultiplied<ColorBurn>.self, dst, source, count, opacity)
        case .hardLight: run(Premultiplied<HardLight>.self, dst, source, count, opacity)
        case .softLight: run(Premultiplied<SoftLight>.self, dst, source, count, opacity)
        case .difference: run(Premultiplied<Difference>.self, dst, source, count, opacity)
        case .exclusion: run(Premultiplied<Exclusion>.self, dst, source, count, opacity)
        case .hue, .saturation, .color, .luminosity:
            switch mode {
            case .hue: run(NonSeparable<Hue>.self, dst, source, count, opacity)
            case .saturation: run(NonSeparable<Saturation>.self, dst, source, count, opacity)
            case .color: run(NonSeparable<ColorMode>.self, dst, source, count, opacity)
            default: run(NonSeparable<Luminosity>.self, dst, source, count, opacity)
            }
        case .plusLighter: run(PlusLighter.self, dst, source, count, opacity)
        case .sourceIn: run(PorterDuff<SourceIn>.self, dst, source, count, opacity)
        case .sourceOut: run(PorterDuff<SourceOut>.self, dst, source, count, opacity)
        case .sourceAtop: run(PorterDuff<SourceAtop>.self, dst, source, count, opacity)
        case .destinationIn: run(PorterDuff<DestinationIn>.self, dst, source, count, opacity)
        case .destinationOut: run(PorterDuff<DestinationOut>.self, dst, source, count, opacity)
        case .destinationAtop: run(PorterDuff<DestinationAtop>.self, dst, source, count, opacity)
        case .xor: run(PorterDuff<Xor>.self, dst, source, count, opacity)
        }
    }

    /// Four channels of eight premultiplied pixels, each in 0...1.
    struct Lanes {
        var r: F, g: F, b: F, a: F

        @inline(__always)
        init(r: F, g: F, b: F, a: F) { (self.r, self.g, self.b, self.a) = (r, g, b, a) }

        @inline(__always)
        init(_ p: SIMD8<UInt32>) {
            r = float(p & 0xFF)
            g = float((p &>> 8) & 0xFF)
            b = float((p &>> 16) & 0xFF)
            a = float(p &>> 24)
        }

        /// Packed 8-bit pixels, each channel clamped to 0...1 (colour to at most alpha) and rounded.
        @inline(__always)
        var packed: SIMD8<UInt32> {
            let alpha = unit(a)
            return byte(colour(r, alpha)) | byte(colour(g, alpha)) &<< 8 | byte(colour(b, alpha)) &<< 16 | byte(alpha) &<< 24
        }

        /// A colour channel clamped to 0...alpha (NaN to 0).
        @inline(__always)
        func colour(_ c: F, _ alpha: F) -> F {
            var v = c.replacing(with: 0, where: .!(c .> 0))
            v.replace(with: alpha, where: v .> alpha)
            return v
        }
    }

    /// Bytes (0...255 per lane) as 0...1: the byte in the low mantissa bits of 2^23, less 2^23
    /// (integer operations only, where a lane conversion would go one lane at a time).
    @inline(__always)
    static func float(_ bytes: SIMD8<UInt32>) -> F {
        (unsafeBitCast(bytes | 0x4B00_0000, to: F.self) - 8_388_608) * (1 / 255)
    }

    /// The smaller of each pair of lanes.
    @inline(__always)
    static func minimum(_ a: F, _ b: F) -> F { a.replacing(with: b, where: b .< a) }

    /// The larger of each pair of lanes.
    @inline(__always)
    static func maximum(_ a: F, _ b: F) -> F { a.replacing(with: b, where: b .> a) }

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

    /// The generic loop: eight pixels at a time (one loop per kind of source: pixels with or
    /// without coverage, or one colour whose lanes are made once), the tail through a padded copy.
    @inline(__always)
    static func run<B: BlendFormula>(
        _ formula: B.Type, _ dst: UnsafeMutablePointer<UInt32>, _ source: Source, _ count: Int, _ opacity: UInt32
    ) {
        let f = PixelLanes.Vector(repeating: opacity)
        let whole = count - count % PixelLanes.width
        var tail = PixelLanes.Vector(repeating: 0)
        switch source {
        case .pixels(let source, let coverage?):
            var i = 0
            while i < whole {
                let factor = PixelLanes.scaleChannel(PixelLanes.loadCoverage(coverage + i), by: f)
                land(B.self, dst + i, PixelLanes.scale(PixelLanes.load(source + i), by: factor))
                i += PixelLanes.width
            }
            var c = PixelLanes.Vector(repeating: 0)
            for k in 0..<(count - whole) {
                tail[k] = source[whole + k]
                c[k] = UInt32(coverage[whole + k])
            }
            tail = PixelLanes.scale(tail, by: PixelLanes.scaleChannel(c, by: f))
        case .pixels(let source, nil):
            var i = 0
            while i < whole {
                land(B.self, dst + i, PixelLanes.scale(PixelLanes.load(source + i), by: f))
                i += PixelLanes.width
            }
            for k in 0..<(count - whole) { tail[k] = source[whole + k] }
            tail = PixelLanes.scale(tail, by: f)
        case .uniform(let color):
            let s = Lanes(PixelLanes.Vector(repeating: ScalarPixel.scale(color, by: opacity)))
            var i = 0
            while i < whole {
                PixelLanes.store(B.land(s, on: Lanes(PixelLanes.load(dst + i))).packed, dst + i)
                i += PixelLanes.width
            }
            tail = PixelLanes.Vector(repeating: ScalarPixel.scale(color, by: opacity))
        }
        guard whole < count else { return }
        var d = PixelLanes.Vector(repeating: 0)
        for k in 0..<(count - whole) { d[k] = dst[whole + k] }
        let out = B.land(Lanes(tail), on: Lanes(d)).packed
        for k in 0..<(count - whole) { dst[whole + k] = out[k] }
    }

    /// Eight scaled source pixels landed on eight at `dst`.
    @inline(__always)
    static func land<B: BlendFormula>(_ formula: B.Type, _ dst: UnsafeMutablePointer<UInt32>, _ scaled: PixelLanes.Vector) {
        PixelLanes.store(B.land(Lanes(scaled), on: Lanes(PixelLanes.load(dst))).packed, dst)
    }
}

/// One blend formula on premultiplied lanes: the source `s` landing on the backdrop `d`.
protocol BlendFormula {
    static func land(_ s: BlendKernels.Lanes, on d: BlendKernels.Lanes) -> BlendKernels.Lanes
}

/// A separable blend in premultiplied form (as Skia computes it): a channel of the result from
/// the premultiplied source and backdrop channels and the two alphas, with no division. Each
/// equals the W3C form `s·(1 − αb) + d·(1 − αs) + αs·αb·B(d/αb, s/αs)`.
protocol PremultipliedBlend {
    static func channel(_ s: SIMD8<Float>, _ d: SIMD8<Float>, _ sa: SIMD8<Float>, _ da: SIMD8<Float>) -> SIMD8<Float>
}

enum Premultiplied<B: PremultipliedBlend>: BlendFormula {
    @inline(__always)
    static func land(_ s: BlendKernels.Lanes, on d: BlendKernels.Lanes) -> BlendKernels.Lanes {
        BlendKernels.Lanes(
            r: B.channel(s.r, d.r, s.a, d.a), g: B.channel(s.g, d.g, s.a, d.a), b: B.channel(s.b, d.b, s.a, d.a),
            a: s.a + d.a - s.a * d.a)
    }
}

/// s·(1 − αb) + d·(1 − αs), the part of a separable blend outside the overlap.
@inline(__always)
private func outside(_ s: SIMD8<Float>, _ d: SIMD8<Float>, _ sa: SIMD8<Float>, _ da: SIMD8<Float>) -> SIMD8<Float> {
    s * (1 - da) + d * (1 - sa)
}

enum Multiply: PremultipliedBlend {
    @inline(__always)
    static func channel(_ s: SIMD8<Float>, _ d: SIMD8<Float>, _ sa: SIMD8<Float>, _ da: SIMD8<Float>) -> SIMD8<Float> {
        outside(s, d, sa, da) + s * d
    }
}

enum Screen: PremultipliedBlend {
    @inline(__always)
    static func channel(_ s: SIMD8<Float>, _ d: SIMD8<Float>, _ sa: SIMD8<Float>, _ da: SIMD8<Float>) -> SIMD8<Float> {
        s + d - s * d
    }
}

/// Hard light with the source deciding (`Overlay` lets the backdrop decide).
enum HardLight: PremultipliedBlend {
    @inline(__always)
    static func channel(_ s: SIMD8<Float>, _ d: SIMD8<Float>, _ sa: SIMD8<Float>, _ da: SIMD8<Float>) -> SIMD8<Float> {
        let low = 2 * s * d
        let high = sa * da - 2 * (da - d) * (sa - s)
        return outside(s, d, sa, da) + low.replacing(with: high, where: 2 * s .> sa)
    }
}

/// HardLight with the roles of backdrop and source exchanged.
enum Overlay: PremultipliedBlend {
    @inline(__always)
    static func channel(_ s: SIMD8<Float>, _ d: SIMD8<Float>, _ sa: SIMD8<Float>, _ da: SIMD8<Float>) -> SIMD8<Float> {
        HardLight.channel(d, s, da, sa)
    }
}

enum Darken: PremultipliedBlend {
    @inline(__always)
    static func channel(_ s: SIMD8<Float>, _ d: SIMD8<Float>, _ sa: SIMD8<Float>, _ da: SIMD8<Float>) -> SIMD8<Float> {
        s + d - BlendKernels.maximum(s * da, d * sa)
    }
}

enum Lighten: PremultipliedBlend {
    @inline(__always)
    static func channel(_ s: SIMD8<Float>, _ d: SIMD8<Float>, _ sa: SIMD8<Float>, _ da: SIMD8<Float>) -> SIMD8<Float> {
        s + d - BlendKernels.minimum(s * da, d * sa)
    }
}

enum Difference: PremultipliedBlend {
    @inline(__always)
    static func channel(_ s: SIMD8<Float>, _ d: SIMD8<Float>, _ sa: SIMD8<Float>, _ da: SIMD8<Float>) -> SIMD8<Float> {
        s + d - 2 * BlendKernels.minimum(s * da, d * sa)
    }
}

enum Exclusion: PremultipliedBlend {
    @inline(__always)
    static func channel(_ s: SIMD8<Float>, _ d: SIMD8<Float>, _ sa: SIMD8<Float>, _ da: SIMD8<Float>) -> SIMD8<Float> {
        s + d - 2 * s * d
    }
}

/// Cb = 0 gives 0, Cs = 1 gives 1, else min(1, Cb / (1 − Cs)); premultiplied, one division.
enum ColorDodge: PremultipliedBlend {
    @inline(__always)
    static func channel(_ s: SIMD8<Float>, _ d: SIMD8<Float>, _ sa: SIMD8<Float>, _ da: SIMD8<Float>) -> SIMD8<Float> {
        let rest = outside(s, d, sa, da)
        var v = sa * BlendKernels.minimum(da, d * sa / (sa - s)) + rest
        v.replace(with: s + d * (1 - sa), where: s .>= sa)
        v.replace(with: s * (1 - da), where: d .<= 0)
        return v
    }
}

/// Cb = 1 gives 1, Cs = 0 gives 0, else 1 − min(1, (1 − Cb) / Cs); premultiplied, one division.
enum ColorBurn: PremultipliedBlend {
    @inline(__always)
    static func channel(_ s: SIMD8<Float>, _ d: SIMD8<Float>, _ sa: SIMD8<Float>, _ da: SIMD8<Float>) -> SIMD8<Float> {
        let rest = outside(s, d, sa, da)
        var v = sa * (da - BlendKernels.minimum(da, (da - d) * sa / s)) + rest
        v.replace(with: d * (1 - sa), where: s .<= 0)
        v.replace(with: d + s * (1 - da), where: d .>= da)
        return v
    }
}

/// The W3C soft light on m = Cb, premultiplied (as Skia writes it): dark or light by the
/// source, D(Cb) by the backdrop.
enum SoftLight: PremultipliedBlend {
    /// sqrt(m) where it is used (m above 0.25), as a polynomial within 0.01 of a level: a
    /// lane's `squareRoot()` goes one lane at a time through the scalar instruction.
    @inline(__always)
    static func root(_ m: SIMD8<Float>) -> SIMD8<Float> {
        var y = 2.00876491 + m * -0.446024164
        y = -3.85038477 + m * y
        y = 4.15166638 + m * y
        y = -2.89679487 + m * y
        y = 1.8711362 + m * y
        return 0.161617578 + m * y
    }

    @inline(__always)
    static func channel(_ s: SIMD8<Float>, _ d: SIMD8<Float>, _ sa: SIMD8<Float>, _ da: SIMD8<Float>) -> SIMD8<Float> {
        let m = BlendKernels.unit((d / da).replacing(with: 0, where: .!(da .> 0)))
        let s2 = s + s
        let m4 = 4 * m
        let darkSrc = d * (sa + (s2 - sa) * (1 - m))
        let darkDst = (m4 * m4 + m4) * (m - 1) + 7 * m
        let liteDst = root(m) - m
        let liteSrc = d * sa + da * (s2 - sa) * darkDst.replacing(with: liteDst, where: 4 * d .> da)
        return outside(s, d, sa, da) + darkSrc.replacing(with: liteSrc, where: s2 .> sa)
    }
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
    @inline(__always) var minimum: F { BlendKernels.minimum(r, BlendKernels.minimum(g, b)) }
    @inline(__always) var maximum: F { BlendKernels.maximum(r, BlendKernels.maximum(g, b)) }
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
