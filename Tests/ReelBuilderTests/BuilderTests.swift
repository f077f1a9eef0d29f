import Foundation
import Reel
import ReelBuilder
import ReelCore
import ReelJSON
import ReelTimeline
import Testing

/// A timeline built in Swift and its JSON twin, written by hand, are the same timeline.
@Suite struct BuilderTests {
    static let twin = #"""
        {
          "version": 1,
          "name": "cards",
          "canvas": {"width": 320, "height": 180, "fps": 10, "duration": 2, "background": "#1E1E28"},
          "layers": [
            {"id": "card", "bounds": [0, 0, 120, 80], "position": [160, 90], "backgroundColor": "#3498DB", "cornerRadius": 12,
             "borderWidth": 3, "borderColor": "#FFFFFF", "shadowOpacity": 0.5, "shadowRadius": 4, "shadowOffset": [0, 4], "shadowColor": "#000000",
             "sublayers": [
               {"id": "dot", "bounds": [0, 0, 24, 24], "position": [60, 40], "backgroundColor": "#E74C3C", "cornerRadius": 12,
                "animations": [{"keyPath": "transform.scale", "type": "spring", "fromValue": 0.2, "toValue": 1, "damping": 6}]}],
             "animations": [
               {"keyPath": "transform.rotation.z", "fromValue": 0, "toValue": "90deg", "duration": 2, "timingFunction": "easeInEaseOut"},
               {"keyPath": "opacity", "values": [1, 0.4, 1], "keyTimes": [0, 0.5, 1], "duration": 2},
               {"animations": [{"keyPath": "position.x", "byValue": 60, "duration": 1}], "beginTime": 0.5, "duration": 1,
                "autoreverses": true}]}
          ]
        }
        """#

    func built() -> TimelineDocument {
        TimelineDocument(name: "cards", width: 320, height: 180, fps: 10, duration: 2, background: "#1E1E28") {
            LayerDocument("card") {
                LayerDocument("dot") {
                    Animate.spring("transform.scale", from: 0.2, to: 1, damping: 6)
                }
                .bounds(0, 0, 24, 24).position(60, 40).backgroundColor("#E74C3C").cornerRadius(12)
                Animate.basic("transform.rotation.z", from: 0, to: Degrees(90)).duration(2).timingFunction("easeInEaseOut")
                Animate.keyframes("opacity", values: [1, 0.4, 1], keyTimes: [0, 0.5, 1]).duration(2)
                Animate.group {
                    Animate.basic("position.x", by: 60).duration(1)
                }.beginTime(0.5).duration(1).autoreverses()
            }
            .bounds(0, 0, 120, 80).position(160, 90).backgroundColor("#3498DB").cornerRadius(12)
            .border(width: 3, color: "#FFFFFF").shadow(opacity: 0.5, radius: 4, offset: Size(width: 0, height: 4))
        }
    }

    @Test func buildsTheSameTimelineAsItsJSONTwin() throws {
        let fromCode = try built().build()
        let fromFile = try Timeline.decode(Self.twin, name: "cards")
        #expect(fromCode == fromFile)
    }

    @Test func rendersIdenticalFrames() throws {
        let a = try FrameRenderer(timeline: built().build())
        let b = try FrameRenderer(timeline: Timeline.decode(Self.twin))
        for t in [0, 0.3, 0.75, 1.2, 1.95] {
            #expect(a.render(time: t).packedBytes == b.render(time: t).packedBytes, "t = \(t)")
        }
    }

    @Test func encodesToTimelineJSON() throws {
        // Through a Swift encoder and back through the decoder: the same timeline.
        let data = try JSONEncoder().encode(built())
        let decoded = try Timeline.decode(String(decoding: data, as: UTF8.self), name: "cards")
        #expect(decoded == (try built().build()))
        #expect(built().jsonText.contains("\"transform.rotation.z\""))
    }

    @Test func problemsAreReportedAsForAFile() {
        let bad = TimelineDocument(width: 64, height: 64, duration: 1) {
            LayerDocument("a").set("cornerRadious", 3)
        }
        #expect(throws: TimelineError.self) { try bad.build() }
    }
}

/// Template variables written from Swift: the same document as a template file, and each
/// value set at build time lands where the variable is used.
@Suite struct BuilderVariableTests {
    func template() -> TimelineDocument {
        TimelineDocument(name: "hello", width: 320, height: 180, duration: 1) {
            LayerDocument("card").frame(0, 0, 320, 180).backgroundColor("#000000")
                .set("backgroundColor", Variable.value("accent"))
            LayerDocument("title", class: .textLayer).frame(10, 10, 300, 60).text("Hello, \(Variable.text("name"))!", size: 24)
        }
        .variable("name", .text, default: "Ana")
        .variable("accent", .color, default: "#3366FF")
    }

    @Test func variablesAreWrittenAsATemplateFileWritesThem() throws {
        let json = try JSONParser.parse(template().jsonText)
        #expect(json["variables"]?["name"] == .object([("type", .string("text")), ("default", .string("Ana"))]))
        guard case .array(let layers)? = json["layers"], layers.count == 2 else {
            Issue.record("no layers in \(json)")
            return
        }
        #expect(layers[0]["backgroundColor"] == .object([("var", .string("accent"))]))
        #expect(layers[1]["string"] == .string("Hello, {{name}}!"))
    }

    @Test func buildSetsTheValues() throws {
        let plain = try template().build()
        #expect(plain.layers[1].model.text.runs.map(\.text) == ["Hello, Ana!"])
        #expect(plain.layers[0].model.backgroundColor == Color(hex: "#3366FF"))
        let set = try template().build(set: ["name": "Zoë", "accent": "#FF0000"])
        #expect(set.layers[1].model.text.runs.map(\.text) == ["Hello, Zoë!"])
        #expect(set.layers[0].model.backgroundColor == Color(hex: "#FF0000"))
        #expect(throws: TimelineError.self) { try template().build(set: ["accent": "red-ish"]) }
    }
}
