import ReelCore

/// The twin of `BlendKernels`: every `BlendMode` written straight from the W3C *Compositing
/// and Blending Level 1* formulas and the Porter-Duff definitions, one pixel at a time in
/// Double, for clarity, not speed.
enum ReferenceBlending {
    typealias RGB = (r: Double, g: Double, b: Double)

    static func composite(
        _ dst: UnsafeMutablePointer<UInt32>, source: UnsafePointer<UInt32>, coverage: UnsafePointer<UInt8>?, count: Int,
        opacity: UInt32, mode: BlendMode
    ) {
        for i in 0..<count {
            let factor = coverage.map { (UInt32($0[i]) * opacity + 127) / 255 } ?? opacity
            dst[i] = land(ReferenceKernels.scale(source[i], by: factor), on: dst[i], mode: mode)
        }
    }

    static func blend(_ dst: UnsafeMutablePointer<UInt32>, count: Int, color: UInt32, opacity: UInt32, mode: BlendMode) {
        for i in 0..<count { dst[i] = land(ReferenceKernels.scale(color, by: opacity), on: dst[i], mode: mode) }
    }

    /// The premultiplied pixel `s` landed on `d` with `mode`, rounded to 8 bits.
    static func land(_ s: UInt32, on d: UInt32, mode: BlendMode) -> UInt32 {
        func channels(_ p: UInt32) -> [Double] { (0..<4).map { Double((p >> UInt32(8 * $0)) & 0xFF) / 255 } }
        let sp = channels(s)
        let dp = channels(d)
        let (sa, da) = (sp[3], dp[3])
        func straight(_ p: [Double], _ a: Double) -> RGB {
            a == 0 ? (0, 0, 0) : (min(p[0] / a, 1), min(p[1] / a, 1), min(p[2] / a, 1))
        }
        var out: [Double]
        if mode == .normal {
            out = (0..<4).map { sp[$0] + dp[$0] * (1 - sa) }
        } else if mode == .plusLighter {
            out = (0..<4).map { sp[$0] + dp[$0] }
        } else if let (fs, fd) = porterDuff(mode, sa: sa, da: da) {
            out = (0..<4).map { sp[$0] * fs + dp[$0] * fd }
        } else {
            let cs = straight(sp, sa)
            let cb = straight(dp, da)
            let m: RGB =
                mode.isNonSeparable
                ? nonSeparable(mode, cb, cs)
                : (separable(mode, cb.r, cs.r), separable(mode, cb.g, cs.g), separable(mode, cb.b, cs.b))
            let mixed = [m.r, m.g, m.b]
            out = (0..<3).map { sp[$0] * (1 - da) + dp[$0] * (1 - sa) + sa * da * mixed[$0] }
            out.append(sa + da - sa * da)
        }
        let alpha = min(max(out[3], 0), 1)
        var packed = UInt32((alpha * 255).rounded()) << 24
        for c in 0..<3 {
            packed |= UInt32((min(max(out[c], 0), alpha) * 255).rounded()) << UInt32(8 * c)
        }
        return packed
    }

    /// The source and destination factors of a Porter-Duff operator; nil for a blend mode.
    static func porterDuff(_ mode: BlendMode, sa: Double, da: Double) -> (Double, Double)? {
        switch mode {
        case .sourceIn: return (da, 0)
        case .sourceOut: return (1 - da, 0)
        case .sourceAtop: return (da, 1 - sa)
        case .destinationIn: return (0, sa)
        case .destinationOut: return (0, 1 - sa)
        case .destinationAtop: return (1 - da, sa)
        case .xor: return (1 - da, 1 - sa)
        default: return nil
        }
    }

    /// B(Cb, Cs) of a separable mode.
    static func separable(_ mode: BlendMode, _ cb: Double, _ cs: Double) -> Double {
        func hardLight(_ cb: Double, _ cs: Double) -> Double {
            cs <= 0.5 ? cb * 2 * cs : screen(cb, 2 * cs - 1)
        }
        func screen(_ cb: Double, _ cs: Double) -> Double { cb + cs - cb * cs }
        switch mode {
        case .multiply: return cb * cs
        case .screen: return screen(cb, cs)
        case .overlay: return hardLight(cs, cb)
        case .darken: return min(cb, cs)
        case .lighten: return max(cb, cs)
        case .colorDodge: return cb == 0 ? 0 : cs >= 1 ? 1 : min(1, cb / (1 - cs))
        case .colorBurn: return cb >= 1 ? 1 : cs <= 0 ? 0 : 1 - min(1, (1 - cb) / cs)
        case .hardLight: return hardLight(cb, cs)
        case .softLight:
            if cs <= 0.5 { return cb - (1 - 2 * cs) * cb * (1 - cb) }
            let d = cb <= 0.25 ? ((16 * cb - 12) * cb + 4) * cb : cb.squareRoot()
            return cb + (2 * cs - 1) * (d - cb)
        case .difference: return abs(cb - cs)
        case .exclusion: return cb + cs - 2 * cb * cs
        default: return cs
        }
    }

    static func lum(_ c: RGB) -> Double { 0.3 * c.r + 0.59 * c.g + 0.11 * c.b }

    static func clipColor(_ c: RGB) -> RGB {
        let l = lum(c)
        let n = min(c.r, c.g, c.b)
        let x = max(c.r, c.g, c.b)
        var v = [c.r, c.g, c.b]
        if n < 0 { v = v.map { l + ($0 - l) * l / (l - n) } }
        if x > 1 { v = v.map { l + ($0 - l) * (1 - l) / (x - l) } }
        return (v[0], v[1], v[2])
    }

    static func setLum(_ c: RGB, _ l: Double) -> RGB {
        let d = l - lum(c)
        return clipColor((c.r + d, c.g + d, c.b + d))
    }

    static func sat(_ c: RGB) -> Double { max(c.r, c.g, c.b) - min(c.r, c.g, c.b) }

    /// The spec's SetSat: Cmax becomes s, Cmin 0, Cmid in proportion (all 0 when equal).
    static func setSat(_ c: RGB, _ s: Double) -> RGB {
        var v = [c.r, c.g, c.b]
        let order = v.indices.sorted { v[$0] < v[$1] }
        let (lo, mid, hi) = (order[0], order[1], order[2])
        if v[hi] > v[lo] {
            v[mid] = (v[mid] - v[lo]) * s / (v[hi] - v[lo])
            v[hi] = s
        } else {
            v[mid] = 0
            v[hi] = 0
        }
        v[lo] = 0
        return (v[0], v[1], v[2])
    }

    static func nonSeparable(_ mode: BlendMode, _ cb: RGB, _ cs: RGB) -> RGB {
        switch mode {
        case .hue: return setLum(setSat(cs, sat(cb)), lum(cb))
        case .saturation: return setLum(setSat(cb, sat(cs)), lum(cb))
        case .color: return setLum(cs, lum(cb))
        default: return setLum(cb, lum(cs))
        }
    }
}

extension ReferenceBlending {
    /// The colour matrix on one pixel, in Double, straight from the definition.
    static func colorMatrix(_ m: [Double], _ p: UInt32) -> UInt32 {
        let a = Double(p >> 24) / 255
        func straight(_ shift: UInt32) -> Double { a == 0 ? 0 : min(Double((p >> shift) & 0xFF) / 255 / a, 1) }
        let (r, g, b) = (straight(0), straight(8), straight(16))
        func row(_ k: Int) -> Double { min(max(r * m[k] + g * m[k + 1] + b * m[k + 2] + a * m[k + 3] + m[k + 4], 0), 1) }
        let alpha = row(15)
        return UInt32((row(0) * alpha * 255).rounded()) | UInt32((row(5) * alpha * 255).rounded()) << 8
            | UInt32((row(10) * alpha * 255).rounded()) << 16 | UInt32((alpha * 255).rounded()) << 24
    }
}
