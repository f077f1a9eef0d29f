import Foundation
import ReelCore
import ReelJSON
import ReelLayers
import Testing

@testable import ReelFormat
@testable import ReelTimeline

/// Template variables: `{"var"}` and `{{NAME}}` for every type, `--set` over the defaults, and
/// every refusal with its path.
@Suite struct TemplateVariablesTests {
    static let template = #"""
        {"variables": {"name": {"type": "text", "default": "World"}, "accent": {"type": "color", "default": "#3366FF"},
                       "size": {"type": "number", "default": 40}, "shown": {"type": "boolean", "default": true},
                       "photo": {"type": "asset", "default": "a.png"}, "backdrop": {"type": "color", "default": {"var": "accent"}}},
         "canvas": {"width": 320, "height": 120, "duration": 1, "background": {"var": "backdrop"}},
         "assets": {"photo": {"path": {"var": "photo"}}},
         "layers": [{"id": "t-{{name}}", "class": "CATextLayer", "frame": [10, 10, 300, 100],
                     "string": [{"text": "Hi {{name}}, {{size}} / {{shown}}"}], "fontSize": {"var": "size"},
                     "foregroundColor": {"var": "accent"}, "hidden": {"var": "shown"},
                     "animations": [{"keyPath": "fontSize", "values": [10, {"var": "size"}], "duration": 1}]},
                    {"id": "p", "contents": "photo", "frame": [0, 0, 10, 10]}]}
        """#

    func decode(_ set: [String: String] = [:], _ text: String = template) throws -> Timeline {
        try Timeline.decode(
            text, baseDirectory: "/base", variables: set.reduce(into: [:]) { $0[$1.key] = .set($1.key, $1.value) })
    }

    @Test func defaultsFillEveryPlace() throws {
        let t = try decode()
        let text = t.layers[0].model
        #expect(text.id == "t-World")
        #expect(text.text.runs.map(\.text) == ["Hi World, 40 / true"])
        #expect(text.text.fontSize == 40 && text.isHidden)
        #expect(text.text.foregroundColor == Color(hex: "#3366FF"))
        #expect(t.canvas.background == Color(hex: "#3366FF"), "a default naming another variable")
        #expect(t.assets["photo"] == "/base/a.png")
        #expect(t.layers[0].presentation(at: 0.999).text.fontSize > 39)
    }

    @Test func setValuesWinWrittenAsTheirTypes() throws {
        let t = try decode(["name": "Zoë", "size": "0.5", "shown": "false", "accent": "#AA000080", "photo": "photos/b.jpg"])
        let text = t.layers[0].model
        #expect(text.id == "t-Zoë" && text.text.runs[0].text == "Hi Zoë, 0.5 / false")
        #expect(text.text.fontSize == 0.5 && !text.isHidden)
        #expect(text.text.foregroundColor == Color(hex: "#AA000080") && t.canvas.background == Color(hex: "#AA000080"))
        #expect(t.assets["photo"] == "/base/photos/b.jpg")
    }

    @Test(arguments: [
        (["nmae": "x"], "--set nmae: expected a variable the timeline declares", "did you mean `name`?"),
        (["size": "big"], "--set size: expected a number, found \"big\"", ""),
        (["shown": "yes"], "--set shown: expected true or false", ""),
        (["accent": "reddish"], "--set accent: expected a colour", "")
    ])
    func setRefusesWhatTheTimelineCannotTake(set: [String: String], message: String, hint: String) {
        #expect {
            try decode(set)
        } throws: { error in
            "\(error)".contains(message) && (hint.isEmpty || "\(error)".contains(hint))
        }
    }

    @Test(arguments: [
        (
            #"{"variables": {"a": {"type": "number", "default": {"var": "b"}}, "b": {"type": "number", "default": {"var": "a"}}}, "canvas": {"width": 10, "height": 10, "duration": 1}, "layers": []}"#,
            "variables.b.default: expected a default that does not name itself through others, found a -> b -> a"
        ),
        (
            #"{"variables": {"a": {"type": "number", "default": 1}}, "canvas": {"width": 10, "height": 10, "duration": 1}, "layers": [{"id": "x", "opacity": {"var": "z"}}]}"#,
            "layers[0].opacity: expected a declared variable (a)"
        ),
        (
            #"{"variables": {"a": {"type": "text", "default": "x"}}, "canvas": {"width": 10, "height": 10, "duration": 1}, "layers": [{"id": "x{{b}}"}]}"#,
            "layers[0].id: expected `{{NAME}}` naming a declared variable (a), found \"{{b}}\""
        ),
        (
            #"{"variables": {"a": {"type": "colour", "default": "x"}}, "canvas": {"width": 10, "height": 10, "duration": 1}, "layers": []}"#,
            "variables.a.type: expected one of `text`, `number`, `color`, `asset`, `boolean`"
        ),
        (
            #"{"variables": {"a": {"type": "number"}}, "canvas": {"width": 10, "height": 10, "duration": 1}, "layers": []}"#,
            "variables.a.default: expected a default number value, found none"
        ),
        (
            #"{"variables": {"a": {"type": "number", "default": "1"}}, "canvas": {"width": 10, "height": 10, "duration": 1}, "layers": []}"#,
            "variables.a.default: expected a number"
        ),
        (
            #"{"variables": {"a": {"type": "text", "default": "x"}}, "canvas": {"width": 10, "height": 10, "duration": 1}, "layers": [{"id": "x", "opacity": {"var": "a"}}]}"#,
            "layers[0].opacity: expected a number, found the string \"x\""
        )
    ])
    func refusalsCarryTheirPaths(text: String, message: String) {
        #expect {
            try decode([:], text)
        } throws: { error in
            "\(error)".contains(message)
        }
    }

    @Test func aTimelineWithoutVariablesIsLeftAsItIsAndRefusesSet() throws {
        let plain =
            #"{"canvas": {"width": 10, "height": 10, "duration": 1}, "layers": [{"id": "t", "class": "CATextLayer", "string": "{{kept}}"}]}"#
        #expect(try decode([:], plain).layers[0].model.text.runs[0].text == "{{kept}}")
        #expect {
            try decode(["a": "1"], plain)
        } throws: { error in
            "\(error)".contains("--set a: expected a variable the timeline declares, found a timeline that declares none")
        }
    }
}
