import Testing

@testable import ReelTimeline

/// Value kinds: what each says it expects, and which step instead of interpolating.
@Suite struct ValueKindTests {
    @Test func discreteKindsStepAndNumbersInterpolate() {
        for kind: ValueKind in [.bool, .name, .choice(["a"]), .count(maximum: 3), .dashes, .fontName, .numberFormat] {
            #expect(kind.isDiscrete, "\(kind)")
        }
        for kind: ValueKind in [.scalar, .angle, .point, .size, .rect, .color, .transform, .path] {
            #expect(!kind.isDiscrete, "\(kind)")
        }
    }

    @Test func expectationsNameTheForm() {
        #expect(ValueKind.point.expectation == "a point [x, y]")
        #expect(ValueKind.count(maximum: 7).expectation == "a whole number in 0...7")
        #expect(ValueKind.optionalColor.expectation.hasSuffix(", or null for none"))
        #expect(ValueKind.limit == 1e7)
    }
}
