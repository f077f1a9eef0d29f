import ReelCore
import Testing

@testable import ReelLayers

@Suite struct LayerHitTestingTests {
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
