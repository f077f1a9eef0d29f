import Foundation
import ReelCore
import Testing

/// A replicator's copies on pixels: their order, flattened or in depth, and their tint.
@Suite struct ReplicatorRuleTests {
    let rules = RenderRuleTests()

    /// Two copies of a white square, the second 10 to the right, 10 further away and tinted red
    /// (green and blue offsets -1). Flattened, copies draw in order: the second lies on top where
    /// they overlap. With `preservesDepth` they are sorted by depth: the first, nearer, is on top.
    func overlap(preservesDepth: Bool) throws -> (UInt8, UInt8, UInt8, UInt8) {
        let image = try rules.render(
            #"[{"id": "r", "class": "CAReplicatorLayer", "frame": [0, 0, 100, 100], "instanceCount": 2, "preservesDepth": \#(preservesDepth), "#
                + #""instanceTransform": {"translation": [10, 0, -10]}, "instanceGreenOffset": -1, "instanceBlueOffset": -1, "#
                + ##""sublayers": [{"id": "s", "frame": [20, 20, 40, 40], "backgroundColor": "#FFFFFF"}]}]"##)
        return image.pixel(x: 45, y: 40)
    }

    @Test func copiesDrawInOrderFlattenedAndByDepthWhenPreserved() throws {
        #expect(try overlap(preservesDepth: false) == (255, 0, 0, 255))
        #expect(try overlap(preservesDepth: true) == (255, 255, 255, 255))
    }

    /// A copy's alpha offset fades it over what lies below; it does not glow.
    @Test func anAlphaOffsetFadesTheCopy() throws {
        let image = try rules.render(
            #"[{"id": "r", "class": "CAReplicatorLayer", "frame": [0, 0, 100, 100], "instanceCount": 2, "#
                + #""instanceTransform": {"translation": [50, 0]}, "instanceAlphaOffset": -0.5, "#
                + ##""sublayers": [{"id": "s", "frame": [0, 0, 40, 40], "backgroundColor": "#FF0000"}]}]"##)
        #expect(image.pixel(x: 20, y: 20) == (255, 0, 0, 255))
        let faded = image.pixel(x: 70, y: 20)
        #expect(abs(Int(faded.0) - 128) <= 1 && faded.1 == 0 && faded.3 == 255)
    }
}

/// Shape layers on pixels where their extent matters (a faded layer is drawn as a picture over it).
@Suite struct ShapeRuleTests {
    /// A lone straight line in a layer of no size, faded: its picture must hold the stroke.
    @Test func aFadedLineInALayerOfNoSizeIsDrawn() throws {
        let image = try RenderRuleTests().render(
            #"[{"id": "l", "class": "CAShapeLayer", "position": [10, 50], "opacity": 0.5, "fillColor": null, "#
                + ##""path": {"elements": [["move", 0, 0], ["line", 80, 0]]}, "strokeColor": "#FFFFFF", "lineWidth": 10}]"##)
        let p = image.pixel(x: 50, y: 50)
        #expect(abs(Int(p.0) - 128) <= 1 && p.3 == 255)
    }
}
