import Testing

@testable import ReelLottie

/// A layer's transform (anchor, position, scale, rotation, skew) lands where After Effects
/// puts it, also when scale passes through 0 and rotation turns past 360°.
@Suite struct TransformMappingTests {
    typealias F = LottieFixture

    @Test func anchorPositionScaleAndRotationPlaceTheLayer() throws {
        // A 10 x 10 square at (0, 0)...(10, 10) in the layer, anchored at its corner (10, 10),
        // scaled 200 %, turned 90° clockwise, the anchor put at (30, 20): it covers x 30...50, y 0...20... turned.
        let ks =
            #"{"a": {"a": 0, "k": [10, 10]}, "p": {"a": 0, "k": [20, 20]}, "s": {"a": 0, "k": [200, 200]}, "r": {"a": 0, "k": 90}}"#
        let doc = F.document(F.shapeLayer(F.rect(5, 5, 10, 10) + "," + F.fill(1, 0, 0), ks: ks))
        let frame = try F.render(doc, frame: 0)
        // Point (5, 5) of the layer: (5 - 10) * 2 = (-10, -10), turned 90° clockwise = (10, -10), + (20, 20) = (30, 10).
        #expect(frame.near(29, 10, [255, 0, 0, 255]))
        #expect(frame.near(10, 10, [0, 0, 0, 0]))
    }

    @Test func scaleThroughZeroAndTurnsPastAFullCircleKeyframeExactly() throws {
        let ks = #"""
            {"p": {"a": 0, "k": [20, 20]},
             "s": {"a": 1, "k": [{"t": 0, "s": [100, 100], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 10, "s": [-100, 100]}]},
             "r": {"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 10, "s": [720]}]}}
            """#
        // A bar to the right of the anchor: at frame 5 the scale is 0 (nothing), at frame 10
        // it is mirrored (to the left) after two whole turns.
        let doc = F.document(F.shapeLayer(F.rect(10, 0, 16, 4) + "," + F.fill(0, 0, 1), ks: ks))
        let start = try F.render(doc, frame: 0)
        #expect(start.near(30, 20, [0, 0, 255, 255]))
        let middle = try F.render(doc, frame: 5)
        #expect(middle.near(30, 20, [0, 0, 0, 0]) && middle.near(10, 20, [0, 0, 0, 0]))
        let end = try F.render(doc, frame: 10)
        #expect(end.near(10, 20, [0, 0, 255, 255]))
        #expect(end.near(30, 20, [0, 0, 0, 0]))
    }

    @Test func skewShearsAlongItsAxis() throws {
        // Skew 45° along the horizontal axis (axis 0): x moves by -y (After Effects shears to the left for positive skew downward).
        let m = TransformMapping.skew(45 * .pi / 180, axis: 0)
        let p = m.apply(.init(x: 0, y: 10))
        #expect(abs(p.x + 10) < 1e-9 && abs(p.y - 10) < 1e-9)
    }
}
