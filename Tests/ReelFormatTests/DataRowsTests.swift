import Foundation
import ReelJSON
import Testing

@testable import ReelFormat
@testable import ReelTimeline

/// A template's data files (`--data`) read a row at a time: CSV by RFC 4180 (quotes, doubled
/// quotes, line breaks inside quotes, CRLF, a BOM, UTF-8), JSON Lines and JSON arrays; ragged
/// rows and bad lines are failed rows naming their row and line, and files that cannot be read
/// on are refused with their place.
@Suite struct DataRowsTests {
    func rows(_ text: String, _ ext: String = "csv") throws(DataError) -> [DataRow] {
        try rows(Data(text.utf8), ext)
    }

    func rows(_ data: Data, _ ext: String = "csv") throws(DataError) -> [DataRow] {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("rows-\(UUID().uuidString).\(ext)").path
        try! data.write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let reader = try openDataRows(path)
        var out: [DataRow] = []
        while let row = try reader.next() { out.append(row) }
        return out
    }

    func text(_ row: DataRow, _ column: String) -> String? {
        if case .written(let s)? = row.values[column] { return s }
        return nil
    }

    @Test func csvQuotingFollowsRFC4180() throws {
        let r = try rows("name,note\r\nAna,\"a, b\"\r\n\"Zoë \"\"Z\"\"\",\"two\nlines\"\r\nЖ,\r\n")
        #expect(r.count == 3)
        #expect(text(r[0], "name") == "Ana" && text(r[0], "note") == "a, b")
        #expect(text(r[1], "name") == "Zoë \"Z\"" && text(r[1], "note") == "two\nlines")
        // An empty cell sets nothing (the variable keeps its default); a JSONL "" is a value.
        #expect(text(r[2], "name") == "Ж" && r[2].values["note"] == nil)
        // Rows are numbered from the first data row; the line is where each starts.
        #expect(r.map(\.place) == ["row 1 (line 2)", "row 2 (line 3)", "row 3 (line 5)"])
    }

    @Test func aBOMIsSkippedAndBlankLinesAndAMissingLastLineEndAreFine() throws {
        let r = try rows(Data([0xEF, 0xBB, 0xBF]) + Data("name\n\nAna\nBo".utf8))
        #expect(r.map { text($0, "name") } == ["Ana", "Bo"])
        #expect(r.map(\.place) == ["row 1 (line 3)", "row 2 (line 4)"])
    }

    @Test func aRaggedRowAndAStrayQuoteAreFailedRowsAndTheOthersRead() throws {
        let r = try rows("a,b\n1,2\n3\n4,5,6\n7,x\"y\n8,9\n")
        #expect(r.count == 5)
        #expect(r[1].problem?.description == "row 2 (line 3): expected 2 fields, as the header has, found 1")
        #expect(r[2].problem?.description == "row 3 (line 4): expected 2 fields, as the header has, found 3")
        #expect(r[3].problem?.description.contains("row 4 (line 5): expected a quote only around a whole field") == true)
        #expect(r[0].problem == nil && r[4].problem == nil && text(r[4], "b") == "9")
    }

    @Test func invalidUTF8IsAFailedRow() throws {
        let r = try rows(Data("name\nok\n".utf8) + Data([0x41, 0xFF, 0x0A]))
        #expect(r[1].problem?.description == "row 2 (line 3): expected UTF-8 text, found bytes that are not UTF-8 in field 1")
    }

    @Test func filesThatCannotBeReadOnAreRefusedWithTheirPlace() {
        func refusal(_ text: String, _ ext: String = "csv") -> String {
            do {
                _ = try rows(text, ext)
                return ""
            } catch { return error.description }
        }
        #expect(
            refusal("name\nAna\n\"open\nstill open\n").hasSuffix(
                "row 2 (line 3): expected a closing quote, found the end of the file inside a quoted field"))
        #expect(refusal("").hasSuffix("line 1: expected a header of variable names, found an empty file"))
        #expect(refusal("a,,b\n").contains("the header (line 1), column 2: expected a variable name, found an empty name"))
        #expect(refusal("a,a\n").contains("expected a name no other column has, found \"a\" twice"))
        #expect(refusal("{}", "txt").contains("expected a .csv, .jsonl or .json file, found .txt"))
        #expect(refusal("{\"a\": 1}", "json").contains("expected a JSON array of objects, found an object"))
        // A cell larger than 1 MB stops the file after its first MB.
        let big = "name\n\"" + String(repeating: "x", count: (1 << 20) + 10) + "\"\n"
        #expect(refusal(big).contains("row 1 (line 2), column 1: expected a cell of at most 1 MB, found a longer one"))
    }

    @Test func jsonLinesAndJSONArraysGiveJSONValues() throws {
        let lines = try rows("{\"name\": \"Ana\", \"size\": 40}\n\n[1]\n{\"name\": \"Bo\", \"on\": true}\nnot json\n", "jsonl")
        #expect(lines.count == 4)
        #expect(lines[0].values["size"] == .json(.number(40)) && lines[0].values["name"] == .json(.string("Ana")))
        #expect(lines[1].problem?.description == "row 2 (line 3): expected a JSON object, found an array of 1")
        #expect(lines[2].values["on"] == .json(.bool(true)) && lines[2].place == "row 3 (line 4)")
        #expect(try rows("{\"name\": \"\"}\n", "jsonl")[0].values["name"] == .json(.string("")))
        #expect(lines[3].problem?.description == "row 4 (line 5): expected a JSON object, found text that is not JSON")
        let array = try rows("[{\"name\": \"Ana\"}, 3]", "json")
        #expect(array.count == 2 && array[0].values["name"] == .json(.string("Ana")))
        #expect(array[1].problem?.description == "row 2 ([1]): expected a JSON object, found the number 3")
    }
}
