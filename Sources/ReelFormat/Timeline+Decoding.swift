import Foundation
import ReelCore
import ReelJSON
import ReelLayers
import ReelTimeline

/// A timeline read from Reel's file format: its text parsed (syntax errors said of the document),
/// templates resolved, and the document decoded with every problem at its JSON path.
extension Timeline {
    /// Decodes timeline JSON; `baseDirectory` resolves relative asset paths and is the
    /// assets' root; `canvasDefaults` fill canvas keys the file leaves out.
    public static func decode(
        _ text: String, file: String = "<timeline>", name: String = "timeline",
        baseDirectory: String = FileManager.default.currentDirectoryPath, canvasDefaults: Canvas.Defaults? = nil,
        variables: [String: TemplateValue] = [:], scenes: SceneSources = .reelFilesOnly
    ) throws(TimelineError) -> Timeline {
        let json = try TemplateVariables.resolve(parse(text, file: file), set: variables, file: file)
        return try decode(
            json: json, file: file, name: name, baseDirectory: baseDirectory, canvasDefaults: canvasDefaults, scenes: scenes)
    }

    /// JSON text parsed, or its syntax error said of the document, at its line and column,
    /// with the line shown (every reader of Reel's and Lottie's files reports it so).
    public static func parse(_ text: String, file: String) throws(TimelineError) -> JSONValue {
        do {
            return try JSONParser.parse(text)
        } catch {
            // Said of the document, not of the member being read: the error may lie anywhere before it.
            throw TimelineError(
                file: file,
                problems: [
                    TimelineProblem(
                        path: "", expected: "valid JSON", found: "a syntax error at \(error)\n" + excerpt(text, at: error))
                ])
        }
    }

    /// The line of `text` a syntax error lies on (a window of it around the column when the
    /// line is long), indented, with a caret under the column.
    static func excerpt(_ text: String, at error: JSONParser.SyntaxError) -> String {
        let lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        guard error.line >= 1, error.line <= lines.count else { return "" }
        let line = Array(lines[error.line - 1]).filter { $0 != UInt8(ascii: "\r") }
        let column = min(max(error.column - 1, 0), line.count)
        let start = max(0, min(column - 40, line.count - 80))
        let end = min(line.count, start + 80)
        // Whole characters only: the window's ends move off UTF-8 continuation bytes.
        var (a, b) = (start, end)
        while a > 0, a < line.count, line[a] & 0xC0 == 0x80 { a -= 1 }
        while b < line.count, line[b] & 0xC0 == 0x80 { b += 1 }
        let shown = String(decoding: line[a..<b], as: UTF8.self).replacingOccurrences(of: "\t", with: " ")
        let before = String(decoding: line[a..<column], as: UTF8.self).count
        return "    " + (a > 0 ? "…" : "") + shown + (b < line.count ? "…" : "") + "\n    "
            + String(repeating: " ", count: before + (a > 0 ? 1 : 0)) + "^"
    }

    /// Decodes a timeline document already parsed (an imported file's, made in memory).
    public static func decode(
        json: consuming JSONValue, file: String = "<timeline>", name: String = "timeline",
        baseDirectory: String = FileManager.default.currentDirectoryPath, canvasDefaults: Canvas.Defaults? = nil,
        scenes: SceneSources = .reelFilesOnly
    ) throws(TimelineError) -> Timeline {
        let result = TimelineDecoder(baseDirectory: baseDirectory, canvasDefaults: canvasDefaults, sceneSources: scenes)
            .decode(json, defaultName: name)
        JSONValue.releaseInBackground(consume json)
        guard var timeline = result.timeline else {
            var error = TimelineError(file: file, problems: result.problems, warnings: result.warnings)
            error.assetFiles = result.assetFiles
            throw error
        }
        timeline.file = file
        return timeline
    }

    /// Reads and validates a timeline file, reporting every problem at once.
    /// `variables` are values of the timeline's template variables (`--set`), by name.
    public static func load(
        contentsOf path: String, canvasDefaults: Canvas.Defaults? = nil, variables: [String: TemplateValue] = [:],
        scenes: SceneSources = .reelFilesOnly
    ) throws(TimelineError) -> Timeline {
        let url = URL(fileURLWithPath: path)
        return try decode(
            readText(path), file: path, name: url.deletingPathExtension().lastPathComponent,
            baseDirectory: url.deletingLastPathComponent().path, canvasDefaults: canvasDefaults, variables: variables,
            scenes: scenes)
    }

    /// A timeline file's text: refused when too large, unreadable or not UTF-8.
    static func readText(_ path: String) throws(TimelineError) -> String {
        if let reason = AssetFiles.unreadable(path) {
            throw TimelineError.file(path, expected: "a readable timeline file", found: reason)
        }
        do {
            return try TextFile.text(path, limit: Timeline.maximumFileBytes)
        } catch {
            switch error {
            case .tooLarge(let size):
                throw TimelineError.file(
                    path, expected: "a timeline file of at most \(Timeline.maximumFileBytes >> 20) MB", found: "\(size >> 20) MB")
            case .unreadable(let why):
                throw TimelineError.file(path, expected: "a readable UTF-8 file", found: "it could not be read (\(why))")
            case .notUTF8(let at, let line):
                throw TimelineError.file(
                    path, expected: "a UTF-8 file", found: "bytes that are not UTF-8 at byte \(at) (line \(line))")
            }
        }
    }
}
