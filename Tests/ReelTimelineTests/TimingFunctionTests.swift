import Testing

@testable import ReelFormat
@testable import ReelTimeline

@Suite struct TimingFunctionTests {
    /// y of the Bezier at the parameter whose x is `x`, by plain bisection (independent of the Newton solver).
    func reference(_ f: TimingFunction, _ x: Double) -> Double {
        func b(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
            3 * (1 - t) * (1 - t) * t * p1 + 3 * (1 - t) * t * t * p2 + t * t * t
        }
        var lo = 0.0
        var hi = 1.0
        for _ in 0..<200 {
            let mid = (lo + hi) / 2
            if b(mid, f.x1, f.x2) < x { lo = mid } else { hi = mid }
        }
        return b((lo + hi) / 2, f.y1, f.y2)
    }

    @Test func namedFunctionsHaveCoreAnimationControlPoints() {
        #expect(TimingFunction.named["easeIn"] == TimingFunction(0.42, 0, 1, 1))
        #expect(TimingFunction.named["easeOut"] == TimingFunction(0, 0, 0.58, 1))
        #expect(TimingFunction.named["easeInEaseOut"] == TimingFunction(0.42, 0, 0.58, 1))
        #expect(TimingFunction.named["default"] == TimingFunction(0.25, 0.1, 0.25, 1))
    }

    @Test func solvesToReference() {
        for f in TimingFunction.named.values {
            for i in 0...100 {
                let x = Double(i) / 100
                #expect(abs(f.value(at: x) - reference(f, x)) < 1e-7)
            }
        }
        #expect(abs(TimingFunction.easeInEaseOut.value(at: 0.5) - 0.5) < 1e-12)
        // easeInEaseOut at x = 0.25, worked out by hand-run bisection on the curve: y = 0.1292 to 4 places.
        #expect(abs(TimingFunction.easeInEaseOut.value(at: 0.25) - 0.1292) < 1e-4)
    }
}
