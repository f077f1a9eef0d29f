import Testing

@testable import ReelLottie

/// Layer styles (`sy`): the drop shadow as the layer's shadow, the stroke beneath a shape
/// layer's content, others named.
@Suite struct LayerStyleMappingTests {
    typealias F = LottieFixture

    /// A red 10 x 10 square centred at (cx, cy) on a shape layer with `styles`.
    private func square(_ cx: Double, _ cy: Double, styles: String) -> String {
        F.document(
            F.shapeLayer([F.rect(cx, cy, 10, 10), F.fill(1, 0, 0)].joined(separator: ","), extra: #", "sy": [\#(styles)]"#))
    }

    private func dropShadow(angle: Double, distance: Double, opacity: Double = 100) -> String {
        #"{"ty": 1, "nm": "Drop Shadow", "c": {"a": 0, "k": [0, 0, 1, 1]}, "o": {"a": 0, "k": \#(opacity)}, "a": {"a": 0, "k": \#(angle)}, "s": {"a": 0, "k": 0}, "d": {"a": 0, "k": \#(distance)}}"#
    }

    @Test func aDropShadowFallsAwayFromItsLight() throws {
        // Light from above (90°): the shadow falls 10 down. Light from the left (0° is the right, so 180°): it falls right.
        let down = try F.render(square(15, 15, styles: dropShadow(angle: 90, distance: 10)), frame: 0)
        #expect(down.near(15, 15, [255, 0, 0, 255]))
        #expect(down.near(15, 27, [0, 0, 255, 255]))
        #expect(down.near(27, 15, [0, 0, 0, 0]))
        let right = try F.render(square(15, 15, styles: dropShadow(angle: 180, distance: 10, opacity: 50)), frame: 0)
        #expect(right.near(27, 15, [0, 0, 128, 128]))
        #expect(right.near(15, 27, [0, 0, 0, 0]))
    }

    @Test func aStrokeShowsItsSizeOutsideTheFilledShapes() throws {
        // The square spans 15...25; a stroke style of size 3 draws 3 outside it, and the fill stays on top inside.
        let style = #"{"ty": 0, "nm": "Stroke", "c": {"a": 0, "k": [0, 1, 0, 1]}, "s": {"a": 0, "k": 3}}"#
        let frame = try F.render(square(20, 20, styles: style), frame: 0)
        #expect(frame.near(20, 20, [255, 0, 0, 255]))
        #expect(frame.near(16, 20, [255, 0, 0, 255]))
        #expect(frame.near(13, 20, [0, 255, 0, 255]))
        #expect(frame.near(20, 26, [0, 255, 0, 255]))
        #expect(frame.near(10, 20, [0, 0, 0, 0]))
        #expect(frame.near(29, 20, [0, 0, 0, 0]))
    }

    @Test func whatIsNotDrawnIsNamedByItsPath() throws {
        let glow = #"{"ty": 3, "nm": "Outer Glow"}"#
        let choke = #"{"ty": 1, "c": {"a": 0, "k": [0, 0, 0, 1]}, "ch": {"a": 0, "k": 20}}"#
        let shape = try F.imported(square(20, 20, styles: [glow, choke].joined(separator: ",")))
        #expect(shape.warnings.map(\.path) == ["layers[0].sy[0]", "layers[0].sy[1].ch"])
        #expect(shape.warnings.first?.found.contains("Outer Glow") == true)
        let solid =
            ##"{"ty": 1, "nm": "solid", "ind": 1, "ip": 0, "op": 100, "st": 0, "ks": {}, "sw": 10, "sh": 10, "sc": "#ff0000", "sy": [{"ty": 0, "s": {"a": 0, "k": 2}}]}"##
        #expect(try F.imported(F.document(solid)).warnings.map(\.path) == ["layers[0].sy[0]"])
    }
}
