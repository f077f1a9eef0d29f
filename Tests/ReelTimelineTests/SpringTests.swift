import Testing

@testable import ReelFormat
@testable import ReelTimeline

@Suite struct SpringTests {
    @Test func overdampedSpringsSettleBeforeTheyStop() {
        let s = Spring(damping: 40)
        #expect(abs(s.displacement(at: s.settlingDuration)) < 0.002)
    }
}
