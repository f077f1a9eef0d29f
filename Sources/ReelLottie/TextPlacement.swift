import ReelCore

/// Where a text layer's animators put each character over time, as lottie-web's
/// `TextAnimatorProperty` computes it: each character turns about its pivot (its advance's
/// middle on the baseline, moved by the alignment `t.m.a`); anchors and positions add, scales
/// multiply, skews and rotations apply in animator order, opacity and colours move toward the
/// animators' values by each one's amount, and tracking shifts the character and the ones
/// after it on its line.
struct TextPlacement {
    let letters: [TextMapping.Letter]
    let animators: [TextAnimator]
    let size: Double
    let justify: Int
    let alignment: [Double]
    /// The document's fill and stroke colours and stroke width.
    let fill: [Double]?
    let stroke: [Double]?
    let strokeWidth: Double
    /// Per animator: each letter's unit and the count of units its selector counts.
    private let units: [(indices: [Int], total: Int)]

    init(
        letters: [TextMapping.Letter], animators: [TextAnimator], size: Double, justify: Int, alignment: [Double],
        fill: [Double]?, stroke: [Double]?, strokeWidth: Double
    ) {
        (self.letters, self.animators, self.size, self.justify, self.alignment) = (letters, animators, size, justify, alignment)
        (self.fill, self.stroke, self.strokeWidth) = (fill, stroke, strokeWidth)
        units = animators.map { TextAnimator.units(letters, basis: $0.selector.basis) }
    }

    var hasStroke: Bool { (stroke != nil && strokeWidth > 0) || animators.contains { $0.strokeWidth != nil } }

    /// The point character `i` turns and scales about.
    func pivot(_ i: Int) -> (x: Double, y: Double) {
        let l = letters[i]
        let lineBox = size * 1.2 * 0.714
        return (l.x + l.width / 2 + alignment.element(0) * l.width * 0.005, l.baseline + alignment.element(1) * lineBox * 0.01)
    }

    /// `value` at every whole frame of `frames` where anything animates, else once.
    func over(_ frames: ClosedRange<Double>, _ value: (Double) -> [Double]) -> Animated {
        guard animators.contains(where: \.isAnimated) else { return .fixed(value(frames.lowerBound)) }
        let start = frames.lowerBound.rounded(.down)
        return Animated.sampled(
            from: start, to: min(frames.upperBound.rounded(.up), start + Double(Animated.maximumSamples)), value)
    }

    /// Each animator's amount for character `i` at frame `f`.
    private func amounts(_ i: Int, at f: Double) -> [Double] {
        animators.indices.map { k in animators[k].selector.amount(units[k].indices[i], of: units[k].total, at: f) }
    }

    /// Character `i`'s transform about its pivot at frame `f` (16 numbers).
    func transform(_ i: Int, at f: Double) -> [Double] {
        let m = amounts(i, at: f)
        let degrees = Double.pi / 180
        var anchor = (x: 0.0, y: 0.0)
        var position = (x: trackingShift(i, at: f), y: 0.0)
        var scale = (x: 1.0, y: 1.0)
        for (k, a) in animators.enumerated() {
            if let v = a.anchor?.value(at: f) {
                anchor.x += v.element(0) * m[k]
                anchor.y += v.element(1) * m[k]
            }
            if let v = a.position?.value(at: f) {
                position.x += v.element(0) * m[k]
                position.y += v.element(1) * m[k]
            }
            if let v = a.scale?.value(at: f) {
                scale.x *= 1 + (v.element(0) / 100 - 1) * m[k]
                scale.y *= 1 + ((v.count > 1 ? v[1] : v.element(0)) / 100 - 1) * m[k]
            }
        }
        var t = Transform3D.translation(-anchor.x, -anchor.y).concatenating(.scale(scale.x, scale.y, 1))
        for (k, a) in animators.enumerated() {
            if let sk = a.skew?.value(at: f).element(0), sk != 0 {
                let axis = a.skewAxis?.value(at: f).element(0) ?? 0
                t = t.concatenating(TransformMapping.skew(sk * m[k] * degrees, axis: axis * m[k] * degrees))
            }
            if let r = a.rotation?.value(at: f).element(0) {
                t = t.concatenating(.rotation(r * m[k] * degrees, x: 0, y: 0, z: 1))
            }
        }
        return t.concatenating(.translation(position.x, position.y)).rows
    }

    /// How far the animators' tracking moves character `i`: each character's tracking moves it
    /// and the ones after it on its line (the first of a left-set line does not move); a line
    /// set right or centred shifts back by its whole tracking, or half of it.
    private func trackingShift(_ i: Int, at f: Double) -> Double {
        guard animators.contains(where: { $0.tracking != nil }) else { return 0 }
        let line = letters[i].line
        var shift = 0.0
        var whole = 0.0
        for j in letters.indices where letters[j].line == line {
            let m = amounts(j, at: f)
            var t = 0.0
            for (k, a) in animators.enumerated() { t += (a.tracking?.value(at: f).element(0) ?? 0) * m[k] }
            let isFirstLeft = justify == 0 && (j == 0 || letters[j - 1].line != line)
            if j <= i, !isFirstLeft { shift += t }
            whole += t
        }
        switch justify {
        case 1: return shift - whole
        case 2: return shift - whole / 2
        default: return shift
        }
    }

    /// Character `i`'s opacity (0...1) at frame `f`.
    func opacity(_ i: Int, at f: Double) -> Double {
        let m = amounts(i, at: f)
        var o = 1.0
        for (k, a) in animators.enumerated() {
            guard let v = a.opacity?.value(at: f).element(0) else { continue }
            o += (v / 100 * m[k] - o) * m[k]
        }
        return min(max(o, 0), 1)
    }

    /// Character `i`'s fill colour at frame `f` (the document's, moved toward each animator's).
    func fill(_ i: Int, at f: Double) -> [Double] {
        blend(fill ?? [0, 0, 0, 1], i, at: f) { $0.fill }
    }

    /// Character `i`'s stroke colour at frame `f` (from the document's, or black).
    func stroke(_ i: Int, at f: Double) -> [Double] {
        blend(stroke ?? [0, 0, 0, 1], i, at: f) { $0.stroke }
    }

    /// Character `i`'s stroke width at frame `f`.
    func strokeWidth(_ i: Int, at f: Double) -> Double {
        let m = amounts(i, at: f)
        var w = strokeWidth
        for (k, a) in animators.enumerated() { w += (a.strokeWidth?.value(at: f).element(0) ?? 0) * m[k] }
        return max(w, 0)
    }

    private func blend(_ start: [Double], _ i: Int, at f: Double, _ property: (TextAnimator) -> Animated?) -> [Double] {
        let m = amounts(i, at: f)
        var c = start
        for (k, a) in animators.enumerated() {
            guard let v = property(a)?.value(at: f) else { continue }
            for d in 0..<3 { c[d] += (v.element(d) - c[d]) * m[k] }
        }
        return c.map { min(max($0, 0), 1) }
    }
}
