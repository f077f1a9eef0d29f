import Testing

@testable import ReelCore

/// Colours as CSS Color 4 writes them, against the values the specification gives.
@Suite struct ColorCSSTests {
    func rgba8(_ text: String) -> [Int]? {
        Color(css: text).map { c in [c.red, c.green, c.blue, c.alpha].map { Int(($0 * 255).rounded()) } }
    }

    @Test func namedColoursAndTransparent() {
        #expect(Color.cssNames.count == 148)
        #expect(rgba8("rebeccapurple") == [0x66, 0x33, 0x99, 255])
        #expect(rgba8("DarkGoldenRod") == [0xB8, 0x86, 0x0B, 255])
        #expect(rgba8("lightgoldenrodyellow") == [0xFA, 0xFA, 0xD2, 255])
        #expect(rgba8("grey") == rgba8("gray") && rgba8("gray") == [128, 128, 128, 255])
        #expect(Color(css: "transparent") == .clear)
        #expect(Color(css: "blurple") == nil)
    }

    @Test func hexForms() {
        #expect(rgba8("#F008") == [255, 0, 0, 0x88])
        #expect(rgba8("#0f0") == [0, 255, 0, 255])
        #expect(rgba8("#11223344") == [0x11, 0x22, 0x33, 0x44])
        #expect(Color(css: "#12345") == nil)
    }

    @Test func rgbFunctions() {
        #expect(rgba8("rgb(255, 0, 0)") == [255, 0, 0, 255])
        #expect(rgba8("rgba(0, 0, 255, 0.5)") == [0, 0, 255, 128])
        #expect(rgba8("rgb(100%, 0%, 0%)") == [255, 0, 0, 255])
        #expect(rgba8("rgb(255 0 0 / 50%)") == [255, 0, 0, 128])
        #expect(rgba8("rgba(0 128 0 / 0.25)") == [0, 128, 0, 64])
        #expect(rgba8("RGB(10 20 30)") == [10, 20, 30, 255])
        // Out of range: clamped, as CSS does.
        #expect(rgba8("rgb(300, -10, 0)") == [255, 0, 0, 255])
        // The legacy form does not mix numbers and percentages; wrong counts are refused.
        #expect(Color(css: "rgb(255, 50%, 0)") == nil)
        #expect(Color(css: "rgb(1 2)") == nil)
        #expect(Color(css: "rgb(1, 2 3)") == nil)
    }

    /// CSS Color 4, section 7: hsl(120deg 100% 50%) is lime; hsl(30, 100%, 50%) is
    /// rgb(255 127.5 0); the hue as an angle in any unit, or a bare number of degrees.
    @Test func hslFunctions() {
        #expect(rgba8("hsl(120deg 100% 50%)") == [0, 255, 0, 255])
        #expect(rgba8("hsl(120, 100%, 25%)") == [0, 128, 0, 255])
        #expect(Color(css: "hsl(30, 100%, 50%)") == Color(red: 1, green: 0.5, blue: 0))
        #expect(rgba8("hsl(0.5turn 100% 50%)") == [0, 255, 255, 255])
        #expect(rgba8("hsla(240, 100%, 50%, 0.5)") == [0, 0, 255, 128])
        #expect(rgba8("hsl(-120 100% 50% / 1)") == [0, 0, 255, 255])
        #expect(rgba8("hsl(0, 0%, 100%)") == [255, 255, 255, 255])
        #expect(Color(css: "hsl(120, 100, 50)") == nil)
    }
}
