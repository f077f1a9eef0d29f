import Testing

@testable import ReelCore

@Suite struct FrameRateTests {
    @Test func exactRates() {
        #expect(FrameRate(30) == FrameRate(numerator: 30))
        #expect(FrameRate(29.97) == FrameRate(numerator: 30000, denominator: 1001))
        #expect(FrameRate(23.976) == FrameRate(numerator: 24000, denominator: 1001))
        #expect(FrameRate(0) == nil)
        #expect(FrameRate(-5) == nil)
    }

    @Test func frameTimesAndCounts() {
        let r = FrameRate(numerator: 30)
        #expect(r.frameCount(for: 10) == 300)
        #expect(r.frameCount(for: 1.01) == 30)
        #expect(r.time(ofFrame: 15) == 0.5)
        #expect(FrameRate(numerator: 30000, denominator: 1001).frameCount(for: 10) == 300)
    }
}
