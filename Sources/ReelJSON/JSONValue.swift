import Dispatch

/// A parsed JSON document that keeps what Foundation's parser drops: integers apart from
/// doubles, booleans apart from numbers, and the order of object keys.
public enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(key: String, value: JSONValue)])

    public static func == (l: JSONValue, r: JSONValue) -> Bool {
        switch (l, r) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.number(let a), .number(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.array(let a), .array(let b)): return a == b
        case (.object(let a), .object(let b)): return a.map(\.key) == b.map(\.key) && a.map(\.value) == b.map(\.value)
        default: return false
        }
    }

    public func hash(into h: inout Hasher) {
        switch self {
        case .null: h.combine(0)
        case .bool(let b): h.combine(b)
        case .number(let n): h.combine(n)
        case .string(let s): h.combine(s)
        case .array(let a): h.combine(a)
        case .object(let o):
            for (k, v) in o {
                h.combine(k)
                h.combine(v)
            }
        }
    }

    /// Frees `value` on another thread: a large document's millions of nodes take a while to
    /// free, and the work that follows its decoding need not wait for that.
    public static func releaseInBackground(_ value: consuming JSONValue) {
        final class Held: @unchecked Sendable {
            var value: JSONValue?
            init(_ value: consuming JSONValue) { self.value = value }
        }
        let held = Held(value)
        DispatchQueue.global(qos: .utility).async { held.value = nil }
    }

    /// How the value is named in error messages ("a number", "an array", ...).
    public var kindDescription: String {
        switch self {
        case .null: return "null"
        case .bool(let b): return "\(b)"
        case .number(let n): return n == n.rounded() && abs(n) < 1e15 ? "the number \(Int(n))" : "the number \(n)"
        case .string(let s):
            // Escaped (no control character reaches the terminal) and cut short.
            let shown = s.unicodeScalars.count > 80 ? String(String.UnicodeScalarView(s.unicodeScalars.prefix(77))) + "..." : s
            return "the string " + JSONValue.quote(shown)
        case .array(let a): return "an array of \(a.count)"
        case .object: return "an object"
        }
    }

    /// The value for `key` when this is an object that has it.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// JSON text indented by two spaces per level, one member or element per line.
    public func pretty(indent: String = "") -> String {
        let inner = indent + "  "
        switch self {
        case .array(let a)
        where !a.isEmpty
            && a.contains(where: {
                if case .object = $0 { return true }
                if case .array = $0 { return true }
                return false
            }):
            return "[\n" + a.map { inner + $0.pretty(indent: inner) }.joined(separator: ",\n") + "\n" + indent + "]"
        case .object(let o) where !o.isEmpty:
            return "{\n"
                + o.map { inner + JSONValue.quote($0.key) + ": " + $0.value.pretty(indent: inner) }.joined(separator: ",\n")
                + "\n" + indent + "}"
        default:
            return serialized
        }
    }

    /// Compact JSON text.
    public var serialized: String {
        switch self {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(let n):
            // Swift prints the shortest text that reads back as the same double.
            return n == n.rounded() && abs(n) < 1e15 ? String(Int(n)) : "\(n)"
        case .string(let s): return JSONValue.quote(s)
        case .array(let a): return "[" + a.map(\.serialized).joined(separator: ",") + "]"
        case .object(let o):
            return "{" + o.map { JSONValue.quote($0.key) + ":" + $0.value.serialized }.joined(separator: ",") + "}"
        }
    }

    /// `s` as a JSON string literal: quotes, backslashes and control characters escaped.
    public static func quote(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if u.value < 0x20 {
                    let hex = String(u.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        return out + "\""
    }
}
