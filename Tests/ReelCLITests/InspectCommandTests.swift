import Foundation
import ReelJSON
import ReelTestSupport
import ReelTimeline
import Testing

/// `reel inspect` prints the values the timing tests work out by hand.
@Suite struct InspectCommandTests {
    static let timeline = #"""
        {"canvas": {"width": 100, "height": 100, "duration": 10},
         "layers": [{"id": "l", "position": [0, 0], "sublayers": [{"id": "child"}],
           "animations": [
             {"keyPath": "position.x", "fromValue": 0, "toValue": 100, "duration": 1, "timingFunction": "easeInEaseOut"},
             {"keyPath": "position.y", "fromValue": 0, "toValue": 100, "duration": 1, "autoreverses": true, "repeatCount": 2.5, "beginTime": 2},
             {"keyPath": "sublayers.child.opacity", "type": "spring", "fromValue": 0, "toValue": 1, "damping": 5}]}]}
        """#

    func inspect(_ arguments: [String]) throws -> JSONValue {
        let dir = makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.timeline.write(to: dir.appendingPathComponent("t.json"), atomically: true, encoding: .utf8)
        let result = try runReel(["inspect", "t.json"] + arguments, in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        return try JSONParser.parse(result.stdout)
    }

    func number(_ v: JSONValue?) -> Double? {
        if case .number(let n)? = v { return n }
        return nil
    }

    @Test func printsTheHandWorkedValues() throws {
        let quarter = try inspect(["--time", "0.25", "--layer", "l", "--key", "position.x"])
        #expect(abs(number(quarter["layers"]?["l"])! - 12.9162) < 1e-4)  // easeInEaseOut at x = 0.25
        let back = try inspect(["--time", "3.25", "--layer", "l", "--key", "position.y"])
        #expect(number(back["layers"]?["l"]) == 75)  // autoreverse: on the way back
        let spring = try inspect(["--time", "0.5", "--layer", "child", "--key", "opacity"])
        #expect(abs(number(spring["layers"]?["l/child"])! - 1.036551) < 1e-5)  // the spring's closed form
    }

    @Test func printsEveryPropertyOfEveryLayer() throws {
        let all = try inspect(["--time", "0"])
        guard case .object(let layers)? = all["layers"] else {
            Issue.record("no layers")
            return
        }
        #expect(layers.map(\.key) == ["l", "l/child"])
        #expect(layers[0].value["position"] == .array([.number(0), .number(0)]))
        #expect(layers[1].value["anchorPoint"] == .array([.number(0.5), .number(0.5)]))
    }

    @Test func unknownLayerOrKeyIsAnError() throws {
        let dir = makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.timeline.write(to: dir.appendingPathComponent("t.json"), atomically: true, encoding: .utf8)
        let a = try runReel(["inspect", "t.json", "--layer", "nope"], in: dir)
        #expect(a.status == 1 && a.stderr.contains("no layer \"nope\""))
        let b = try runReel(["inspect", "t.json", "--key", "opacty"], in: dir)
        #expect(b.status == 1 && b.stderr.contains("did you mean `opacity`?"))
    }
}
