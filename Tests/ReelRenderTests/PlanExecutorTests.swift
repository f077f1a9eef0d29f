import ReelCore
import ReelLayers
import Testing

@testable import ReelRender

/// The executor draws a plan the same way whole or band by band, through row-by-row groups
/// or offscreen pictures: byte for byte.
@Suite struct PlanExecutorTests {
    /// Cards with shadows, group opacity, a rounded clip and a border: steps of every common kind.
    private func scene() -> FramePlan {
        var root = Layer(id: "canvas")
        root.frame = Rect(x: 0, y: 0, width: 160, height: 120)
        root.backgroundColor = Color(red: 0.1, green: 0.1, blue: 0.15)
        for i in 0..<6 {
            var card = Layer(id: "card\(i)")
            card.frame = Rect(x: 8 + Double(i) * 22.3, y: 10 + Double(i % 3) * 31.7, width: 50, height: 36)
            card.backgroundColor = Color(red: Double(i) / 6, green: 0.6, blue: 1 - Double(i) / 6)
            card.cornerRadius = 7
            card.opacity = 0.8
            card.shadowOpacity = 0.6
            card.shadowRadius = 3
            card.shadowOffset = Size(width: 2, height: 4)
            card.borderWidth = 1.5
            card.borderColor = .white
            card.masksToBounds = i % 2 == 0
            var dot = Layer(id: "dot")
            dot.frame = Rect(x: 30, y: -6, width: 30, height: 20)
            dot.cornerRadius = 10
            dot.backgroundColor = Color(red: 1, green: 1, blue: 0, alpha: 0.7)
            card.sublayers = [dot]
            root.sublayers.append(card)
        }
        return FramePlanner().plan(root, width: 160, height: 120, scale: 1)
    }

    @Test func bandsRowsAndPicturesDrawTheSamePixels() {
        let plan = scene()
        let whole = PixelBuffer(width: 160, height: 120)
        PlanExecutor().run(plan, into: whole)
        let pictures = PixelBuffer(width: 160, height: 120)
        PlanExecutor(drawsByRows: false).run(plan, into: pictures)
        #expect(whole.packedBytes == pictures.packedBytes)
        let banded = PixelBuffer(width: 160, height: 120)
        let drewInBands = PlanExecutor().runInBands(plan, carry: 8) { view, rows in
            for y in rows { for x in 0..<160 { banded.row(y)[x] = view.row(y)[x] } }
        }
        if drewInBands { #expect(whole.packedBytes == banded.packedBytes) }
    }

    @Test func anEmptyPlanLeavesTheFrameTransparent() {
        let buffer = PixelBuffer(width: 8, height: 8)
        buffer.clear(to: .white)
        PlanExecutor().run(FramePlan(width: 8, height: 8), into: buffer)
        #expect(buffer.packedBytes.allSatisfy { $0 == 0 })
    }
}
