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

@Suite struct HitTestTests {
    /// Listing 3.4/3.5: a white layerView with a blue sublayer at (50, 50, 100, 100).
    func seedTree() -> Layer {
        var white = Layer(id: "layerView")
        white.frame = Rect(x: 50, y: 50, width: 200, height: 200)
        var blue = Layer(id: "blueLayer")
        blue.frame = Rect(x: 50, y: 50, width: 100, height: 100)
        white.sublayers = [blue]
        var root = Layer(id: "root")
        root.frame = Rect(x: 0, y: 0, width: 400, height: 300)
        root.sublayers = [white]
        return root
    }

    func hit(_ root: Layer, _ x: Double, _ y: Double) -> [String]? {
        root.hitTest(Point(x: x, y: y))?.map(\.id)
    }

    /// A CATransformLayer is never hit itself; its planes are tested nearest first, through
    /// their 3D places: the back face shares the front's outline on screen but lies behind it.
    @Test func transformLayerPlanesAreHitNearestFirst() {
        func face(_ id: String, z: Double) -> Layer {
            var f = Layer(id: id)
            f.bounds = Rect(x: 0, y: 0, width: 40, height: 40)
            f.position = Point(x: 20, y: 20)
            f.transform = .translation(0, 0, z)
            return f
        }
        var cube = Layer(id: "cube")
        cube.layerClass = .transformLayer
        cube.bounds = Rect(x: 0, y: 0, width: 40, height: 40)
        cube.position = Point(x: 50, y: 50)
        cube.sublayers = [face("front", z: 20), face("back", z: -20)]
        var root = Layer(id: "root")
        root.frame = Rect(x: 0, y: 0, width: 100, height: 100)
        root.sublayers = [cube]
        #expect(hit(root, 50, 50) == ["root", "cube", "front"])
        // Turned half a turn about y, the back face comes to the front.
        root.sublayers[0].transform = .rotation(.pi, x: 0, y: 1, z: 0)
        #expect(hit(root, 50, 50) == ["root", "cube", "back"])
        root.sublayers[0].sublayers[1].isHidden = true
        #expect(hit(root, 50, 50) == ["root", "cube", "front"])
        // Outside every face the transform layer itself is not hit, though its bounds hold the point.
        root.sublayers[0].sublayers[0].bounds.size = Size(width: 10, height: 10)
        #expect(hit(root, 60, 60) == ["root"])
    }

    @Test func containsPointUsesOwnCoordinates() {
        var l = Layer(id: "l")
        l.frame = Rect(x: 100, y: 100, width: 50, height: 50)
        #expect(l.contains(Point(x: 10, y: 10)))
        #expect(!l.contains(Point(x: 110, y: 110)))
        #expect(!l.contains(Point(x: 50, y: 25)))  // max edge excluded, as CGRectContainsPoint
    }

    @Test func deepestLayerWins() {
        let root = seedTree()
        #expect(hit(root, 150, 150) == ["root", "layerView", "blueLayer"])
        #expect(hit(root, 60, 60) == ["root", "layerView"])
        #expect(hit(root, 500, 500) == nil)
    }

    @Test func sublayerOrderNotZPositionDecides() {
        var root = seedTree()
        var green = Layer(id: "green")
        green.frame = Rect(x: 170, y: 120, width: 180, height: 100)
        green.zPosition = -1  // drawn behind the white view, still hit first: it is the last sublayer
        root.sublayers.append(green)
        #expect(root.sublayersInDrawingOrder.map(\.id) == ["green", "layerView"])
        #expect(hit(root, 180, 150) == ["root", "green"])
    }

    @Test func hiddenLayersAreNotHit() {
        var root = seedTree()
        root.sublayers[0].sublayers[0].isHidden = true
        #expect(hit(root, 150, 150) == ["root", "layerView"])
        root.sublayers[0].isHidden = true
        #expect(hit(root, 150, 150) == ["root"])
    }

    @Test func masksToBoundsLimitsHits() {
        var root = seedTree()
        root.sublayers[0].sublayers[0].frame = Rect(x: 150, y: 150, width: 100, height: 100)  // pokes out at the bottom right
        #expect(hit(root, 280, 280) == ["root", "layerView", "blueLayer"])
        root.sublayers[0].masksToBounds = true
        #expect(hit(root, 280, 280) == ["root"])
    }

    @Test func transformsAreInvertedForHits() {
        var root = seedTree()
        root.sublayers[0].transform = .rotation(.pi / 4, x: 0, y: 0, z: 1)
        // The white square turned 45 degrees about its centre (150, 150): its corner (50, 50) is now outside.
        #expect(hit(root, 55, 55) == ["root"])
        #expect(hit(root, 150, 15) == ["root", "layerView"])  // the top corner pokes up to y = 150 - 141
    }

    @Test func geometryFlippedMeasuresFromTheBottom() {
        var root = seedTree()
        root.sublayers[0].sublayers[0].frame = Rect(x: 50, y: 20, width: 100, height: 60)
        #expect(hit(root, 150, 90) == ["root", "layerView", "blueLayer"])
        root.sublayers[0].isGeometryFlipped = true
        // blueLayer's frame y 20...80 now runs up from the bottom of the 200-high view: 120...180, canvas 170...230.
        #expect(hit(root, 150, 200) == ["root", "layerView", "blueLayer"])
        #expect(hit(root, 150, 90) == ["root", "layerView"])
    }
}

@Suite struct ContentsPlacementTests {
    func layer(_ w: Double, _ h: Double, _ gravity: ContentsGravity) -> Layer {
        var l = Layer(id: "l")
        l.bounds = Rect(x: 0, y: 0, width: w, height: h)
        l.contentsGravity = gravity
        return l
    }

    @Test func gravityPlacesTheNaturalSize() throws {
        // A 100 x 50 image in 200 x 200 bounds.
        let expectations: [(ContentsGravity, Rect)] = [
            (.center, Rect(x: 50, y: 75, width: 100, height: 50)), (.top, Rect(x: 50, y: 0, width: 100, height: 50)),
            (.bottom, Rect(x: 50, y: 150, width: 100, height: 50)), (.left, Rect(x: 0, y: 75, width: 100, height: 50)),
            (.right, Rect(x: 100, y: 75, width: 100, height: 50)), (.topLeft, Rect(x: 0, y: 0, width: 100, height: 50)),
            (.bottomRight, Rect(x: 100, y: 150, width: 100, height: 50)), (.resize, Rect(x: 0, y: 0, width: 200, height: 200)),
            (.resizeAspect, Rect(x: 0, y: 50, width: 200, height: 100)),
            (.resizeAspectFill, Rect(x: -100, y: 0, width: 400, height: 200))
        ]
        for (gravity, rect) in expectations {
            let m = try #require(layer(200, 200, gravity).contentsMapping(imageWidth: 100, imageHeight: 50))
            #expect(m.destination == rect, "\(gravity)")
        }
    }

    @Test func contentsScaleShrinksTheNaturalSize() throws {
        var l = layer(200, 200, .center)
        l.contentsScale = 2
        #expect(
            try #require(l.contentsMapping(imageWidth: 100, imageHeight: 50)).destination
                == Rect(x: 75, y: 87.5, width: 50, height: 25))
    }

    @Test func contentsRectPicksASpriteAndClampsToIt() throws {
        var l = layer(60, 100, .resize)
        l.contentsRect = Rect(x: 0.3, y: 0, width: 0.1, height: 1)  // digit 3 of a 10-digit sheet
        let m = try #require(l.contentsMapping(imageWidth: 120, imageHeight: 20))
        #expect(m.columns == [AxisSegment(from: 0...60, to: 36...48)])
        #expect(m.rows == [AxisSegment(from: 0...100, to: 0...20)])
    }

    /// Nine-slice: the corners keep their pixel size however the layer is resized; the middle stretches.
    @Test func nineSliceCornersKeepTheirSize() throws {
        for (w, h) in [(100.0, 40.0), (240.0, 110.0), (48.0, 48.0)] {
            var l = layer(w, h, .resize)
            l.contentsCenter = Rect(x: 0.25, y: 0.25, width: 0.5, height: 0.5)
            let m = try #require(l.contentsMapping(imageWidth: 48, imageHeight: 48))
            #expect(m.columns.first == AxisSegment(from: 0...12, to: 0...12))
            #expect(m.columns.last == AxisSegment(from: (w - 12)...w, to: 36...48))
            #expect(m.rows.first == AxisSegment(from: 0...12, to: 0...12))
            #expect(m.rows.last == AxisSegment(from: (h - 12)...h, to: 36...48))
        }
    }

    @Test func nineSliceCornersShrinkWhenTheyDoNotFit() throws {
        var l = layer(16, 48, .resize)
        l.contentsCenter = Rect(x: 0.25, y: 0.25, width: 0.5, height: 0.5)
        let m = try #require(l.contentsMapping(imageWidth: 48, imageHeight: 48))
        #expect(m.columns.map(\.from) == [0...8, 8...16])  // 12 + 12 squeezed into 16, the middle gone
    }
}
