import ReelCore
import ReelLayers
import ReelTestSupport
import Testing

@testable import ReelFormat
@testable import ReelTimeline

/// `compositingFilter` and `filters` (extensions.md, "Compositing") as the file writes them,
/// their animations by `filters.NAME.radius` / `filters.NAME.matrix`, and every refusal with
/// its JSON path.
@Suite struct FilterCodingTests {
    static let grey = "[0.3, 0.59, 0.11, 0, 0, 0.3, 0.59, 0.11, 0, 0, 0.3, 0.59, 0.11, 0, 0, 0, 0, 0, 1, 0]"

    @Test func decodesOperatorsAndFilters() throws {
        let t = try timeline(
            #"""
            [{"id": "a", "compositingFilter": "colorDodge",
              "filters": [{"name": "soft", "type": "gaussianBlur", "radius": 2.5},
                          {"name": "grey", "type": "colorMatrix", "matrix": \#(Self.grey)}]}]
            """#)
        let a = t.layers[0].model
        #expect(a.compositingFilter == .colorDodge)
        #expect(a.filters.map(\.name) == ["soft", "grey"])
        #expect(a.filters[0].kind == .gaussianBlur(radius: 2.5))
        #expect(
            a.filters[1].kind
                == .colorMatrix([0.3, 0.59, 0.11, 0, 0, 0.3, 0.59, 0.11, 0, 0, 0.3, 0.59, 0.11, 0, 0, 0, 0, 0, 1, 0]))
        // Written back as the file writes it.
        #expect(LayerProperty.all["filters"]!.value(of: a).json.serialized.contains("\"type\":\"gaussianBlur\""))
    }

    /// A blur's radius and a matrix animate by the filter's name; a matrix mixes number by number.
    @Test func filterValuesAnimateByName() throws {
        let t = try timeline(
            #"""
            [{"id": "a", "filters": [{"name": "soft", "type": "gaussianBlur", "radius": 0},
                                     {"name": "grade", "type": "colorMatrix", "matrix": \#(Self.grey)}],
              "animations": [
                {"keyPath": "filters.soft.radius", "fromValue": 2, "toValue": 10, "duration": 1},
                {"keyPath": "filters.grade.matrix", "fromValue": \#(Self.grey),
                 "toValue": [1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0], "duration": 2}]}]
            """#)
        let at = t.layers[0].presentation(at: 0.5)
        #expect(at.filters[0].kind == .gaussianBlur(radius: 6))
        guard case .colorMatrix(let m) = at.filters[1].kind else {
            Issue.record("not a matrix")
            return
        }
        // A quarter of the way from grey to identity, number by number.
        #expect(abs(m[0] - (0.3 + 0.25 * 0.7)) < 1e-12)
        #expect(abs(m[1] - 0.59 * 0.75) < 1e-12)
        #expect(m[18] == 1)
        // After the animations the model's values hold again.
        #expect(t.layers[0].presentation(at: 3).filters[0].kind == .gaussianBlur(radius: 0))
    }

    @Test func refusesWithPaths() {
        func first(_ layer: String) -> String {
            let p = problems(#"{"canvas": {"width": 10, "height": 10, "duration": 1}, "layers": [\#(layer)]}"#)
            return p.first.map { "\($0.path): expected \($0.expected), found \($0.found)\($0.suggestion.map { " " + $0 } ?? "")" }
                ?? "none"
        }
        let unknown = first(#"{"id": "a", "compositingFilter": "multiplly"}"#)
        #expect(unknown.hasPrefix("layers[0].compositingFilter: expected one of `normal`"))
        #expect(unknown.contains("multiply"))
        #expect(
            first(
                #"{"id": "a", "filters": [{"name": "g", "type": "colorMatrix", "matrix": [1,0,0,0,0,0,1,0,0,0,0,0,1,0,0,0,0,0,1]}]}"#
            )
                == "layers[0].filters[0].matrix: expected a colour matrix: 20 numbers, rows for R, G, B, A, found 19 numbers")
        #expect(
            first(#"{"id": "a", "filters": [{"name": "b", "type": "gaussianBlur", "radius": -1}]}"#)
                == "layers[0].filters[0].radius: expected a number of 0 or more, found the number -1")
        #expect(first(#"{"id": "a", "filters": [{"name": "b", "type": "gausianBlur", "radius": 1}]}"#).contains("gaussianBlur"))
        #expect(
            first(
                #"{"id": "a", "filters": [{"name": "b", "type": "gaussianBlur", "radius": 1}, {"name": "b", "type": "gaussianBlur", "radius": 2}]}"#
            )
            .hasPrefix("layers[0].filters[1].name: expected a name unique in the layer's filters"))
        #expect(
            first(#"{"id": "a", "filters": [{"name": "b", "type": "gaussianBlur"}]}"#)
                == "layers[0].filters[0]: expected a `radius` for a `gaussianBlur` filter, found none")
        #expect(
            first(
                #"{"id": "a", "filters": [{"name": "b", "type": "gaussianBlur", "radius": 1}], "animations": [{"keyPath": "filters.c.radius", "toValue": 2, "duration": 1}]}"#
            )
            .hasPrefix("layers[0].animations[0].keyPath: expected the name of one of the target layer's filters, found `c`"))
        #expect(
            first(
                #"{"id": "a", "filters": [{"name": "b", "type": "gaussianBlur", "radius": 1}], "animations": [{"keyPath": "filters.b.matrix", "toValue": \#(Self.grey), "duration": 1}]}"#
            )
            .hasPrefix("layers[0].animations[0].keyPath: expected `filters.b.radius` for a `gaussianBlur` filter"))
        #expect(
            first(
                #"{"id": "a", "filters": [{"name": "b", "type": "gaussianBlur", "radius": 1}], "animations": [{"keyPath": "filters.b.radius", "toValue": -3, "duration": 1}]}"#
            )
            .hasPrefix("layers[0].animations[0].toValue: expected a number of 0 or more"))
    }
}
