import ComplexModule
import ReelCore

#if canImport(Glibc)
    import Glibc
#endif

/// One axis of `GaussianBlur`: the Gaussian of `sigma` pixels, moved by `shift`, along lines
/// of `GaussianBlur.Lanes`. Output pixel n is the filtered line at j = n - `whole`, where the filter is
/// the Gaussian sampled at whole distances less the shift's fraction f.
///
/// From sigma 0.25 on the Gaussian is Deriche's fit (1993) of four exponentials,
/// h(x) = sum of (A cos(w x / sigma) + B sin(w x / sigma)) e^(-g x / sigma) over two pairs, so
/// h(d - f) for every distance d >= 1 is a sum of powers of four poles: two real second-order
/// sections run forward, and the distances d <= 0 two more run backward. The cost of a pixel
/// is the same at every sigma; the fit is within 0.25 of a level (255 x the L1 difference of
/// the normalised kernels) from sigma 0.2 to beyond 256. Below 0.25 the few taps of the
/// sampled Gaussian are applied directly, and under 0.05 (no blur) the fraction is a linear
/// interpolation.
struct AxisFilter {
    typealias Lanes = GaussianBlur.Lanes
    /// The shift's whole pixels (rounded down).
    let whole: Int
    private let kind: Kind

    private enum Kind {
        case recursive([Section])
        /// `weights[k]` multiplies the line at j - `first` - k.
        case taps(first: Int, weights: [Float])
    }

    /// One second-order section of each direction for a pair of conjugate poles: forward,
    /// y[j] = b1 x[j-1] + b2 x[j-2] + f1 y[j-1] + f2 y[j-2]; backward,
    /// y[j] = c0 x[j] + c1 x[j+1] + f1 y[j+1] + f2 y[j+2].
    private struct Section {
        let b1, b2, c0, c1, f1, f2: Float
    }

    /// Deriche's constants (A, B, w, g) for the two pairs.
    private static let deriche: [(a: Double, b: Double, w: Double, g: Double)] = [
        (1.68, 3.735, 0.6318, 1.783), (-0.6803, -0.2598, 1.997, 1.723)
    ]

    init(sigma requested: Double, shift: Double) {
        let sigma = min(max(requested, 0), GaussianBlur.maximumSigma)
        let bounded = min(max(shift, -1e7), 1e7)
        let w = bounded.rounded(.down)
        whole = Int(w)
        let f = bounded - w
        if sigma < 0.05 {
            kind = .taps(first: 0, weights: [Float(1 - f), Float(f)])
        } else if sigma < 0.25 {
            let raw = (-2...3).map { d in exp(-(Double(d) - f) * (Double(d) - f) / (2 * sigma * sigma)) }
            let total = raw.reduce(0, +)
            kind = .taps(first: -2, weights: raw.map { Float($0 / total) })
        } else {
            kind = .recursive(Self.sections(sigma: sigma, fraction: f))
        }
    }

    /// The sections for `sigma` and fraction `f`: each pair's exponential is alpha p^x with
    /// alpha = (A - iB) / 2 and pole p = e^((-g + iw) / sigma); forward (d >= 1) its residue
    /// is alpha p^-f, backward (d <= 0, reached as p^(f - d)) alpha p^f, all divided by the
    /// sum of the sampled kernel so a flat line stays flat.
    private static func sections(sigma: Double, fraction f: Double) -> [Section] {
        let pairs = deriche.map { c -> (forward: Complex<Double>, backward: Complex<Double>, pole: Complex<Double>) in
            let alpha = Complex(c.a / 2, -c.b / 2)
            let lambda = Complex(-c.g, c.w) / Complex(sigma)
            return (alpha * Complex.exp(-lambda * Complex(f)), alpha * Complex.exp(lambda * Complex(f)), Complex.exp(lambda))
        }
        // Each pair and its conjugate sum to twice the real part.
        let total = pairs.reduce(0.0) { sum, pair in
            let one = Complex<Double>(1) - pair.pole
            return sum + 2 * ((pair.forward * pair.pole / one).real + (pair.backward / one).real)
        }
        return pairs.map { pair in
            let (c, a, p) = (pair.forward / Complex(total), pair.backward / Complex(total), pair.pole)
            let size = p.lengthSquared
            return Section(
                b1: Float(2 * (c * p).real), b2: Float(-2 * size * c.real), c0: Float(2 * a.real),
                c1: Float(-2 * (a * p.conjugate).real), f1: Float(2 * p.real), f2: Float(-size))
        }
    }

    /// The lines' positions j to filter for output pixels `output` of a source over `source`:
    /// from the first of either to the last, so every recursion starts where the line is still zero.
    func span(source: Range<Int>, output: Range<Int>) -> Range<Int> {
        let wanted = (output.lowerBound - whole)..<(output.upperBound - whole)
        return min(source.lowerBound, wanted.lowerBound)..<max(source.upperBound, wanted.upperBound)
    }

    /// Filters `count` positions of a lane group of lines (`x`, zero beyond both ends) into `y`.
    func run(_ x: UnsafePointer<Lanes>, count: Int, into y: UnsafeMutablePointer<Lanes>) {
        switch kind {
        case .taps(let first, let weights):
            for j in 0..<count {
                var sum = Lanes(repeating: 0)
                for (k, weight) in weights.enumerated() {
                    let i = j - first - k
                    if i >= 0, i < count { sum += x[i] * weight }
                }
                y[j] = sum
            }
        case .recursive(let sections):
            // Both sections in one sweep each way, from rest: two recursions overlap.
            let (s, t) = (sections[0], sections[1])
            let zero = Lanes(repeating: 0)
            var (x1, x2, u1, u2, v1, v2) = (zero, zero, zero, zero, zero, zero)
            let (su, tv) = (Recursion(s.b1, s.b2, s), Recursion(t.b1, t.b2, t))
            for j in 0..<count {
                let (u, v) = (su.step(x1, x2, u1, u2), tv.step(x1, x2, v1, v2))
                (u2, u1, v2, v1, x2, x1) = (u1, u, v1, v, x1, x[j])
                y[j] = u + v
            }
            (x1, u1, u2, v1, v2) = (zero, zero, zero, zero, zero)
            let (bu, bv) = (Recursion(s.c0, s.c1, s), Recursion(t.c0, t.c1, t))
            var j = count
            while j > 0 {
                j -= 1
                let here = x[j]
                let (u, v) = (bu.step(here, x1, u1, u2), bv.step(here, x1, v1, v2))
                (u2, u1, v2, v1, x1) = (u1, u, v1, v, here)
                y[j] += u + v
            }
        }
    }

    /// One direction of a section in lanes: y = p a + q b + f2 y2 + f1 y1, fused multiply-adds
    /// (Swift's plain vector `*` and `+` on Float lanes lower to scalar shuffles) with the
    /// previous output's term last, the only one the next step waits for.
    private struct Recursion {
        let p, q, f1, f2: Lanes

        init(_ p: Float, _ q: Float, _ section: Section) {
            (self.p, self.q) = (Lanes(repeating: p), Lanes(repeating: q))
            (f1, f2) = (Lanes(repeating: section.f1), Lanes(repeating: section.f2))
        }

        @inline(__always)
        func step(_ a: Lanes, _ b: Lanes, _ y1: Lanes, _ y2: Lanes) -> Lanes {
            var y = p * a
            y.addProduct(q, b)
            y.addProduct(f2, y2)
            y.addProduct(f1, y1)
            return y
        }
    }
}
