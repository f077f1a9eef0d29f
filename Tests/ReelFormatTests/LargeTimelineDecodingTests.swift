import Foundation
import ReelFormat
import ReelTestSupport
import ReelTimeline
import Testing

/// A timeline of many top-level layers is decoded on two threads: it must come out as one
/// thread decodes it, problems in file order and every asset a layer names counted as used.
@Suite struct LargeTimelineDecodingTests {
    let canvas = #""canvas": {"width": 200, "height": 100, "fps": 10, "duration": 2}"#

    func layers(count: Int, _ special: [Int: String]) -> String {
        (0..<count).map { i in special[i] ?? #"{"id": "l\#(i)", "bounds": [0, 0, 4, 4]}"# }.joined(separator: ",")
    }

    @Test func problemsOfManyLayersComeInFileOrder() {
        let count = 25_000
        let text = """
            {\(canvas), "layers": [\(layers(count: count, [
                3: #"{"id": "l3", "opacity": "high"}"#,
                12_499: #"{"id": "l12499", "bounds": [0, 0, -1]}"#,
                12_500: #"{"id": "l3"}"#,
                24_999: #"{"id": "l24999", "cornerRadius": "round", "colour": 1}"#,
            ]))]}
            """
        // As one thread reports them: a layer's unknown keys as its members are read, then its
        // values, then a repeated id once the layer is decoded.
        #expect(
            problems(text).map(\.path) == [
                "layers[3].opacity", "layers[12499].bounds", "layers[12500].id", "layers[24999].colour",
                "layers[24999].cornerRadius"
            ])
    }

    @Test func assetsNamedByEitherHalfAreUsed() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("large-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let text = """
            {\(canvas), "assets": {"a": {"path": "a.png"}, "b": {"path": "b.png"}, "c": {"path": "c.png"}},
             "layers": [\(layers(count: 25_000, [
                10: #"{"id": "l10", "contents": "a"}"#, 20_000: #"{"id": "l20000", "contents": "b"}"#,
            ]))]}
            """
        let timeline = try Timeline.decode(text, baseDirectory: dir.path)
        #expect(Set(timeline.assets.keys) == ["a", "b"])
        #expect(timeline.warnings.map(\.path) == ["assets.c"])
        #expect(timeline.layers.count == 25_000 && timeline.layers[20_000].model.contents == "b")
    }
}
