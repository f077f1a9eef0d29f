import ReelCore
import ReelLayers
import ReelTestSupport
import Testing

@testable import ReelFormat
@testable import ReelTimeline

/// `emitterCells` as the file writes them, and each refusal at its JSON path with the page's message.
@Suite struct EmitterCellCodingTests {
    @Test func decodesCellsWithCoreAnimationsDefaults() throws {
        let t = try timeline(
            #"[{"id": "e", "class": "CAEmitterLayer", "emitterShape": "sphere", "emitterMode": "outline", "renderMode": "oldestLast", "#
                + ##""seed": 4294967295, "emitterCells": [{"name": "a", "birthRate": 3, "emissionRange": "90deg", "color": "#FF000080"}, {"name": "b"}]}]"##
        )
        let e = t.layers[0].model.emitter
        #expect(e.shape == .sphere && e.shape.flat == .circle && e.mode == .outline && e.renderMode == .oldestLast)
        #expect(e.seed == UInt32.max)
        #expect(e.cells.map(\.name) == ["a", "b"])
        #expect(e.cells[0].birthRate == 3 && abs(e.cells[0].emissionRange - .pi / 2) < 1e-12)
        #expect(e.cells[1] == EmitterCell(name: "b"))
        #expect(e.cells[1].scale == 1 && e.cells[1].color == .white && e.cells[1].isEnabled && e.cells[1].contentsScale == 1)
        // Written back as the file writes it: the name and the keys that differ from the defaults.
        let json = LayerProperty.all["emitterCells"]!.value(of: t.layers[0].model).json.serialized
        #expect(json.hasPrefix(#"[{"name":"a","birthRate":3"#) && json.hasSuffix(#"{"name":"b"}]"#))
    }

    /// A cell without `contents` is legal but draws nothing: said at the cell's path.
    @Test func aCellWithoutContentsIsWarnedAbout() throws {
        let t = try timeline(#"[{"id": "e", "class": "CAEmitterLayer", "emitterCells": [{"name": "dust", "birthRate": 20}]}]"#)
        #expect(t.warnings.map(\.path) == ["layers[0].emitterCells[0]"])
        #expect(t.warnings.first?.found.contains("no `contents`: its particles draw nothing") == true)
    }

    @Test func refusesWithPathsAndWhy() {
        func first(_ cells: String, assets: String = "{}") -> String {
            let p = problems(
                #"{"canvas": {"width": 10, "height": 10, "duration": 1}, "assets": \#(assets), "layers": [{"id": "e", "class": "CAEmitterLayer", "emitterCells": \#(cells)}]}"#
            )
            return p.first.map { "\($0.path): expected \($0.expected), found \($0.found)" } ?? "none"
        }
        #expect(
            first(#"[{"name": "a", "emitterCells": []}]"#).hasPrefix(
                "layers[0].emitterCells[0].emitterCells: expected no `emitterCells` in a cell"))
        #expect(
            first(#"[{"name": "a", "speed": 2}]"#).hasPrefix("layers[0].emitterCells[0].speed: expected no `speed` in a cell"))
        #expect(first(#"[{"name": "a", "timeOffset": 2}]"#).hasPrefix("layers[0].emitterCells[0].timeOffset"))
        #expect(
            first(#"[{"name": "a", "lifetime": -1}]"#)
                == "layers[0].emitterCells[0].lifetime: expected a number of 0 or more, found the number -1")
        #expect(first(#"[{"name": "a"}, {"name": "a"}]"#).hasPrefix("layers[0].emitterCells[1].name: expected a name unique"))
        #expect(first(#"[{"birthRate": 1}]"#).hasPrefix("layers[0].emitterCells[0]: expected a `name`"))
        #expect(first(#"[{"name": "a", "birthRat": 1}]"#).hasPrefix("layers[0].emitterCells[0].birthRat"))
        #expect(
            first(#"[{"name": "a", "contents": "font"}]"#, assets: #"{"font": {"path": "x.ttf"}}"#).hasPrefix(
                "layers[0].emitterCells[0].contents: expected an image asset"))
        #expect(
            first(#"[{"name": "a", "contents": "nothing"}]"#).hasPrefix(
                "layers[0].emitterCells[0].contents: expected the name of an asset"))
        // A bomb: birth rates times lifetimes keep 10^12 particles alive.
        #expect(
            first(#"[{"name": "a", "birthRate": 1000000, "lifetime": 1000000}]"#).hasPrefix(
                "layers[0].emitterCells: expected at most 1000000 particles alive at once, found up to 1e+12 particles"))
    }
}
