import Foundation
import ReelCore
import ReelLayers
import ReelTestSupport
import Testing

@testable import ReelFormat
@testable import ReelTimeline

/// The model's limits are a check of the model (`Timeline.problems`): a timeline built in code
/// meets the same problem, at the same path, as the file that writes it.
@Suite struct TimelineLimitsTests {
    @Test func anOverLimitTimelineBuiltInCodeHasTheFilesProblems() throws {
        var replicator = Layer(id: "r")
        replicator.layerClass = .replicatorLayer
        replicator.replicator.instanceCount = 1000
        var faded = Layer(id: "f")
        faded.opacity = 1.5
        var dashed = Layer(id: "d")
        dashed.layerClass = .shapeLayer
        dashed.shape.path = Path(rect: Rect(x: 0, y: 0, width: 1000, height: 1000))
        dashed.shape.stroke.dashPattern = [0.01]
        let dots = (0..<300).map { AnimatedLayer(model: Layer(id: "dot\($0)")) }
        let built = Timeline(
            name: "t", canvas: Canvas(width: 64, height: 64, duration: 1),
            layers: [
                AnimatedLayer(model: replicator, sublayers: dots),
                AnimatedLayer(
                    model: Layer(id: "host"), sublayers: [AnimatedLayer(model: faded)], mask: AnimatedLayer(model: dashed))
            ])
        let dotsJSON = (0..<300).map { #"{"id": "dot\#($0)"}"# }.joined(separator: ", ")
        let json = """
            {"canvas": {"width": 64, "height": 64, "duration": 1}, "layers": [
              {"id": "r", "class": "CAReplicatorLayer", "instanceCount": 1000, "sublayers": [\(dotsJSON)]},
              {"id": "host", "sublayers": [{"id": "f", "opacity": 1.5}],
               "mask": {"id": "d", "class": "CAShapeLayer", "path": {"rect": [0, 0, 1000, 1000]}, "lineDashPattern": [0.01]}}]}
            """
        var fromFile: [TimelineProblem] = []
        do {
            _ = try Timeline.decode(json)
        } catch {
            fromFile = error.problems
        }
        let fromCode = built.problems()
        #expect(fromCode.map(\.path).sorted() == ["layers", "layers[1].mask.lineDashPattern", "layers[1].sublayers[0].opacity"])
        #expect(Set(fromCode) == Set(fromFile), "code: \(fromCode)\nfile: \(fromFile)")
    }
}
