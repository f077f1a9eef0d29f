import ReelCore
import ReelJSON
import ReelLayers
import ReelTimeline

/// How a text layer's `string` is written in the file: a plain string, or an array of runs
/// `{"text", "font", "fontSize", "foregroundColor"}`; and what it may hold.
enum TextCoding {
    /// Decodes a string or runs (null: none), refusing control characters other than `\n`
    /// and more than `TextProperties.maximumCharacters` characters in all.
    static func decode(_ node: JSONNode) -> PropertyValue? {
        var runs: [TextRun] = []
        switch node.value {
        case .null:
            return .text([])
        case .string(let s):
            guard check(s, node) else { return nil }
            runs = [TextRun(s)]
        case .array(let items):
            var ok = true
            for (i, item) in items.enumerated() {
                let r = node.element(i, item)
                guard let m = r.object(allowed: ["text", "font", "fontSize", "foregroundColor"]) else {
                    ok = false
                    continue
                }
                guard let t = m["text"] else {
                    r.problem(expected: "a `text` string", found: "none")
                    ok = false
                    continue
                }
                guard case .string(let text) = t.value else {
                    t.problem(expected: "a string")
                    ok = false
                    continue
                }
                var run = TextRun(text)
                ok = check(text, t) && ok
                if let f = m["font"] {
                    if case .string(let name)? = ValueKind.fontName.decode(f) { run.font = name } else { ok = false }
                }
                if let f = m["fontSize"] {
                    if case .number(let v)? = ValueKind.positive(maximum: TextProperties.maximumFontSize).decode(f) {
                        run.fontSize = v
                    } else {
                        ok = false
                    }
                }
                if let c = m["foregroundColor"] {
                    if case .color(let v)? = ValueKind.color.decode(c) { run.foregroundColor = v } else { ok = false }
                }
                runs.append(run)
            }
            guard ok else { return nil }
            let count = runs.reduce(0) { $0 + $1.text.unicodeScalars.count }
            guard count <= TextProperties.maximumCharacters else {
                node.problem(expected: "at most \(TextProperties.maximumCharacters) characters in all", found: "\(count)")
                return nil
            }
        default:
            node.problem(expected: ValueKind.text.expectation)
            return nil
        }
        return .text(runs)
    }

    /// Whether a text is short enough and free of control characters; reports at `node` when not.
    private static func check(_ s: String, _ node: JSONNode) -> Bool {
        var count = 0
        for (i, c) in s.unicodeScalars.enumerated() {
            count += 1
            if isControl(c) {
                node.problem(
                    expected: "text without control characters (only \\n, which breaks lines)",
                    found: String(format: "U+%04X at character %d", c.value, i))
                return false
            }
        }
        guard count <= TextProperties.maximumCharacters else {
            node.problem(expected: "at most \(TextProperties.maximumCharacters) characters", found: "\(count)")
            return false
        }
        return true
    }

    /// C0 and C1 controls and DEL, other than the line feed.
    static func isControl(_ c: Unicode.Scalar) -> Bool {
        c != "\n" && (c.value < 0x20 || (0x7F...0x9F).contains(c.value))
    }

    /// Runs as the file writes them: none as null, one run without overrides as a plain string.
    static func json(_ runs: [TextRun]) -> JSONValue {
        if runs.isEmpty { return .null }
        if runs.count == 1, runs[0].font == nil, runs[0].fontSize == nil, runs[0].foregroundColor == nil {
            return .string(runs[0].text)
        }
        return .array(
            runs.map { r in
                var members: [(String, JSONValue)] = [("text", .string(r.text))]
                if let f = r.font { members.append(("font", .string(f))) }
                if let s = r.fontSize { members.append(("fontSize", .number(s))) }
                if let c = r.foregroundColor { members.append(("foregroundColor", PropertyValue.color(c).json)) }
                return .object(members)
            })
    }
}

extension PropertyValue {
    /// Whether it is a text layer's string.
    var isText: Bool {
        if case .text = self { return true } else { return false }
    }
}
