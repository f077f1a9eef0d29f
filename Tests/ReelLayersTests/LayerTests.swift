import ReelCore
import Testing

@testable import ReelLayers

/// Core Animation's default for every property Reel models, one test case per property.
@Suite struct LayerDefaultTests {
    static let defaults: [(String, @Sendable (Layer) -> Bool)] = [
        ("bounds", { $0.bounds == .zero }),
        ("position", { $0.position == .zero }),
        ("anchorPoint", { $0.anchorPoint == Point(x: 0.5, y: 0.5) }),
        ("frame", { $0.frame == .zero }),
        ("transform", { $0.transform == .identity }),
        ("sublayerTransform", { $0.sublayerTransform == .identity }),
        ("zPosition", { $0.zPosition == 0 }),
        ("hidden", { $0.isHidden == false }),
        ("geometryFlipped", { $0.isGeometryFlipped == false }),
        ("opacity", { $0.opacity == 1 }),
        ("allowsGroupOpacity", { $0.allowsGroupOpacity == true }),
        ("backgroundColor", { $0.backgroundColor == nil }),
        ("cornerRadius", { $0.cornerRadius == 0 }),
        ("borderWidth", { $0.borderWidth == 0 }),
        ("borderColor", { $0.borderColor == Color(red: 0, green: 0, blue: 0, alpha: 1) }),
        ("masksToBounds", { $0.masksToBounds == false }),
        ("shouldRasterize", { $0.shouldRasterize == false }),
        ("rasterizationScale", { $0.rasterizationScale == 1 }),
        ("sublayers", { $0.sublayers.isEmpty }),
        ("shadowColor", { $0.shadowColor == Color(red: 0, green: 0, blue: 0, alpha: 1) }),
        ("shadowOpacity", { $0.shadowOpacity == 0 }),
        ("shadowOffset", { $0.shadowOffset == Size(width: 0, height: -3) }),
        ("shadowRadius", { $0.shadowRadius == 3 }),
        ("shadowPath", { $0.shadowPath == nil }),
        ("mask", { $0.mask == nil }),
        ("contents", { $0.contents == nil }),
        ("contentsGravity", { $0.contentsGravity == .resize }),
        ("contentsScale", { $0.contentsScale == 1 }),
        ("contentsRect", { $0.contentsRect == Rect(x: 0, y: 0, width: 1, height: 1) }),
        ("contentsCenter", { $0.contentsCenter == Rect(x: 0, y: 0, width: 1, height: 1) }),
        ("magnificationFilter", { $0.magnificationFilter == .linear }),
        ("minificationFilter", { $0.minificationFilter == .linear }),
        ("minificationFilterBias", { $0.minificationFilterBias == 0 })
    ]

    @Test(arguments: defaults.map(\.0))
    func defaultMatchesCoreAnimation(property: String) throws {
        let check = try #require(Self.defaults.first { $0.0 == property }?.1)
        #expect(check(Layer(id: "l")))
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
        var a = Layer(id: "a")
        a.zPosition = 1
        let b = Layer(id: "b")
        let c = Layer(id: "c")
        root.sublayers = [a, b, c]
        #expect(root.sublayersInDrawingOrder.map(\.id) == ["b", "c", "a"])
    }

    /// CALayer.h: contentsAreFlipped when an odd number of layers from this one up to the root
    /// set geometryFlipped; the contents are then drawn mirrored in the layer's own space exactly
    /// where the superlayers flip that space, so an image shows upright.
    @Test func contentsAreFlippedCountsTheFlipsUpToTheRoot() {
        func node(_ id: String, flipped: Bool = false, _ sublayers: [Layer] = []) -> Layer {
            var l = Layer(id: id)
            l.bounds = Rect(x: 0, y: 0, width: 10, height: 20)
            l.isGeometryFlipped = flipped
            l.sublayers = sublayers
            return l
        }
        var a = node("a", flipped: true, [node("b", [node("c", flipped: true, [node("d")])])])
        a.mask = node("m")
        var root = node("root", [a])
        root.resolveFlips()
        let resolved = root.sublayers[0]
        let b = resolved.sublayers[0]
        let c = b.sublayers[0]
        let d = c.sublayers[0]
        #expect(
            [
                root.contentsAreFlipped, resolved.contentsAreFlipped, b.contentsAreFlipped, c.contentsAreFlipped,
                d.contentsAreFlipped
            ]
                == [false, true, true, false, false])
        // The mask lies in a's own space, which a's flip does not turn.
        #expect(resolved.mask?.contentsAreFlipped == false)
        // Mirrored only where the space is flipped from above: b (under a) and c (under a, b).
        let mirror = Transform3D.scale(1, -1).concatenating(.translation(0, 20))
        #expect(
            [resolved.contentsTransform, b.contentsTransform, c.contentsTransform, d.contentsTransform]
                == [.identity, mirror, mirror, .identity])
    }
}
