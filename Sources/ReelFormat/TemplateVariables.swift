import ReelCore
import ReelJSON
import ReelTimeline

/// Reel's template variables (the extensions page, "Templates"): a timeline's `variables`
/// declare names with a type and a default; `{"var": "NAME"}` stands for a value anywhere one
/// goes, and `{{NAME}}` inside a `string`, a run's `text` or an `id` for its text. Resolved on
/// the parsed document before it is decoded, with the values `--set` gives, so the decoder
/// checks every substituted value where it lands, with its JSON path.
public enum TemplateVariables {
    /// What a variable holds, and how `--set` and the file write it.
    public enum Kind: String, CaseIterable, Sendable {
        case text, number, color, asset, boolean
    }

    /// The variables `json` declares with their types (those declared well), by name.
    public static func declarations(in json: JSONValue) -> [String: Kind] {
        guard case .object(let members) = json,
            case .object(let declared)? = members.first(where: { $0.key == "variables" })?.value
        else { return [:] }
        var kinds: [String: Kind] = [:]
        for (name, d) in declared {
            if case .object(let o) = d, case .string(let t)? = o.first(where: { $0.key == "type" })?.value,
                let kind = Kind(rawValue: t)
            {
                kinds[name] = kind
            }
        }
        return kinds
    }

    /// The document with every variable replaced by its value (the value `set` gives, else the
    /// default) and `variables` removed; unchanged when it declares none and nothing is set.
    /// Throws every problem at once, each with its JSON path or where the value came from.
    public static func resolve(_ json: JSONValue, set: [String: TemplateValue], file: String) throws(TimelineError) -> JSONValue {
        guard case .object(var members) = json, let k = members.firstIndex(where: { $0.key == "variables" }) else {
            _ = try values(in: json, set: set, file: file)
            return json
        }
        let (values, kinds) = try declaredValues(members[k].value, set: set, file: file)
        members.remove(at: k)
        var walker = Walker(values: values, kinds: kinds)
        let resolved = walker.replace(.object(members), path: "", key: nil)
        guard walker.problems.isEmpty else { throw TimelineError(file: file, problems: walker.problems) }
        return resolved
    }

    /// Each variable's value in `json` (the value `set` gives, else the default), by name.
    public static func values(in json: JSONValue, set: [String: TemplateValue], file: String) throws(TimelineError) -> [String:
        JSONValue]
    {
        guard case .object(let members) = json, let k = members.firstIndex(where: { $0.key == "variables" }) else {
            if let name = set.keys.sorted().first {
                throw TimelineError(
                    file: file,
                    problems: [
                        TimelineProblem(
                            path: set[name]!.source, expected: "a variable the timeline declares",
                            found: "a timeline that declares none")
                    ])
            }
            return [:]
        }
        return try declaredValues(members[k].value, set: set, file: file).values
    }

    /// The values of the variables `declarations` declares, and their types.
    private static func declaredValues(_ declarations: JSONValue, set: [String: TemplateValue], file: String)
        throws(TimelineError) -> (values: [String: JSONValue], kinds: [String: Kind])
    {
        var problems: [TimelineProblem] = []
        // Declarations: a type and a default each.
        var kinds: [String: Kind] = [:]
        var defaults: [String: JSONValue] = [:]
        guard case .object(let declared) = declarations else {
            throw TimelineError(
                file: file,
                problems: [
                    TimelineProblem(
                        path: "variables", expected: "an object of variables by name", found: declarations.kindDescription)
                ])
        }
        for (name, declaration) in declared {
            let path = "variables.\(name)"
            guard Self.isName(name) else {
                problems.append(
                    TimelineProblem(
                        path: path, expected: "a name of ASCII letters, digits and _ (not starting with a digit)",
                        found: "\"\(name)\""))
                continue
            }
            guard case .object(let d) = declaration else {
                problems.append(
                    TimelineProblem(path: path, expected: "{\"type\", \"default\"}", found: declaration.kindDescription))
                continue
            }
            for (key, _) in d where key != "type" && key != "default" {
                problems.append(TimelineProblem(path: "\(path).\(key)", expected: "only `type` and `default`", found: "`\(key)`"))
            }
            guard case .string(let t)? = d.first(where: { $0.key == "type" })?.value, let kind = Kind(rawValue: t) else {
                problems.append(
                    TimelineProblem(
                        path: "\(path).type",
                        expected: "one of " + Kind.allCases.map { "`\($0.rawValue)`" }.joined(separator: ", "),
                        found: d.first(where: { $0.key == "type" })?.value.kindDescription ?? "none"))
                continue
            }
            guard let value = d.first(where: { $0.key == "default" })?.value else {
                problems.append(
                    TimelineProblem(path: "\(path).default", expected: "a default \(kind.rawValue) value", found: "none"))
                continue
            }
            kinds[name] = kind
            defaults[name] = value
        }
        // Values: `--set` over the defaults, each checked against its type.
        var values: [String: JSONValue] = [:]
        apply(set, kinds: kinds, to: &values, problems: &problems)
        // Defaults may name other variables; a chain that comes back to itself is refused, once.
        var failed: Set<String> = []
        func value(of name: String, _ seen: [String]) -> JSONValue? {
            if let v = values[name] { return v }
            guard !failed.contains(name) else { return nil }
            guard let d = defaults[name], let kind = kinds[name] else { return nil }
            if case .object(let o) = d, o.count == 1, o[0].key == "var", case .string(let other) = o[0].value {
                let chain = seen + [name]
                if let start = chain.firstIndex(of: other) {
                    failed.formUnion(chain)
                    problems.append(
                        TimelineProblem(
                            path: "variables.\(name).default", expected: "a default that does not name itself through others",
                            found: (chain[start...] + [other]).joined(separator: " -> ")))
                    return nil
                }
                guard kinds[other] == kind, let v = value(of: other, seen + [name]) else {
                    failed.insert(name)
                    if kinds[other] != kind {
                        problems.append(
                            TimelineProblem(
                                path: "variables.\(name).default", expected: "a declared \(kind.rawValue) variable",
                                found: "\"\(other)\""))
                    }
                    return nil
                }
                values[name] = v
                return v
            }
            guard kind.holds(d) else {
                problems.append(
                    TimelineProblem(path: "variables.\(name).default", expected: kind.expectation, found: d.kindDescription))
                return nil
            }
            values[name] = d
            return d
        }
        for name in kinds.keys.sorted() { _ = value(of: name, []) }
        guard problems.isEmpty else { throw TimelineError(file: file, problems: problems) }
        return (values, kinds)
    }

    /// Puts each of `given` into `values`, read as its variable's type (of `kinds`); a name
    /// not declared or a value of the wrong type is a problem named by the value's source.
    static func apply(
        _ given: [String: TemplateValue], kinds: [String: Kind], to values: inout [String: JSONValue],
        problems: inout [TimelineProblem]
    ) {
        for (name, value) in given.sorted(by: { $0.key < $1.key }) {
            guard let kind = kinds[name] else {
                problems.append(
                    TimelineProblem(
                        path: value.source,
                        expected: "a variable the timeline declares (\(kinds.keys.sorted().joined(separator: ", ")))",
                        found: "\"\(name)\"", suggestion: Suggestion.didYouMean(name, in: kinds.keys.sorted())))
                continue
            }
            if let v = kind.value(of: value, problems: &problems) { values[name] = v }
        }
    }

    /// Whether `name` may name a variable: ASCII letters, digits and `_`, not starting with a digit.
    public static func isName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return name.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_"
        }
    }

    /// The document's values with the variables replaced, and what did not resolve.
    private struct Walker {
        let values: [String: JSONValue]
        let kinds: [String: Kind]
        var problems: [TimelineProblem] = []

        /// Keys whose strings take `{{NAME}}`: a text layer's string, a run's text, an id.
        static let textKeys: Set<String> = ["string", "text", "id"]

        mutating func replace(_ v: JSONValue, path: String, key: String?) -> JSONValue {
            switch v {
            case .object(let members):
                if members.count == 1, members[0].key == "var" {
                    guard case .string(let name) = members[0].value, let value = values[name] else {
                        problems.append(
                            TimelineProblem(
                                path: path, expected: "a declared variable (\(values.keys.sorted().joined(separator: ", ")))",
                                found: members[0].value.kindDescription))
                        return v
                    }
                    return value
                }
                return .object(
                    members.map { m in
                        (m.key, replace(m.value, path: path.isEmpty ? m.key : "\(path).\(m.key)", key: m.key))
                    })
            case .array(let items):
                return .array(items.enumerated().map { i, item in replace(item, path: "\(path)[\(i)]", key: key) })
            case .string(let s) where key.map(Walker.textKeys.contains) == true && s.contains("{{"):
                return .string(fill(s, path: path))
            default:
                return v
            }
        }

        /// `s` with each `{{NAME}}` replaced by the value's text.
        mutating func fill(_ s: String, path: String) -> String {
            var out = ""
            var rest = Substring(s)
            while let open = rest.range(of: "{{") {
                out += rest[..<open.lowerBound]
                let after = rest[open.upperBound...]
                guard let close = after.range(of: "}}"), let value = values[String(after[..<close.lowerBound])] else {
                    let shown = after.prefix(30)
                    problems.append(
                        TimelineProblem(
                            path: path,
                            expected: "`{{NAME}}` naming a declared variable (\(values.keys.sorted().joined(separator: ", ")))",
                            found: "\"{{\(shown)\""))
                    return s
                }
                out += Kind.text(of: value)
                rest = after[close.upperBound...]
            }
            return out + rest
        }
    }
}

/// A value given for a template variable, and where it came from (`--set NAME`, a data row's
/// column), which messages name.
public struct TemplateValue: Hashable, Sendable {
    public enum Form: Hashable, Sendable {
        /// Text written as `--set` writes the type (`true`, `0.5`, `#FF8800`, a path).
        case written(String)
        /// A JSON value (a JSONL or JSON row's), or text read as `written`.
        case json(JSONValue)
    }

    public var form: Form
    public var source: String

    public init(_ form: Form, source: String) { (self.form, self.source) = (form, source) }

    /// `--set NAME=VALUE`.
    public static func set(_ name: String, _ text: String) -> TemplateValue {
        TemplateValue(.written(text), source: "--set \(name)")
    }
}

extension TemplateVariables.Kind {
    /// The value `given` holds as this type; nil, with the problem named by its source, when
    /// it holds none.
    public func value(of given: TemplateValue, problems: inout [TimelineProblem]) -> JSONValue? {
        switch given.form {
        case .written(let text), .json(.string(let text)):
            guard let v = parse(text) else {
                problems.append(TimelineProblem(path: given.source, expected: expectation, found: "\"\(text)\""))
                return nil
            }
            return v
        case .json(let v):
            guard holds(v) else {
                problems.append(TimelineProblem(path: given.source, expected: expectation, found: v.kindDescription))
                return nil
            }
            return v
        }
    }

    /// How the value is written, for messages.
    var expectation: String {
        switch self {
        case .text: return "text"
        case .number: return "a number"
        case .color:
            return
                "a colour \"#RRGGBB\", \"#RRGGBBAA\" or a CSS colour (a name, rgb(), hsl()) (or [red, green, blue, alpha] in the file)"
        case .asset: return "a file path"
        case .boolean: return "true or false"
        }
    }

    /// A `--set` value read as this type; nil when it is not one.
    func parse(_ text: String) -> JSONValue? {
        switch self {
        case .text: return .string(text)
        case .asset: return text.isEmpty ? nil : .string(text)
        case .boolean: return text == "true" ? .bool(true) : text == "false" ? .bool(false) : nil
        case .color: return Color(css: text) != nil ? .string(text) : nil
        case .number:
            guard case .number(let v)? = try? JSONParser.parse(text), abs(v) <= 1e15 else { return nil }
            return .number(v)
        }
    }

    /// Whether a default in the file is of this type.
    func holds(_ v: JSONValue) -> Bool {
        switch (self, v) {
        case (.text, .string), (.number, .number), (.boolean, .bool): return true
        case (.asset, .string(let s)): return !s.isEmpty
        case (.color, .string(let s)): return Color(css: s) != nil
        case (.color, .array(let a)):
            return (a.count == 3 || a.count == 4)
                && a.allSatisfy { if case .number(let n) = $0 { n >= 0 && n <= 1 } else { false } }
        default: return false
        }
    }

    /// A value as `{{NAME}}` writes it: text as it is, numbers in their shortest form.
    public static func text(of v: JSONValue) -> String {
        switch v {
        case .string(let s): return s
        case .bool(let b): return b ? "true" : "false"
        case .number(let n): return n == n.rounded() && abs(n) < 1e15 ? String(Int64(n)) : "\(n)"
        case .array(let items): return "[" + items.map(text(of:)).joined(separator: ", ") + "]"
        default: return ""
        }
    }
}
