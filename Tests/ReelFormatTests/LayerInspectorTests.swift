import ReelCore
import ReelLayers
import ReelTestSupport
import Testing

@testable import ReelFormat
@testable import ReelTimeline

/// What `reel inspect` and the validator print is safe to print: valid JSON only, no control
/// characters from a file, and no unbounded work on absurd keys.
@Suite struct LayerInspectorTests {
    func timeline(_ layer: String) throws -> Timeline {
        try Timeline.decode(#"{"canvas": {"width": 64, "height": 64, "duration": 1}, "layers": ["# + layer + "]}")
    }

    @Test func nonFiniteValuesAreAnErrorNotBadJSON() throws {
        let t = try timeline(#"{"id": "a", "bounds": [0, 0, 10, 10], "transform": [1,0,0,0, 0,1,0,0, 0,0,1,0, 0,0,0,0]}"#)
        #expect {
            try LayerInspector.inspect(t, at: 0)
        } throws: { error in
            "\(error)".contains("layer \"a\": `frame` is") && "\(error)".contains("JSON cannot show")
        }
        // A finite layer prints fine.
        #expect(throws: Never.self) { try LayerInspector.inspect(try timeline(#"{"id": "b"}"#), at: 0) }
    }

    @Test func idsWithControlCharactersAreRefusedAndShownEscaped() {
        #expect {
            try timeline("{\"id\": \"a\\u001b[31m\"}")
        } throws: { error in
            let text = "\(error)"
            return text.contains("layers[0].id") && text.contains("printable") && text.contains("\\u001b")
                && !text.contains("\u{1b}")
        }
        // DEL and the C1 controls (U+007F-009F) are controls too; other non-ASCII letters are not.
        for id in ["a\\u007f", "a\\u0085b", "a/b", "a.b", ""] {
            #expect(throws: TimelineError.self, "\(id)") { try timeline("{\"id\": \"\(id)\"}") }
        }
        #expect(throws: Never.self) { try timeline(#"{"id": "café\u00a0名"}"#) }
    }

    @Test func hugeUnknownKeysGetNoSuggestionAndStayFast() throws {
        let key = String(repeating: "x", count: 2_000_000)
        let started = ContinuousClock.now
        #expect(throws: TimelineError.self) { try timeline("{\"id\": \"a\", \"\(key)\": 1}") }
        #expect(ContinuousClock.now - started < .seconds(10))
        #expect(Suggestion.closest(to: key, in: ["cornerRadius"]) == nil)
        #expect(Suggestion.closest(to: "cornerRadios", in: ["cornerRadius"]) == "cornerRadius")
    }

    @Test func contentsAreFlippedIsShownAsCoreAnimationDerivesIt() throws {
        let t = try timeline(#"{"id": "a", "geometryFlipped": true, "sublayers": [{"id": "b"}]}"#)
        let flags = try LayerInspector.inspect(t, at: 0, key: "contentsAreFlipped")
        #expect(flags == .object([("time", .number(0)), ("layers", .object([("a", .bool(true)), ("a/b", .bool(true))]))]))
        guard case .object(let top) = try LayerInspector.inspect(t, at: 0, layer: "a"),
            case .object(let layers)? = top.first(where: { $0.0 == "layers" })?.1,
            case .object(let a)? = layers.first?.1
        else {
            Issue.record("no layer a")
            return
        }
        #expect(a.last?.0 == "contentsAreFlipped")
        #expect { try LayerInspector.inspect(t, at: 0, key: "contentsAreFliped") } throws: {
            "\($0)".contains("contentsAreFlipped")
        }
    }
}
