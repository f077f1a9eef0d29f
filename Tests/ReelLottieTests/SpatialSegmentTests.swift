import Testing

@testable import ReelLottie

/// Spatial keyframes walk their curve by arc length, as the players walk them.
@Suite struct SpatialSegmentTests {
    @Test func aStraightSegmentIsWalkedEvenly() {
        let s = SpatialSegment(from: [0, 0], to: [100, 0], out: [0, 0], in: [0, 0])
        #expect(abs(s.point(atLength: 0.25)[0] - 25) < 0.01)
    }

    @Test func aCurveIsWalkedByLengthNotByParameter() {
        // Tangents bunch the parameter near the start: half the parameter is not half the length.
        let s = SpatialSegment(from: [0, 0], to: [100, 0], out: [90, 0], in: [0, 0])
        let half = s.point(atLength: 0.5)
        #expect(abs(half[0] - 50) < 0.5)
        #expect(abs(s.point(0.5)[0] - 50) > 5)
    }

    @Test func positionKeyframesWithTangentsFollowTheCurve() {
        var a = LottieKeyframe(time: 0, value: [0, 0])
        a.spatialOut = [0, -40]
        a.spatialIn = [0, -40]
        let value = Animated.keyed([a, LottieKeyframe(time: 10, value: [100, 0])])
        // Midway along a symmetric arch: x at the middle, y up on the curve.
        let mid = value.value(at: 5)
        #expect(abs(mid[0] - 50) < 0.5)
        #expect(mid[1] < -25)
    }
}
