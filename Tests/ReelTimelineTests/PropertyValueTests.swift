import Foundation
import ReelCore
import ReelJSON
import ReelLayers
import Testing

@testable import ReelFormat
@testable import ReelTimeline

/// Property values say what they hold, from the file to the layer, and each kind animates by
/// its own rule.
@Suite struct PropertyValueTests {
    func node(_ json: String) throws -> JSONNode {
        JSONNode(root: .null, report: ProblemReport()).child("value", try JSONParser.parse(json))
    }

    @Test func eachKindDecodesToItsOwnCase() throws {
        let cases: [(ValueKind, String, PropertyValue)] = [
            (.scalar, "2.5", .number(2.5)),
            (.angle, #""90deg""#, .number(.pi / 2)),
            (.point, #"{"x": 1, "y": 2}"#, .point(Point(x: 1, y: 2))),
            (.size, "[3, 4]", .size(Size(width: 3, height: 4))),
            (.rect, "[1, 2, 3, 4]", .rect(Rect(x: 1, y: 2, width: 3, height: 4))),
            (.color, ##""#FF000080""##, .color(Color(red: 1, green: 0, blue: 0, alpha: 128.0 / 255))),
            (.color, "[0, 0.5, 1]", .color(Color(red: 0, green: 0.5, blue: 1, alpha: 1))),
            (.bool, "true", .bool(true)),
            (.transform, #"{"translation": [5, 6]}"#, .transform(.translation(5, 6))),
            (.path, #"{"rect": [0, 0, 2, 2]}"#, .path(Path(rect: Rect(x: 0, y: 0, width: 2, height: 2)))),
            (.path, "null", .path(nil)),
            (.name, #""logo""#, .image("logo")),
            (.name, "null", .image(nil)),
            (.choice(["top", "bottom"]), #""bottom""#, .choice("bottom"))
        ]
        for (kind, json, expected) in cases {
            #expect(kind.decode(try node(json)) == expected, "\(kind) from \(json)")
        }
    }

    @Test func aWrongTypeIsReportedAtItsPath() throws {
        let report = ProblemReport()
        let n = JSONNode(root: .null, report: report).child("layers", .null).element(0, .null).child(
            "backgroundColor", try JSONParser.parse(#""reddish""#))
        #expect(ValueKind.color.decode(n) == nil)
        #expect(report.problems.map(\.path) == ["layers[0].backgroundColor"])
        #expect(report.problems.first?.expected.contains("colour") == true)
    }

    @Test func assetNamesStayStringsFromTheFileToTheLayer() throws {
        let t = try Timeline.decode(
            #"""
            {"canvas": {"width": 10, "height": 10, "duration": 2},
             "assets": {"día ☀︎": {"path": "a.png"}, "b": {"path": "a.png"}},
             "layers": [{"id": "l", "contents": "día ☀︎",
               "animations": [{"keyPath": "contents", "values": ["día ☀︎", "b"], "calculationMode": "discrete", "duration": 2}]}]}
            """#)
        guard case .keyframe(let k) = t.layers[0].animations[0].kind else {
            Issue.record("not a keyframe animation")
            return
        }
        #expect(k.values == [.image("día ☀︎"), .image("b")])
        #expect(LayerProperty.all["contents"]!.value(of: t.layers[0].model) == .image("día ☀︎"))
        #expect(t.layers[0].presentation(at: 0.5).contents == "día ☀︎")
        let inspected = try LayerInspector.inspect(t, at: 1.5, layer: "l", key: "contents")
        #expect(inspected == .object([("time", .number(1.5)), ("layers", .object([("l", .string("b"))]))]))
    }

    @Test func numbersPointsAndColoursMixComponentByComponent() {
        #expect(PropertyValue.number(0).interpolated(to: .number(10), 0.25) == .number(2.5))
        #expect(
            PropertyValue.point(Point(x: 0, y: 10)).interpolated(to: .point(Point(x: 10, y: 0)), 0.5) == .point(Point(x: 5, y: 5))
        )
        let mixed = PropertyValue.color(Color(red: 1, green: 0, blue: 0, alpha: 1)).interpolated(
            to: .color(Color(red: 0, green: 0, blue: 1, alpha: 0)), 0.5)
        #expect(mixed == .color(Color(red: 0.5, green: 0, blue: 0.5, alpha: 0.5)))
    }

    @Test func transformsMixThroughTheirComponents() throws {
        // Halfway between no rotation and a quarter turn is an eighth turn, not a shrunken matrix.
        let a = PropertyValue.transform(.identity)
        let b = PropertyValue.transform(.rotation(.pi / 2, x: 0, y: 0, z: 1))
        guard case .transform(let m) = a.interpolated(to: b, 0.5) else {
            Issue.record("not a transform")
            return
        }
        let expected = Transform3D.rotation(.pi / 4, x: 0, y: 0, z: 1)
        #expect(zip(m.rows, expected.rows).allSatisfy { abs($0 - $1) < 1e-12 })
        // Adding concatenates; repeating is a power.
        #expect(
            PropertyValue.transform(.translation(1, 0)).adding(.transform(.translation(2, 3))) == .transform(.translation(3, 3)))
        #expect(PropertyValue.transform(.translation(1, 2)).times(3) == .transform(.translation(3, 6)))
        #expect(PropertyValue.transform(.translation(1, 2)).times(0) == .transform(.identity))
    }

    @Test func pathsMixOnlyWithPathsOfTheSameElements() {
        let small = Path(rect: Rect(x: 0, y: 0, width: 10, height: 10))
        let wide = Path(rect: Rect(x: 0, y: 0, width: 30, height: 10))
        #expect(
            PropertyValue.path(small).interpolated(to: .path(wide), 0.5)
                == .path(Path(rect: Rect(x: 0, y: 0, width: 20, height: 10))))
        let oval = Path(ellipseIn: Rect(x: 0, y: 0, width: 10, height: 10))
        #expect(PropertyValue.path(small).interpolated(to: .path(oval), 0.99) == .path(small))
        #expect(PropertyValue.path(small).interpolated(to: .path(oval), 1) == .path(oval))
        #expect(PropertyValue.path(nil).interpolated(to: .path(small), 0.5) == .path(nil))
    }

    @Test func aPathKeepsItsFillRuleThroughDecodingMixingAndInspect() throws {
        let json = #"{"elements": [["move", 0, 0], ["line", 4, 0], ["line", 0, 4], ["close"]], "fillRule": "evenOdd"}"#
        guard case .path(let path?)? = ValueKind.path.decode(try node(json)) else {
            Issue.record("no path")
            return
        }
        #expect(path.fillRule == .evenOdd)
        let moved = path.replacingPoints(path.points.map { $0 + Point(x: 1, y: 1) })
        #expect(moved.fillRule == .evenOdd)
        // Written back as the file wrote it; the default rule is left out.
        let written = String(decoding: try JSONEncoder().encode(PropertyValue.path(path).json), as: UTF8.self)
        #expect(ValueKind.path.decode(try node(written)) == .path(path))
        guard case .object(let plain) = PropertyValue.path(Path(rect: .zero)).json else {
            Issue.record("not an object")
            return
        }
        #expect(!plain.contains { $0.0 == "fillRule" })

        let report = ProblemReport()
        let bad = JSONNode(root: .null, report: report).child(
            "shadowPath", try JSONParser.parse(#"{"rect": [0, 0, 1, 1], "fillRule": "evenodd"}"#))
        #expect(ValueKind.path.decode(bad) == nil)
        #expect(report.problems.map(\.path) == ["shadowPath.fillRule"])
        #expect(report.problems.first?.suggestion?.contains("evenOdd") == true)
    }

    @Test func namesChoicesAndBooleansStep() {
        #expect(PropertyValue.image("a").interpolated(to: .image("b"), 0.9) == .image("a"))
        #expect(PropertyValue.choice("top").interpolated(to: .choice("bottom"), 1) == .choice("bottom"))
        #expect(PropertyValue.bool(false).interpolated(to: .bool(true), 0.5) == .bool(false))
        #expect(PropertyValue.choice("top").adding(.choice("left")) == .choice("left"))
        #expect(PropertyValue.choice("top").distance(to: .choice("left")) == 1)
    }

    @Test func inspectPrintsNaturalJSON() throws {
        let t = try Timeline.decode(
            #"""
            {"canvas": {"width": 10, "height": 10, "duration": 1},
             "layers": [{"id": "l", "contentsGravity": "topLeft", "backgroundColor": "#FF0000", "hidden": true}]}
            """#)
        func value(_ key: String) throws -> JSONValue? {
            guard case .object(let top) = try LayerInspector.inspect(t, at: 0, layer: "l", key: key),
                case .object(let layers)? = top.first(where: { $0.0 == "layers" })?.1
            else { return nil }
            return layers.first?.1
        }
        #expect(try value("contentsGravity") == .string("topLeft"))
        #expect(try value("backgroundColor") == .array([.number(1), .number(0), .number(0), .number(1)]))
        #expect(try value("hidden") == .bool(true))
        #expect(try value("shadowPath") == .null)
        #expect(try value("contents") == .null)
        #expect(try value("position") == .array([.number(0), .number(0)]))
    }
}
