import Foundation
import Testing

@testable import ReelJSON

/// The JSON reader accepts exactly RFC 8259 (plus a leading byte order mark) and reports
/// what it rejects at its line and column.
@Suite struct JSONParserTests {
    @Test(arguments: [
        ("01", "invalid number 01"), ("-01", "invalid number -01"), ("1.", "invalid number 1."), (".5", "expected a value"),
        ("+1", "expected a value"), ("1e", "invalid number 1e"), ("1e+", "invalid number 1e+"), ("-", "invalid number -"),
        ("1e999", "too large"), ("1e309", "out of range"), ("-1e309", "out of range"), ("[1,]", "expected a value"),
        ("{\"a\": 1,}", "expected a quoted key"),
        ("// c\n1", "expected a value"), ("/* c */ 1", "expected a value"), ("[1] x", "unexpected text"),
        ("\"\\uDC00\"", "low surrogate"), ("\"\\uD800\"", "high surrogate"),
        ("\"\\uD800\\u0041\"", "high surrogate"), ("\"\\u+123\"", "invalid \\u escape"),
        ("\"a\u{01}b\"", "control character"), ("\"a\nb\"", "control character"), ("{\"a\": 1, \"a\": 2}", "duplicate key"),
        ("NaN", "expected a value"), ("'a'", "expected a value"), ("[1 2]", "expected ',' or ']'")
    ])
    func rejects(text: String, message: String) {
        #expect {
            try JSONParser.parse(text)
        } throws: { error in
            "\(error)".contains(message)
        }
    }

    @Test(arguments: [
        ("0", JSONValue.number(0)), ("-0.5e-3", .number(-0.0005)), ("10E2", .number(1000)), ("1.25", .number(1.25)),
        ("\u{FEFF}[true]", .array([.bool(true)])), ("\"\\uD83D\\uDE00\"", .string("😀")), ("\"\\/\\u00e9\"", .string("/é")),
        (" {\"a\" : [ null ] } ", .object([(key: "a", value: .array([.null]))]))
    ])
    func accepts(text: String, value: JSONValue) throws {
        #expect(try JSONParser.parse(text) == value)
    }

    @Test func errorsCarryLineAndColumn() {
        #expect {
            try JSONParser.parse("{\n  \"a\": 01\n}")
        } throws: { error in
            guard let e = error as? JSONParser.SyntaxError else { return false }
            return e.line == 2 && e.column == 8
        }
    }

    /// Short numbers take a fast path (digits over an exact power of ten); each must be the
    /// Double the text gives through the standard conversion, bit for bit.
    @Test func numbersAreTheDoublesTheirTextGives() throws {
        var g = SystemRandomNumberGenerator()
        var texts = [
            "0", "-0", "0.1", "0.3", "-12.5", "123456789012345", "1234567.89012345", "0.000000000000001", "9.999999999999999"
        ]
        for _ in 0..<20_000 {
            let digits = Int.random(in: 1...16, using: &g)
            let n = (0..<digits).map { _ in String(Int.random(in: 0...9, using: &g)) }.joined()
            let point = Int.random(in: 0...digits, using: &g)
            var text = point == digits ? n : String(n.prefix(point)) + "." + String(n.dropFirst(point))
            if text.hasPrefix(".") { text = "0" + text }
            while text.count > 1, text.hasPrefix("0"), !text.hasPrefix("0.") { text.removeFirst() }
            texts.append(Bool.random(using: &g) ? "-" + text : text)
        }
        for text in texts {
            guard case .number(let v) = try JSONParser.parse(text) else {
                Issue.record("\(text) is no number")
                continue
            }
            #expect(v.bitPattern == Double(text)!.bitPattern, "\(text)")
        }
    }

    /// Numbers of any length (1 to 400 digits, with fractions and exponents) and the edge
    /// cases of the fast path and of Double's range read as the standard conversion reads them.
    @Test func numbersOfAnyLengthAreTheDoublesTheirTextGives() throws {
        var g = SystemRandomNumberGenerator()
        var texts = [
            "9007199254740991", "9007199254740992", "9007199254740993", "9223372036854775807", "9223372036854775808",
            "-9223372036854775809", "18446744073709551615", "18446744073709551616", "1e308", "1.7976931348623157e308",
            "4.9e-324", "5e-324", "2.4703282292062327e-324", "1e-400", "-0", "-0.0", "0e0", "-0e-5", "100000000000000000000",
            "100000000000000000000.0", "0.1e21", "1234567890123456", "123456789012345.6", "0.0000000000000001",
            String(repeating: "9", count: 400), "1." + String(repeating: "0", count: 399),
            "0." + String(repeating: "3", count: 398)
        ]
        for _ in 0..<20_000 {
            let digits = Int.random(in: 1...400, using: &g)
            var n = (0..<digits).map { _ in String(Int.random(in: 0...9, using: &g)) }.joined()
            while n.count > 1, n.hasPrefix("0") { n.removeFirst() }
            var text = n
            if Bool.random(using: &g) {
                let fraction = Int.random(in: 1...max(1, 400 - digits), using: &g)
                text += "." + (0..<fraction).map { _ in String(Int.random(in: 0...9, using: &g)) }.joined()
            }
            if Bool.random(using: &g) {
                text += ["e", "E", "e+", "e-"].randomElement(using: &g)! + String(Int.random(in: 0...400, using: &g))
            }
            texts.append(Bool.random(using: &g) ? "-" + text : text)
        }
        for text in texts {
            let expected = Double(text)!
            guard expected.isFinite else {
                #expect(throws: JSONParser.SyntaxError.self, "\(text)") { try JSONParser.parse(text) }
                continue
            }
            guard case .number(let v) = try JSONParser.parse(text) else {
                Issue.record("\(text) is no number")
                continue
            }
            #expect(v.bitPattern == expected.bitPattern, "\(text)")
        }
        // The edge cases the issue names, bit for bit against Foundation's JSON reader too.
        for text in ["9007199254740993", "9223372036854775808", "18446744073709551616", "1e308", "4.9e-324", "-0.0"] {
            let foundation = try JSONDecoder().decode([Double].self, from: Data("[\(text)]".utf8))[0]
            guard case .number(let v) = try JSONParser.parse(text) else { continue }
            #expect(v.bitPattern == foundation.bitPattern, "\(text)")
        }
    }

    /// A number out of range names the value it is in, as a timeline's paths do.
    @Test func errorsCarryTheJSONPath() {
        #expect {
            try JSONParser.parse("{\"layers\": [{\"frame\": [20, 250, 400, 1e400]}]}")
        } throws: { error in
            (error as? JSONParser.SyntaxError)?.path == "layers[0].frame[3]"
        }
    }
}
