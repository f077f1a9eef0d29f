import ReelTimeline
import Testing

@testable import ReelLottie

/// Layers: time in and out, parenting without opacity, precomps with stretch and time remap,
/// track mattes of every type, blend modes.
@Suite struct LayerMappingTests {
    typealias F = LottieFixture

    private func square(_ name: String, ind: Int, color: String, at x: Double, extra: String = "", ks: String? = nil) -> String {
        let transform = ks ?? #"{"p": {"a": 0, "k": [\#(x), 20]}}"#
        return
            #"{"ty": 4, "nm": "\#(name)", "ind": \#(ind), "ip": 0, "op": 1000, "st": 0, "ks": \#(transform), "shapes": [\#(F.rect(0, 0, 10, 10)), \#(color)]\#(extra)}"#
    }

    @Test func layersShowFromInPointToOutPoint() throws {
        let layer =
            #"{"ty": 4, "ind": 1, "ip": 5, "op": 8, "st": 0, "ks": {"p": {"a": 0, "k": [20, 20]}}, "shapes": [\#(F.rect(0, 0, 10, 10)), \#(F.fill(1, 1, 1))]}"#
        let doc = F.document(layer)
        #expect(try F.render(doc, frame: 4).near(20, 20, [0, 0, 0, 0]))
        #expect(try F.render(doc, frame: 5).near(20, 20, [255, 255, 255, 255]))
        #expect(try F.render(doc, frame: 7).near(20, 20, [255, 255, 255, 255]))
        #expect(try F.render(doc, frame: 8).near(20, 20, [0, 0, 0, 0]))
    }

    @Test func aChildMovesWithItsParentButKeepsItsOwnOpacity() throws {
        // The parent (opacity 0, moved 10 right) lends its move, not its opacity.
        let parent = square(
            "parent", ind: 1, color: F.fill(1, 0, 0), at: 0, ks: #"{"p": {"a": 0, "k": [10, 0]}, "o": {"a": 0, "k": 0}}"#)
        let child = square(
            "child", ind: 2, color: F.fill(0, 1, 0), at: 0, extra: #", "parent": 1"#, ks: #"{"p": {"a": 0, "k": [15, 20]}}"#)
        let frame = try F.render(F.document(child + "," + parent), frame: 0)
        #expect(frame.near(25, 20, [0, 255, 0, 255]))
        #expect(frame.near(15, 20, [0, 0, 0, 0]))
    }

    @Test func aPrecompRunsInItsOwnTimeStretchedOrRemapped() throws {
        // Inside: a square that moves from x 5 to x 35 over frames 0...10.
        let mover =
            #"{"ty": 4, "ind": 1, "ip": 0, "op": 1000, "st": 0, "ks": {"p": {"a": 1, "k": [{"t": 0, "s": [5, 20], "o": {"x": 0, "y": 0}, "i": {"x": 1, "y": 1}}, {"t": 10, "s": [35, 20]}]}}, "shapes": [\#(F.rect(0, 0, 4, 4)), \#(F.fill(1, 1, 1))]}"#
        let assets = #"[{"id": "inner", "layers": [\#(mover)]}]"#
        func precomp(_ extra: String) -> String {
            #"{"ty": 0, "refId": "inner", "ind": 1, "ip": 0, "op": 1000, "w": 40, "h": 40, "ks": {}\#(extra)}"#
        }
        // Starting 2 frames late and at half speed (sr 2): comp frame 6 is its frame 2 (x 11).
        let stretched = try F.render(F.document(precomp(#", "st": 2, "sr": 2"#), assets: assets), frame: 6)
        #expect(stretched.near(11, 20, [255, 255, 255, 255]))
        #expect(stretched.near(20, 20, [0, 0, 0, 0]))
        // Remapped to hold its time at 0.8 s (frame 8: x 29) whatever the comp's frame.
        let remapped = try F.render(F.document(precomp(#", "st": 0, "tm": {"a": 0, "k": 0.8}"#), assets: assets), frame: 2)
        #expect(remapped.near(29, 20, [255, 255, 255, 255]))
    }

    @Test func aPrecompThatIncludesItselfIsRefusedWithItsPath() throws {
        let loop = #"{"ty": 0, "refId": "a", "ind": 1, "ip": 0, "op": 10, "w": 40, "h": 40, "ks": {}}"#
        let doc = F.document(loop, assets: #"[{"id": "a", "layers": [\#(loop)]}]"#)
        let error = #expect(throws: TimelineError.self) { try F.imported(doc) }
        #expect(error?.problems.contains { $0.path == "assets[0].layers[0].refId" } == true)
    }

    @Test func trackMattesOfEveryType() throws {
        // The matte covers the left half (x < 20); the layer below it fills the canvas red.
        let matte =
            #"{"ty": 4, "nm": "matte", "ind": 1, "td": 1, "ip": 0, "op": 1000, "st": 0, "ks": {}, "shapes": [\#(F.rect(10, 20, 20, 40)), \#(F.fill(1, 1, 1))]}"#
        func target(_ tt: Int) -> String {
            #"{"ty": 4, "nm": "target", "ind": 2, "tt": \#(tt), "ip": 0, "op": 1000, "st": 0, "ks": {}, "shapes": [\#(F.rect(20, 20, 40, 40)), \#(F.fill(1, 0, 0))]}"#
        }
        for (tt, left, right) in [(1, 255, 0), (2, 0, 255), (3, 255, 0), (4, 0, 255)] {
            let frame = try F.render(F.document(matte + "," + target(tt)), frame: 0)
            #expect(frame.rgba(5, 20)[3] == left, "tt \(tt) left")
            #expect(frame.rgba(35, 20)[3] == right, "tt \(tt) right")
        }
        // A luma matte reads luminance: a mid-grey matte lets about half through.
        let grey =
            #"{"ty": 4, "nm": "matte", "ind": 1, "td": 1, "ip": 0, "op": 1000, "st": 0, "ks": {}, "shapes": [\#(F.rect(20, 20, 40, 40)), \#(F.fill(0.5, 0.5, 0.5))]}"#
        let half = try F.render(F.document(grey + "," + target(3)), frame: 0)
        #expect(abs(half.rgba(20, 20)[3] - 128) <= 2)
    }

    @Test func blendModesLandOnWhatIsBelow() throws {
        let below = square("below", ind: 2, color: F.fill(1, 0.5, 0), at: 20)
        let above = square("above", ind: 1, color: F.fill(0.5, 0.5, 0.5), at: 20, extra: #", "bm": 1"#)
        let frame = try F.render(F.document(above + "," + below), frame: 0)
        // Multiply: (1, 0.5, 0) x 0.5.
        #expect(frame.near(20, 20, [128, 64, 0, 255]))
    }
}
