import ReelCore
import ReelLayers
import Testing

@testable import ReelTimeline

/// The property table: one declaration per key, each reading and writing the layer it names,
/// with a new layer's value as its default.
@Suite struct LayerPropertyTests {
    @Test func everyKeyIsDeclaredOnceAndReachable() {
        let paths = LayerProperty.ordered.map(\.keyPath)
        #expect(Set(paths).count == paths.count)
        for p in LayerProperty.ordered { #expect(LayerProperty.all[p.keyPath] === p) }
    }

    @Test func aValueWrittenIsTheValueRead() {
        for p in LayerProperty.declared where !p.kind.isDiscrete {
            var layer = Layer(id: "l")
            let value = p.defaultValue
            p.setValue(value, on: &layer)
            #expect(p.value(of: layer) == value, "\(p.keyPath)")
        }
        let opacity = LayerProperty.all["opacity"]!
        var layer = Layer(id: "l")
        opacity.setValue(.number(0.25), on: &layer)
        #expect(layer.opacity == 0.25 && opacity.value(of: layer) == .number(0.25))
    }

    @Test func defaultsAreANewLayersAndClassesOwnTheirKeys() {
        #expect(LayerProperty.all["opacity"]?.defaultValue == .number(1))
        #expect(LayerProperty.all["position"]?.defaultValue == .point(Point(x: 0, y: 0)))
        let path = LayerProperty.all["path"]!
        #expect(path.belongs(to: .shapeLayer) && !path.belongs(to: .layer))
        #expect(LayerProperty.all["opacity"]!.belongs(to: .textLayer))
        #expect(LayerProperty.all["position.x"]?.isLayerKey == false)
    }

    @Test func emitterCellKeysShareTheDeclaration() {
        let birthRate = EmitterCellProperty.all["birthRate"]!
        var cell = EmitterCell(name: "c")
        birthRate.setValue(.number(12), on: &cell)
        #expect(cell.birthRate == 12 && birthRate.value(of: cell) == .number(12))
        #expect(EmitterCellProperty.all["lifetime"]?.defaultValue == .number(EmitterCell.blank.lifetime))
    }
}
