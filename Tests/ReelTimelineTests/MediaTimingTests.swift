import Testing

@testable import ReelFormat
@testable import ReelTimeline

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
