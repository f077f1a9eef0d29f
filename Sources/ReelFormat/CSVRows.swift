import Foundation
import ReelTimeline

/// A CSV file (RFC 4180) read a row at a time: a header of column names, then rows of as many
/// fields; fields may be quoted (`"a, b"`, `""` for a quote, line breaks inside), lines end in
/// CRLF or LF, a UTF-8 BOM is skipped, blank lines are passed over. Read here rather than by
/// libcsv because every message must name the row's line, which libcsv does not track.
final class CSVRows: DataRows {
    private let reader: BlockReader
    private let path: String
    private(set) var columns: [String]
    /// The line the next row starts on, and rows read so far.
    private var line = 1
    private var number = 0
    /// The largest cell: a value, not a file (a 1 GB cell is refused after its first MB).
    static let maximumCellBytes = 1 << 20

    init(_ file: FileHandle, path: String) throws(DataError) {
        reader = BlockReader(file)
        self.path = path
        columns = []
        var first = true
        var header: Fields?
        repeat {
            header = try read(skippingBOM: first)
            first = false
        } while header?.isBlank == true
        guard let header else {
            throw DataError(file: path, place: "line 1", expected: "a header of variable names", found: "an empty file")
        }
        if let problem = header.problem {
            throw DataError(
                file: path, place: "the header (line \(header.line))", expected: problem.expected, found: problem.found)
        }
        var seen: Set<String> = []
        for (i, name) in header.texts.enumerated() {
            let trimmed = name.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty else {
                throw DataError(
                    file: path, place: "the header (line \(header.line)), column \(i + 1)", expected: "a variable name",
                    found: "an empty name")
            }
            guard seen.insert(trimmed).inserted else {
                throw DataError(
                    file: path, place: "the header (line \(header.line)), column \(i + 1)",
                    expected: "a name no other column has",
                    found: "\"\(trimmed)\" twice")
            }
        }
        columns = header.texts.map { $0.trimmingCharacters(in: .whitespaces) }
    }

    func next() throws(DataError) -> DataRow? {
        var fields: Fields?
        repeat { fields = try read(skippingBOM: false) } while fields?.isBlank == true
        guard let fields else { return nil }
        number += 1
        let place = DataRow.at(number, line: fields.line)
        if let problem = fields.problem {
            return DataRow(
                number: number, place: place,
                problem: TimelineProblem(path: place, expected: problem.expected, found: problem.found))
        }
        guard fields.texts.count == columns.count else {
            return DataRow(
                number: number, place: place,
                problem: TimelineProblem(
                    path: place, expected: "\(columns.count) fields, as the header has", found: "\(fields.texts.count)"))
        }
        var values: [String: TemplateValue.Form] = [:]
        // An empty cell sets nothing: the variable keeps its default (extensions.md).
        for (name, text) in zip(columns, fields.texts) where !text.isEmpty { values[name] = .written(text) }
        return DataRow(number: number, place: place, values: values)
    }

    /// One record's fields, the line it starts on, and what is wrong with it.
    private struct Fields {
        var texts: [String] = []
        var line: Int
        var problem: (expected: String, found: String)?
        var isBlank: Bool { texts.count == 1 && texts[0].isEmpty && problem == nil }
    }

    /// Reads one record; nil at the end of the file.
    private func read(skippingBOM: Bool) throws(DataError) -> Fields? {
        var record = Fields(line: line)
        var cell: [UInt8] = []
        var quoted = false
        /// Inside quotes; `closed` after the closing quote (only a comma or line end may follow).
        var inQuotes = false
        var closed = false
        var started = false
        var bomLeft = skippingBOM ? 3 : 0
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        func finishCell() {
            if let text = String(validating: cell, as: UTF8.self) {
                record.texts.append(text)
            } else {
                record.texts.append("")
                if record.problem == nil {
                    record.problem = ("UTF-8 text", "bytes that are not UTF-8 in field \(record.texts.count)")
                }
            }
            cell.removeAll(keepingCapacity: true)
            (quoted, closed) = (false, false)
        }
        while let b = reader.next() {
            if bomLeft > 0 {
                if b == bom[3 - bomLeft] {
                    bomLeft -= 1
                    continue
                }
                cell.append(contentsOf: bom[0..<(3 - bomLeft)])
                bomLeft = 0
            }
            started = true
            if inQuotes {
                if b == 0x22 {
                    inQuotes = false
                    closed = true
                } else {
                    if b == 0x0A { line += 1 }
                    cell.append(b)
                }
            } else if b == 0x22 {
                if closed {
                    // `""` inside a quoted field: one quote.
                    cell.append(b)
                    (inQuotes, closed) = (true, false)
                } else if cell.isEmpty && !quoted {
                    (quoted, inQuotes) = (true, true)
                } else if record.problem == nil {
                    record.problem = ("a quote only around a whole field", "a quote inside field \(record.texts.count + 1)")
                }
            } else if b == 0x2C {
                finishCell()
            } else if b == 0x0A || b == 0x0D {
                if b == 0x0D, let after = reader.next(), after != 0x0A {
                    // A lone CR ends the line too; the byte after it begins the next record.
                    line += 1
                    finishCell()
                    reader.unread()
                    return record
                }
                line += 1
                finishCell()
                return record
            } else {
                if closed, record.problem == nil {
                    record.problem = (
                        "a comma or the line's end after a closing quote", "more text in field \(record.texts.count + 1)"
                    )
                }
                cell.append(b)
            }
            if cell.count > Self.maximumCellBytes {
                throw DataError(
                    file: path, place: "\(DataRow.at(number + 1, line: record.line)), column \(record.texts.count + 1)",
                    expected: "a cell of at most 1 MB", found: "a longer one")
            }
        }
        if inQuotes {
            throw DataError(
                file: path, place: DataRow.at(number + 1, line: record.line), expected: "a closing quote",
                found: "the end of the file inside a quoted field")
        }
        guard started || !cell.isEmpty else { return nil }
        finishCell()
        return record
    }
}
