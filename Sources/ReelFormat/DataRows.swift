import Foundation
import ReelCore
import ReelJSON
import ReelTimeline

/// The rows of a template's data file (`--data`), read one at a time so that a file of a
/// million rows is never held whole: CSV (RFC 4180, `CSVRows`), JSON Lines (one object a
/// line) or a JSON array of objects (read whole, as JSON must be), picked by the extension.
public protocol DataRows: AnyObject {
    /// The column names (a CSV's header; for JSON, the keys seen so far).
    var columns: [String] { get }
    /// The next row; nil after the last.
    func next() throws(DataError) -> DataRow?
}

/// Opens the data file at `path` by its extension: `.csv`, `.jsonl` (or `.ndjson`), `.json`.
public func openDataRows(_ path: String) throws(DataError) -> any DataRows {
    let ext = URL(fileURLWithPath: path).pathExtension.lowercased()
    let file: FileHandle
    do {
        guard !FileManager.default.fileExists(atPath: path, isDirectory: nil) || !isFolder(path) else {
            throw DataError(file: path, place: "the file", expected: "a data file", found: "a folder")
        }
        file = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
    } catch let e as DataError {
        throw e
    } catch {
        throw DataError(file: path, place: "the file", expected: "a readable data file", found: "no file it can read")
    }
    switch ext {
    case "csv": return try CSVRows(file, path: path)
    case "jsonl", "ndjson": return JSONLinesRows(file, path: path)
    case "json": return try JSONArrayRows(file, path: path)
    default:
        throw DataError(
            file: path, place: "its name", expected: "a .csv, .jsonl or .json file",
            found: ext.isEmpty ? "no extension" : ".\(ext)")
    }
}

private func isFolder(_ path: String) -> Bool {
    var folder: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &folder) && folder.boolValue
}

/// Reads a file in blocks, for the line-by-line readers.
final class BlockReader {
    private let file: FileHandle
    private var block: [UInt8] = []
    private var at = 0
    private(set) var ended = false

    init(_ file: FileHandle) { self.file = file }

    deinit { try? file.close() }

    /// The next byte; nil at the end.
    @inline(__always)
    func next() -> UInt8? {
        if at == block.count {
            guard !ended, let data = try? file.read(upToCount: 1 << 20), !data.isEmpty else {
                ended = true
                return nil
            }
            block = [UInt8](data)
            at = 0
        }
        defer { at += 1 }
        return block[at]
    }

    /// Steps back over the byte `next()` just gave.
    func unread() { at -= 1 }
}

/// A JSON Lines file: each non-blank line an object of column values.
final class JSONLinesRows: DataRows {
    private let reader: BlockReader
    private let path: String
    private var line = 0
    private var number = 0
    private(set) var columns: [String] = []
    /// The longest line read: a row's values, not a document.
    static let maximumLineBytes = 1 << 20

    init(_ file: FileHandle, path: String) {
        reader = BlockReader(file)
        self.path = path
    }

    func next() throws(DataError) -> DataRow? {
        while true {
            var bytes: [UInt8] = []
            var sawAny = false
            while let b = reader.next() {
                sawAny = true
                if b == 0x0A { break }
                bytes.append(b)
                if bytes.count > Self.maximumLineBytes {
                    throw DataError(
                        file: path, place: "line \(line + 1)", expected: "a line of at most 1 MB", found: "a longer line")
                }
            }
            guard sawAny else { return nil }
            line += 1
            if bytes.last == 0x0D { bytes.removeLast() }
            if line == 1, bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
            guard bytes.contains(where: { $0 != 0x20 && $0 != 0x09 }) else { continue }
            number += 1
            guard let text = String(validating: bytes, as: UTF8.self) else {
                let place = DataRow.at(number, line: line)
                return DataRow(
                    number: number, place: place,
                    problem: TimelineProblem(path: place, expected: "UTF-8 text", found: "bytes that are not UTF-8"))
            }
            let place = DataRow.at(number, line: line)
            guard let json = try? JSONParser.parse(text) else {
                return DataRow(
                    number: number, place: place,
                    problem: TimelineProblem(path: place, expected: "a JSON object", found: "text that is not JSON"))
            }
            return JSONArrayRows.row(json, number: number, place: place, columns: &columns)
        }
    }
}

/// A JSON file holding an array of objects, read whole.
final class JSONArrayRows: DataRows {
    private var items: [JSONValue]
    private var index = 0
    private(set) var columns: [String] = []
    /// A JSON array is parsed whole: larger data belongs in CSV or JSON Lines, which stream.
    static let maximumBytes = 64 << 20

    init(_ file: FileHandle, path: String) throws(DataError) {
        let size = (try? file.seekToEnd()) ?? 0
        guard size <= UInt64(Self.maximumBytes) else {
            throw DataError(
                file: path, place: "the file",
                expected: "a JSON array of at most 64 MB (use .csv or .jsonl for more: they stream)",
                found: "\(size >> 20) MB")
        }
        try? file.seek(toOffset: 0)
        let data = (try? file.readToEnd()) ?? Data()
        try? file.close()
        let text: String
        do {
            text = try TextFile.utf8(data)
        } catch {
            let at = if case .notUTF8(let byte, let line) = error { " at byte \(byte) (line \(line))" } else { "" }
            throw DataError(file: path, place: "the file", expected: "UTF-8 JSON", found: "bytes that are not UTF-8" + at)
        }
        let json: JSONValue
        do {
            json = try JSONParser.parse(text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text)
        } catch {
            throw DataError(file: path, place: "\(error)", expected: "a JSON array of objects", found: "a syntax error")
        }
        guard case .array(let items) = json else {
            throw DataError(file: path, place: "the file", expected: "a JSON array of objects", found: json.kindDescription)
        }
        self.items = items
    }

    func next() throws(DataError) -> DataRow? {
        guard index < items.count else { return nil }
        defer {
            items[index] = .null
            index += 1
        }
        return Self.row(items[index], number: index + 1, place: "row \(index + 1) ([\(index)])", columns: &columns)
    }

    /// A row from one JSON object: strings are read as `--set` reads them, other values as they are.
    static func row(_ json: JSONValue, number: Int, place: String, columns: inout [String]) -> DataRow {
        guard case .object(let members) = json else {
            return DataRow(
                number: number, place: place,
                problem: TimelineProblem(path: place, expected: "a JSON object", found: json.kindDescription))
        }
        var values: [String: TemplateValue.Form] = [:]
        for (key, value) in members {
            if !columns.contains(key) { columns.append(key) }
            values[key] = .json(value)
        }
        return DataRow(number: number, place: place, values: values)
    }
}
