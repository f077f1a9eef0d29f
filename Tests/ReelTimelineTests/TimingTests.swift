import Testing

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

@Suite struct MediaTimingTests {
    @Test func beforeDuringAfter() {
        var t = MediaTiming()
        t.beginTime = 1
        t.duration = 2
        #expect(t.localTime(at: 0.5) == nil)
        #expect(t.localTime(at: 2)! == (0, 1))
        #expect(t.localTime(at: 3)! == (0, 2))  // closed at the end
        #expect(t.localTime(at: 3.01) == nil)  // removed on completion
        t.fillMode = .both
        #expect(t.localTime(at: 0.5)! == (0, 0))
        #expect(t.localTime(at: 9) == nil)  // removedOnCompletion still wins
        t.removedOnCompletion = false
        #expect(t.localTime(at: 9)! == (0, 2))
    }

    @Test func repeatsAndAutoreverses() {
        var t = MediaTiming()
        t.duration = 1
        t.repeatCount = 2.5
        t.autoreverses = true
        #expect(t.activeDuration == 5)
        #expect(t.localTime(at: 0.25)! == (0, 0.25))
        #expect(t.localTime(at: 1.25)! == (0, 0.75))  // on the way back
        #expect(t.localTime(at: 2)! == (1, 0))  // next cycle starts
        #expect(t.localTime(at: 5)! == (2, 1))  // ends half-way through cycle 3: at the far end
    }
}
