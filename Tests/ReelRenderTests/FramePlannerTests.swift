import ReelCore
import ReelLayers
import ReelRaster
import Testing

@testable import ReelRender

/// The planner's walk: what each layer becomes in the plan, in Core Animation's order, and
/// what it leaves out.
@Suite struct FramePlannerTests {
    private func plan(_ layers: [Layer], width: Int = 100, height: Int = 80) -> FramePlan {
        var root = Layer(id: "canvas")
        root.frame = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
        root.sublayers = layers
        return FramePlanner().plan(root, width: width, height: height, scale: 1)
    }

    private func card(_ id: String) -> Layer {
        var card = Layer(id: id)
        card.frame = Rect(x: 10, y: 10, width: 40, height: 30)
        card.backgroundColor = Color(red: 1, green: 0, blue: 0)
        return card
    }

    @Test func aLayerDrawsBackgroundSublayersBorderAndItsShadowBeneath() {
        var outer = card("outer")
        outer.shadowOpacity = 1
        outer.shadowRadius = 0
        outer.shadowOffset = Size(width: 3, height: 3)
        outer.borderWidth = 2
        outer.borderColor = Color(red: 0, green: 0, blue: 1)
        var inner = card("inner")
        inner.frame = Rect(x: 5, y: 5, width: 10, height: 10)
        outer.sublayers = [inner]
        let p = plan([outer])
        let named = p.steps.map { (p.layers[$0.layer], $0.part) }
        let shadow = named.firstIndex { $0.0 == "canvas/outer" && $0.1 == .shadow }!
        let background = named.firstIndex { $0.0 == "canvas/outer" && $0.1 == .background }!
        let sublayer = named.firstIndex { $0.0 == "canvas/outer/inner" }!
        let border = named.firstIndex { $0.0 == "canvas/outer" && $0.1 == .border }!
        // The shadow step follows the picture it slides under, inside the layer's group.
        #expect(shadow > border && named[shadow + 1].1 == .group)
        #expect(background < sublayer && sublayer < border)
    }

    @Test func hiddenAndTransparentLayersAreLeftOut() {
        var hidden = card("hidden")
        hidden.isHidden = true
        var clear = card("clear")
        clear.opacity = 0
        let p = plan([hidden, clear, card("shown")])
        #expect(Set(p.steps.map { p.layers[$0.layer] }) == ["canvas/shown"])
    }

    @Test func aPixelAlignedClipNarrowsTheClipWithNoPictureOfItsOwn() {
        var clip = card("clip")
        clip.masksToBounds = true
        var child = card("child")
        child.frame = Rect(x: -20, y: -20, width: 100, height: 100)
        clip.sublayers = [child]
        let p = plan([clip])
        #expect(!p.steps.contains { if case .beginGroup = $0.operation { true } else { false } })
        let childStep = p.steps.first { p.layers[$0.layer] == "canvas/clip/child" }!
        #expect(childStep.area == PixelRect(x: 10, y: 10, width: 40, height: 30))
    }

    @Test func groupOpacityFadesOverlappingElementsAsOnePicture() {
        var faded = card("faded")
        faded.opacity = 0.5
        faded.sublayers = [card("child")]
        let grouped = plan([faded])
        #expect(grouped.steps.contains { if case .beginGroup = $0.operation { true } else { false } })
        faded.allowsGroupOpacity = false
        let alone = plan([faded])
        #expect(!alone.steps.contains { if case .beginGroup = $0.operation { true } else { false } })
    }
}
