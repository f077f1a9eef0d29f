/// Parses JSON text (RFC 8259) into a `JSONValue`, reporting syntax errors by line and column.
public struct JSONParser {
    /// A syntax error with its 1-based position and the JSON path of the value it is in.
    public struct SyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
        public let line: Int
        public let column: Int
        public let message: String
        /// `layers[0].bounds[2]`: the members and items around the error, outermost first;
        /// empty at the top level.
        public internal(set) var path = ""
        public var description: String { "line \(line), column \(column): \(message)" }

        /// The error as seen from the container one level up, whose member `key` holds it.
        func inside(member key: String) -> SyntaxError {
            var outer = self
            outer.path = path.isEmpty ? key : path.hasPrefix("[") ? key + path : key + "." + path
            return outer
        }

        /// The error as seen from the array one level up, whose item `item` holds it.
        func inside(item: Int) -> SyntaxError {
            var outer = self
            outer.path = path.isEmpty || path.hasPrefix("[") ? "[\(item)]" + path : "[\(item)]." + path
            return outer
        }
    }

    private let bytes: [UInt8]
    private var index = 0
    /// The members and items of the containers being read, innermost last: a container is
    /// made once, at its full size, when it closes (appending to it would grow it step by step).
    private var pendingMembers: [(key: String, value: JSONValue)] = []
    private var pendingItems: [JSONValue] = []

    public static func parse(_ text: String) throws(SyntaxError) -> JSONValue {
        var parser = JSONParser(bytes: Array(text.utf8))
        // A UTF-8 byte order mark is accepted and skipped.
        if parser.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
        parser.skipWhitespace()
        let value = try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        guard parser.index == parser.bytes.count else { throw parser.error("unexpected text after the JSON value") }
        return value
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private func error(_ message: String) -> SyntaxError {
        var line = 1
        var column = 1
        for b in bytes[..<min(index, bytes.count)] {
            if b == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if b & 0xC0 != 0x80 {
                column += 1
            }
        }
        return SyntaxError(line: line, column: column, message: message)
    }

    private mutating func skipWhitespace() {
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x09 || bytes[index] == 0x0D {
            index += 1
        }
    }

    /// Powers of ten a Double holds exactly.
    private static let exactPowers: [Double] = (0...22).map { (0..<$0).reduce(1.0) { r, _ in r * 10 } }

    /// The value of a number written `-?digits(.digits)?` with at most 15 digits, without
    /// text: its digits as a whole number (exact) divided by an exact power of ten, one
    /// correctly rounded division, so the same Double the text gives (Clinger's fast path).
    /// Nil for anything else (an exponent, more digits), which takes the slow way.
    private func fastNumber(_ range: Range<Int>) -> Double? {
        var i = range.lowerBound
        let negative = bytes[i] == UInt8(ascii: "-")
        if negative { i += 1 }
        var whole: Int64 = 0
        var digits = 0
        var decimals = -1
        while i < range.upperBound {
            let b = bytes[i]
            if b == UInt8(ascii: ".") {
                decimals = 0
            } else if b >= UInt8(ascii: "0"), b <= UInt8(ascii: "9") {
                // Past 15 digits the whole number may not be exact (and past 18 it would
                // overflow): the slow way reads it.
                guard digits < 15 else { return nil }
                whole = whole * 10 + Int64(b - UInt8(ascii: "0"))
                digits += 1
                if decimals >= 0 { decimals += 1 }
            } else {
                return nil
            }
            i += 1
        }
        let v = Double(whole) / Self.exactPowers[max(decimals, 0)]
        return negative ? -v : v
    }

    private mutating func expect(_ literal: String, _ value: JSONValue) throws(SyntaxError) -> JSONValue {
        for b in literal.utf8 {
            guard index < bytes.count, bytes[index] == b else { throw error("expected \(literal)") }
            index += 1
        }
        return value
    }

    private mutating func parseValue(depth: Int) throws(SyntaxError) -> JSONValue {
        guard depth < 256 else { throw error("nesting deeper than 256 levels") }
        guard index < bytes.count else { throw error("unexpected end of file, expected a value") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth)
        case UInt8(ascii: "["): return try parseArray(depth: depth)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): return try expect("true", .bool(true))
        case UInt8(ascii: "f"): return try expect("false", .bool(false))
        case UInt8(ascii: "n"): return try expect("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw error("unexpected character '\(String(decoding: [bytes[index]], as: UTF8.self))', expected a value")
        }
    }

    private mutating func parseObject(depth: Int) throws(SyntaxError) -> JSONValue {
        index += 1
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object([])
        }
        let first = pendingMembers.count
        defer { pendingMembers.removeSubrange(first...) }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("expected a quoted key") }
            let key = try parseString()
            if pendingMembers[first...].contains(where: { $0.key == key }) { throw error("duplicate key \"\(key)\"") }
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected ':' after the key") }
            index += 1
            skipWhitespace()
            let value: JSONValue
            do { value = try parseValue(depth: depth + 1) } catch { throw error.inside(member: key) }
            pendingMembers.append((key, value))
            guard try continues(closing: "}", in: "an object") else { return .object(Array(pendingMembers[first...])) }
        }
    }

    private mutating func parseArray(depth: Int) throws(SyntaxError) -> JSONValue {
        index += 1
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array([])
        }
        let first = pendingItems.count
        defer { pendingItems.removeSubrange(first...) }
        while true {
            skipWhitespace()
            let item: JSONValue
            do { item = try parseValue(depth: depth + 1) } catch { throw error.inside(item: pendingItems.count - first) }
            pendingItems.append(item)
            guard try continues(closing: "]", in: "an array") else { return .array(Array(pendingItems[first...])) }
        }
    }

    /// After a member or an item: true at ',' (another follows), false at `closing` (the
    /// container ends); both are consumed. Anything else is an error naming `container`.
    private mutating func continues(closing: Unicode.Scalar, in container: String) throws(SyntaxError) -> Bool {
        skipWhitespace()
        guard index < bytes.count else { throw error("unexpected end of file inside \(container)") }
        let byte = bytes[index]
        guard byte == UInt8(ascii: ",") || byte == UInt8(ascii: closing) else {
            throw error("expected ',' or '\(closing)' in \(container)")
        }
        index += 1
        return byte == UInt8(ascii: ",")
    }

    private mutating func parseString() throws(SyntaxError) -> String {
        index += 1
        // Most strings have no escape: made straight from the file's bytes.
        let start = index
        while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\"),
            bytes[index] >= 0x20
        {
            index += 1
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
            index += 1
            return String(decoding: bytes[start..<index - 1], as: UTF8.self)
        }
        var out = Array(bytes[start..<index])
        while index < bytes.count {
            let b = bytes[index]
            index += 1
            switch b {
            case UInt8(ascii: "\""): return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard index < bytes.count else { break }
                let e = bytes[index]
                index += 1
                switch e {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    var code = try parseHex4()
                    if (0xD800..<0xDC00).contains(code) {
                        // A high surrogate must be followed by a low one.
                        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
                        else {
                            throw error("a \\u high surrogate without its low surrogate")
                        }
                        index += 2
                        let low = try parseHex4()
                        guard (0xDC00..<0xE000).contains(low) else {
                            throw error("a \\u high surrogate without its low surrogate")
                        }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00..<0xE000).contains(code) {
                        throw error("a \\u low surrogate without a high surrogate before it")
                    }
                    out.append(contentsOf: Array(String(Character(Unicode.Scalar(code) ?? "\u{FFFD}")).utf8))
                default: throw error("invalid escape in a string")
                }
            case 0..<0x20: throw error("control character in a string")
            default: out.append(b)
            }
        }
        throw error("unterminated string")
    }

    private mutating func parseHex4() throws(SyntaxError) -> UInt32 {
        let hex = Set("0123456789abcdefABCDEF".utf8)
        guard index + 4 <= bytes.count, bytes[index..<index + 4].allSatisfy(hex.contains),
            let v = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
        else {
            throw error("invalid \\u escape")
        }
        index += 4
        return v
    }

    /// A number as RFC 8259 writes it: -? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?;
    /// no leading zeros, no bare '.', no '+', and finite.
    private mutating func parseNumber() throws(SyntaxError) -> JSONValue {
        let start = index
        func digits() -> Int {
            let from = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            return index - from
        }
        func fail() -> SyntaxError {
            var end = index
            while end < bytes.count, Set("+-0123456789.eE".utf8).contains(bytes[end]) { end += 1 }
            let text = String(decoding: bytes[start..<end], as: UTF8.self)
            index = start
            return error("invalid number \(text)")
        }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count else { throw fail() }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { throw fail() }
        } else if digits() == 0 {
            throw fail()
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw fail() }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw fail() }
        }
        if let v = fastNumber(start..<index) { return .number(v) }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let v = Double(text), v.isFinite else {
            index = start
            throw error("invalid number \(text) (too large: out of range, a number holds at most ±1.7976931348623157e308)")
        }
        return .number(v)
    }
}
