import Testing

@testable import ReelLottie

@Suite struct AnimatedTests {
    @Test func linearKeyframesInterpolate() {
        let a = Animated.keyed([LottieKeyframe(time: 0, value: [0]), LottieKeyframe(time: 10, value: [100])])
        #expect(a.value(at: 5) == [50])
        #expect(a.value(at: -3) == [0])
        #expect(a.value(at: 12) == [100])
    }
}
