import ReelJSON

/// What every mapping shares while one file is imported.
struct LottieContext {
    let writer: AnimationWriter
    let report: LottieReport
    /// Colours are 0...255 in files from Bodymovin before 4.1.9, 0...1 after.
    let colorScale: Double
    let budget: LayerBudget
    /// The composition's shutter (`mb`: `sa` angle, `sp` phase, `spf` samples a frame) as a
    /// layer's `motionBlur` takes it: what a layer with `mb` gets.
    var motionBlur: JSONValue = .bool(true)

    /// A Lottie colour (`[r, g, b]` or `[r, g, b, a]`) as the timeline's `[r, g, b, a]`, opaque:
    /// a paint's opacity is its own property.
    func color(_ v: [Double]) -> [Double] {
        [v.element(0), v.element(1), v.element(2)].map { min(max($0 / colorScale, 0), 1) } + [1]
    }
}

/// Counts the Lottie layers an import draws, precomps counted each time they are used.
final class LayerBudget {
    private var left: Int

    init(_ limit: Int) { left = limit }

    /// Takes one layer; false once the budget is spent.
    func take() -> Bool {
        left -= 1
        return left >= 0
    }
}
