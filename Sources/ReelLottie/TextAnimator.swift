#if canImport(Glibc)
    import Glibc
#endif

/// A text animator (`t.a[i]`): a range selector that gives each character an amount, and the
/// properties it moves by that amount, applied as lottie-web applies them
/// (`TextSelectorProperty`, `TextAnimatorProperty`).
struct TextAnimator {
    /// The range selector (`s`): start, end and offset in percent (`r` 1) or indices (`r` 2),
    /// what it counts (`b`: 1 characters, 2 characters without spaces, 3 words, 4 lines), its
    /// shape (`sh`: 1 square, 2 ramp up, 3 ramp down, 4 triangle, 5 round, 6 smooth), ease
    /// high and low (`xe`, `ne`), smoothness (`sm`) and amount (`a`).
    struct Selector {
        var start: Animated = .fixed([0])
        var end: Animated = .fixed([100])
        var hasEnd = false
        var offset: Animated = .fixed([0])
        var amount: Animated = .fixed([100])
        var easeHigh: Animated = .fixed([0])
        var easeLow: Animated = .fixed([0])
        var smoothness: Animated = .fixed([100])
        var inIndices = false
        var basis = 1
        var shape = 1

        /// The selector's amount for unit `index` of `total` at frame `f`.
        func amount(_ index: Int, of total: Int, at f: Double) -> Double {
            guard total > 0 else { return 0 }
            let divisor = inIndices ? 1 : 100 / Double(total)
            let o = offset.value(at: f).element(0) / divisor
            var s = start.value(at: f).element(0) / divisor + o
            // In indices a selector without an end runs to the last unit.
            var e = (inIndices && !hasEnd ? Double(total) : end.value(at: f).element(0) / divisor) + o
            if s > e { swap(&s, &e) }
            let ne = easeLow.value(at: f).element(0)
            let xe = easeHigh.value(at: f).element(0)
            let ease = CubicEase([
                ne > 0 ? ne / 100 : 0, ne > 0 ? 0 : -ne / 100, xe > 0 ? 1 - xe / 100 : 1, xe > 0 ? 1 : 1 + xe / 100
            ])
            let i = Double(index)
            var m: Double
            let ramp = e == s ? 0 : min(max(0.5 / (e - s) + (i - s) / (e - s), 0), 1)
            switch shape {
            case 2: m = e == s ? (i >= e ? 1 : 0) : ramp
            case 3: m = e == s ? (i >= e ? 0 : 1) : 1 - ramp
            case 4: m = e == s ? 0 : ramp < 0.5 ? ramp * 2 : 1 - 2 * (ramp - 0.5)
            case 5:
                if e == s {
                    m = 0
                } else {
                    let within = min(max(0, i + 0.5 - s), e - s)
                    let x = -(e - s) / 2 + within
                    let a = (e - s) / 2
                    m = (max(0, 1 - x * x / (a * a))).squareRoot()
                }
            case 6:
                if e == s {
                    m = 0
                } else {
                    let within = min(max(0, i + 0.5 - s), e - s)
                    m = (1 + cos(Double.pi + 2 * Double.pi * within / (e - s))) / 2
                }
            default:
                m = 0
                if i >= s.rounded(.down) {
                    m = i - s < 0 ? min(max(min(e, 1) - (s - i), 0), 1) : min(max(e - i, 0), 1)
                }
            }
            m = ease.value(m)
            let smooth = smoothness.value(at: f).element(0)
            if smooth != 100 {
                let sm = max(smooth / 100, 1e-8)
                let threshold = 0.5 - sm / 2
                m = m < threshold ? 0 : min(1, (m - threshold) / sm)
            }
            return m * amount.value(at: f).element(0) / 100
        }

        /// Whether any of its values change over time.
        var isAnimated: Bool {
            [start, end, offset, amount, easeHigh, easeLow, smoothness].contains { $0.isAnimated }
        }
    }

    var selector = Selector()
    /// The animated properties (`a`): anchor, position, scale (percent), rotation and skew
    /// (degrees), opacity (percent), fill and stroke colour, stroke width, tracking.
    var anchor: Animated?
    var position: Animated?
    var scale: Animated?
    var rotation: Animated?
    var skew: Animated?
    var skewAxis: Animated?
    var opacity: Animated?
    var fill: Animated?
    var stroke: Animated?
    var strokeWidth: Animated?
    var tracking: Animated?

    /// Whether anything it does changes over time.
    var isAnimated: Bool {
        selector.isAnimated
            || [anchor, position, scale, rotation, skew, skewAxis, opacity, fill, stroke, strokeWidth, tracking]
                .contains { $0?.isAnimated == true }
    }

    /// The animators of a text layer's `t.a`, in list order (what they cannot do is named).
    static func read(_ list: LottieNode, context: LottieContext) -> [TextAnimator] {
        list.items.map { item in
            var animator = TextAnimator()
            if let s = item["s"] {
                var selector = Selector()
                selector.start = LottieProperty.read(s["s"]) ?? selector.start
                selector.end = LottieProperty.read(s["e"]) ?? selector.end
                selector.hasEnd = s["e"] != nil
                selector.offset = LottieProperty.read(s["o"]) ?? selector.offset
                selector.amount = LottieProperty.read(s["a"]) ?? selector.amount
                selector.easeHigh = LottieProperty.read(s["xe"]) ?? selector.easeHigh
                selector.easeLow = LottieProperty.read(s["ne"]) ?? selector.easeLow
                selector.smoothness = LottieProperty.read(s["sm"]) ?? selector.smoothness
                selector.inIndices = s.number("r") == 2
                selector.basis = Int(s.number("b") ?? 1)
                selector.shape = Int(s.number("sh") ?? 1)
                if s.number("rn") == 1 { s["rn"]!.unsupported("a randomised text selector is drawn in order") }
                animator.selector = selector
            }
            guard let a = item["a"] else { return animator }
            animator.anchor = LottieProperty.read(a["a"])
            animator.position = LottieProperty.read(a["p"])
            animator.scale = LottieProperty.read(a["s"])
            animator.rotation = LottieProperty.read(a["r"])
            animator.skew = LottieProperty.read(a["sk"])
            animator.skewAxis = LottieProperty.read(a["sa"])
            animator.opacity = LottieProperty.read(a["o"])
            animator.fill = LottieProperty.read(a["fc"]).map { $0.map(context.color) }
            animator.stroke = LottieProperty.read(a["sc"]).map { $0.map(context.color) }
            animator.strokeWidth = LottieProperty.read(a["sw"])
            animator.tracking = LottieProperty.read(a["t"])
            for key in ["rx", "ry", "fh", "fs", "fb"] where a[key] != nil {
                a[key]!.unsupported("this text animator property is not drawn")
            }
            return animator
        }
    }

    /// Each letter's unit for `basis` (its index among what the selector counts) and how many
    /// units there are, as lottie-web counts them.
    static func units(_ letters: [TextMapping.Letter], basis: Int) -> (indices: [Int], total: Int) {
        var index = 0
        var line = 0
        var out: [Int] = []
        out.reserveCapacity(letters.count)
        for (i, letter) in letters.enumerated() {
            let isLast = i == letters.count - 1
            switch basis {
            case 2:
                out.append(index)
                if letter.character != " " { index += 1 }
            case 3:
                // A line break ends a word as a space does.
                if letter.line > line { index += letter.line - line }
                line = letter.line
                out.append(index)
                if letter.character == " " || isLast { index += 1 }
            case 4:
                out.append(letter.line)
                index = letter.line + (isLast ? 1 : 0)
            default:
                out.append(index)
                index += 1
            }
        }
        return (out, index)
    }
}
