import ReelCore
import Testing

@testable import ReelLayers

@Suite struct ContentsMappingTests {
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

    @Test func zeroSizeContentsCenterDoesNotTrap() throws {
        var l = Layer(id: "l")
        l.contentsCenter = Rect(x: 0.1, y: 0.1, width: 0, height: 0)
        for width in [3.3, 10, 200] {
            l.bounds = Rect(x: 0, y: 0, width: width, height: width)
            let m = try #require(l.contentsMapping(imageWidth: 64, imageHeight: 64))
            #expect(m.columns.allSatisfy { $0.from.lowerBound <= $0.from.upperBound && $0.to.lowerBound <= $0.to.upperBound })
        }
        l.contentsCenter = Rect(x: 0.25, y: 0.25, width: 0.5, height: 0.5)
        l.bounds = Rect(x: 0, y: 0, width: 3.3, height: 3.3)
        #expect(l.contentsMapping(imageWidth: 100, imageHeight: 100) != nil)
    }
}
