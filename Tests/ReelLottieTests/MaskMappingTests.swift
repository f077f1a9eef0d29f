import ReelCore
import Testing

@testable import ReelLottie

/// Masks in each mode, inverted, with opacity.
@Suite struct MaskMappingTests {
    typealias F = LottieFixture

    private func masked(_ masks: [(mode: String, x: Double, inverted: Bool, opacity: Double)]) throws -> PixelBuffer {
        let list = masks.map { m in
            // A 20 x 40 rectangle from x = m.x.
            let (x0, x1) = (m.x, m.x + 20)
            return
                #"{"mode": "\#(m.mode)", "inv": \#(m.inverted), "o": {"a": 0, "k": \#(m.opacity)}, "pt": {"a": 0, "k": {"c": true, "v": [[\#(x0), 0], [\#(x1), 0], [\#(x1), 40], [\#(x0), 40]], "i": [[0, 0], [0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0], [0, 0]]}}}"#
        }.joined(separator: ",")
        let layer = F.shapeLayer(
            F.rect(20, 20, 40, 40) + "," + F.fill(1, 1, 1), extra: #", "hasMask": true, "masksProperties": [\#(list)]"#)
        return try F.render(F.document(layer), frame: 0)
    }

    /// Alpha at x = 5, 15, 25, 35.
    private func columns(_ frame: PixelBuffer) -> [Int] { [5, 15, 25, 35].map { frame.rgba($0, 20)[3] } }

    @Test func eachModeCombinesWithTheMasksBefore() throws {
        // Mask A covers x 0...20, mask B x 10...30.
        #expect(try columns(masked([("a", 0, false, 100)])) == [255, 255, 0, 0])
        #expect(try columns(masked([("a", 0, false, 100), ("a", 10, false, 100)])) == [255, 255, 255, 0])
        #expect(try columns(masked([("a", 0, false, 100), ("s", 10, false, 100)])) == [255, 0, 0, 0])
        #expect(try columns(masked([("a", 0, false, 100), ("i", 10, false, 100)])) == [0, 255, 0, 0])
        // A first mask that subtracts takes from the whole layer.
        #expect(try columns(masked([("s", 0, false, 100)])) == [0, 0, 255, 255])
        // None: no mask at all.
        #expect(try columns(masked([("n", 0, false, 100)])) == [255, 255, 255, 255])
    }

    @Test func invertedMasksAndOpacity() throws {
        #expect(try columns(masked([("a", 0, true, 100)])) == [0, 0, 255, 255])
        let half = try columns(masked([("a", 0, false, 50)]))
        #expect(abs(half[0] - 128) <= 1 && half[3] == 0)
    }
}
