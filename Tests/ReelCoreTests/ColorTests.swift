import Testing

@testable import ReelCore

@Suite struct ColorTests {
    @Test func parsesHexForms() {
        #expect(Color(hex: "#FF8800") == Color(red: 1, green: 136.0 / 255, blue: 0))
        #expect(Color(hex: "#f80") == Color(hex: "#FF8800"))
        #expect(Color(hex: "#FF880080")?.alpha == 128.0 / 255)
        #expect(Color(hex: "FF8800") == nil)
        #expect(Color(hex: "#GG8800") == nil)
        // #RGBA, as CSS Color 4 writes it.
        #expect(Color(hex: "#F808") == Color(hex: "#FF880088"))
        #expect(Color(hex: "#FF88A") == nil)
        // Hex digits only: a sign, a space or a full-width digit is not one.
        for text in ["#+f+f+f", "#-0-0-0", "# f80", "#ＦＦ8800", "#FF8800 ", "#FF88000000"] {
            #expect(Color(hex: text) == nil, "\(text)")
        }
    }

    @Test func premultipliesAndRounds() {
        let c = Color(red: 1, green: 0.5, blue: 0, alpha: 0.5).premultipliedRGBA8
        #expect(c.r == 128 && c.g == 64 && c.b == 0 && c.a == 128)
        #expect(Color(hex: "#FF8800")!.hexString == "#FF8800")
    }
}
