import Testing
import ReelCore
@testable import ReelLayers

@Suite struct LayerDefaultTests {
    /// Core Animation's defaults for every property Reel models.
    @Test func defaultsMatchCoreAnimation() {
        let l = Layer(id: "l")
        #expect(l.bounds == .zero)
        #expect(l.position == .zero)
        #expect(l.anchorPoint == Point(x: 0.5, y: 0.5))
        #expect(l.transform == .identity)
        #expect(l.sublayerTransform == .identity)
        #expect(l.zPosition == 0)
        #expect(l.isHidden == false)
        #expect(l.opacity == 1)
        #expect(l.allowsGroupOpacity == true)
        #expect(l.backgroundColor == nil)
        #expect(l.cornerRadius == 0)
        #expect(l.borderWidth == 0)
        #expect(l.borderColor == .black)
        #expect(l.sublayers.isEmpty)
    }
}

@Suite struct LayerGeometryTests {
    @Test func frameFromPositionAnchorAndBounds() {
        var l = Layer(id: "l")
        l.bounds = Rect(x: 0, y: 0, width: 100, height: 50)
        l.position = Point(x: 200, y: 100)
        #expect(l.frame == Rect(x: 150, y: 75, width: 100, height: 50))
        l.anchorPoint = Point(x: 0, y: 0)
        #expect(l.frame == Rect(x: 200, y: 100, width: 100, height: 50))
    }

    @Test func settingFrameSetsPositionAndSize() {
        var l = Layer(id: "l")
        l.frame = Rect(x: 10, y: 20, width: 30, height: 40)
        #expect(l.position == Point(x: 25, y: 40))
        #expect(l.bounds.size == Size(width: 30, height: 40))
    }

    @Test func rotationPivotsOnAnchorPoint() {
        var l = Layer(id: "l")
        l.bounds = Rect(x: 0, y: 0, width: 100, height: 50)
        l.position = Point(x: 200, y: 100)
        l.transform = .rotation(.pi / 2, x: 0, y: 0, z: 1)
        // The anchor (the centre) stays at the position; the top-left corner turns clockwise on screen.
        let centre = l.transformToSuperlayer.apply(Point(x: 50, y: 25))
        #expect(abs(centre.x - 200) < 1e-9 && abs(centre.y - 100) < 1e-9)
        let corner = l.transformToSuperlayer.apply(Point(x: 0, y: 0))
        #expect(abs(corner.x - 225) < 1e-9 && abs(corner.y - 50) < 1e-9)
    }

    @Test func zPositionSortsSiblingsStably() {
        var root = Layer(id: "root")
        var a = Layer(id: "a"); a.zPosition = 1
        let b = Layer(id: "b")
        let c = Layer(id: "c")
        root.sublayers = [a, b, c]
        #expect(root.sublayersInDrawingOrder.map(\.id) == ["b", "c", "a"])
    }
}
