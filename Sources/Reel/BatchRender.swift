import Foundation
import ReelFormat
import ReelJSON
import ReelTimeline

/// One video per row of a data file (`reel render T --data ROWS -o 'out/{name}.mp4'`, the
/// extensions page, "Templates"), in one process: the template is read once, images and fonts
/// rows share are decoded once (`AssetCache`), and rows render one after another, each with
/// every worker. A first pass reads every row and names its output, so two rows naming one
/// file are refused before anything renders; a row that fails (a bad value, a missing asset,
/// a bad name) is reported with its row and column while the others render. A signal stops
/// the batch after the row in hand (a second one at once): finished rows keep their files,
/// and no partial file is written.
public enum BatchRender {
    /// What became of a row.
    public enum Status: String, Sendable {
        case rendered, skipped, failed
    }

    /// A row's outcome, as `--report` writes it.
    public struct RowResult: Sendable {
        public let number: Int
        public let output: String
        public let status: Status
        public let message: String
    }

    /// How a batch runs beside each row's render options.
    public struct Options: Sendable {
        public var pattern: OutputPattern
        /// Row numbers to render (from 1), `--rows A..<B`; nil: all.
        public var rows: Range<Int>?
        /// This machine's share of the rows (`--segment K/N`), split contiguously.
        public var segment: Segment?
        public var skipExisting = false
        /// Where `--report` writes `row,output,status,message`.
        public var report: String?
        public var render: RenderOptions

        public init(pattern: OutputPattern, render: RenderOptions) { (self.pattern, self.render) = (pattern, render) }
    }

    /// Where a batch stands, after each frame.
    public struct Progress: Sendable {
        public let rowsDone: Int
        public let rowCount: Int
        public let failed: Int
        public let framesDone: Int
        public let elapsed: Double
        /// The row in hand's fraction done.
        public let rowFraction: Double

        public var framesPerSecond: Double { elapsed > 0 ? Double(framesDone) / elapsed : 0 }
        /// Seconds left at the speed so far.
        public var remaining: Double {
            let done = Double(rowsDone) + rowFraction
            return done > 0 ? elapsed / done * (Double(rowCount) - done) : .infinity
        }
    }

    /// What a batch did: counts by status, and the signal that stopped it early.
    public struct Outcome: Sendable {
        public var rendered = 0
        public var skipped = 0
        public var failed = 0
        public var interruption: Int32?
    }

    /// Each row of `data` checked without rendering: its values against their types, its
    /// asset files, its output name (with `pattern`), and the timeline it makes. `each` hears
    /// every row with its problems (none: it would render). Unknown columns are warned once.
    public static func check(
        _ template: Template, data: String, pattern: OutputPattern?, set: [String: TemplateValue] = [:],
        warn: (String) -> Void, each: (DataRow, [TimelineProblem]) -> Void
    ) throws -> Int {
        var count = 0
        // Rows whose values decode alike share one decode: a million rows of names need few.
        var decoded: [[String: JSONValue]: [TimelineProblem]] = [:]
        var names: [String: Int] = [:]
        try survey(template, data: data, pattern: pattern, set: set, warn: warn) { row, planned in
            count += 1
            var problems = planned.problems
            // Two rows naming one file: the render refuses the batch; here the later row says so.
            if problems.isEmpty, let output = planned.output {
                if let other = names[outputKey(output)] {
                    problems.append(
                        TimelineProblem(
                            path: row.place, expected: "a different output file for every row",
                            found: "rows \(other) and \(row.number) both name \(output)"))
                } else {
                    names[outputKey(output)] = row.number
                }
            }
            if problems.isEmpty {
                let key = template.decodingKey(planned.values)
                let found: [TimelineProblem]
                if let known = decoded[key] {
                    found = known
                } else {
                    do {
                        let timeline = try template.timeline(row.values(over: set, keeping: Set(template.variables.keys)))
                        found = timeline.assetFiles.problems()
                    } catch let error as TimelineError {
                        found = error.problems
                    }
                    if decoded.count >= 4096 { decoded.removeAll() }
                    decoded[key] = found
                }
                problems += found.map { p in
                    TimelineProblem(path: "\(row.place): \(p.path)", expected: p.expected, found: p.found)
                }
            }
            each(row, problems)
        }
        return count
    }

    /// Renders a video for every selected row of `data`, `set` giving values for every row
    /// (a row's own columns win). Throws when the batch cannot start (the data file cannot be
    /// read, two rows name one file); a row that fails is counted and reported, not thrown.
    /// What makes two rows' outputs one file: the standardized path after Unicode NFC.
    private static func outputKey(_ output: String) -> String {
        URL(fileURLWithPath: output).standardizedFileURL.path.precomposedStringWithCanonicalMapping
    }

    public static func run(
        _ template: Template, data: String, options: Options, prepare: (Timeline) throws -> Timeline,
        set: [String: TemplateValue] = [:], warn: (String) -> Void, progress: (Progress) -> Void
    ) throws -> Outcome {
        // First pass: every row named, collisions refused, failed rows noted, rows counted.
        var names: [String: Int] = [:]
        var failures: [Int: String] = [:]
        var count = 0
        try survey(template, data: data, pattern: options.pattern, set: set, warn: warn) { row, planned in
            count = row.number
            if let first = planned.problems.first {
                failures[row.number] = first.description
            } else if let output = planned.output {
                let key = outputKey(output)
                if let other = names[key] {
                    throw TimelineError.file(
                        data, expected: "a different output file for every row",
                        found: "rows \(other) and \(row.number) both name \(output)")
                }
                names[key] = row.number
            }
        }
        names = [:]
        // This run's rows: --rows, then this machine's share of them.
        var selected = 1..<(count + 1)
        if let rows = options.rows { selected = selected.clamped(to: rows) }
        if let segment = options.segment {
            let share = segment.frames(of: selected.count)
            selected = (selected.lowerBound + share.lowerBound)..<(selected.lowerBound + share.upperBound)
        }
        var outcome = Outcome()
        let report = try options.report.map { try ReportWriter(path: $0) }
        let start = DispatchTime.now()
        var framesBefore = 0
        var done = 0
        func elapsed() -> Double { Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9 }
        Interruption.deferSignals(true)
        defer { Interruption.deferSignals(false) }
        var render = options.render
        render.finishesOnSignal = true
        render.assetCache = render.assetCache ?? AssetCache()
        let rows = try openDataRows(data)
        let keep = Set(template.variables.keys)
        while let row = try rows.next(), row.number < selected.upperBound {
            guard row.number >= selected.lowerBound else { continue }
            if let signal = Interruption.received {
                outcome.interruption = signal
                break
            }
            func record(_ output: String, _ status: Status, _ message: String) throws {
                switch status {
                case .rendered: outcome.rendered += 1
                case .skipped: outcome.skipped += 1
                case .failed:
                    outcome.failed += 1
                    warn(message)
                }
                done += 1
                try report?.add(RowResult(number: row.number, output: output, status: status, message: message))
            }
            if let failure = failures[row.number] {
                try record("", .failed, failure)
                continue
            }
            let given = row.values(over: set, keeping: keep)
            var output = ""
            do {
                output = try options.pattern.path(try template.values(given), place: row.place).get()
                if options.skipExisting, FileManager.default.fileExists(atPath: output) {
                    try record(output, .skipped, "")
                    continue
                }
                let timeline = try prepare(template.timeline(given))
                let folder = URL(fileURLWithPath: output).deletingLastPathComponent().path
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                let frames = timeline.canvas.frameCount
                try VideoExporter.export(
                    timeline, to: output, protecting: [template.file, data], options: render, notice: warn
                ) { p in
                    progress(
                        Progress(
                            rowsDone: done, rowCount: selected.count, failed: outcome.failed,
                            framesDone: framesBefore + p.framesDone, elapsed: elapsed(), rowFraction: p.fraction))
                }
                framesBefore += frames
                render.assetCache?.trimText(to: 256)
                try record(output, .rendered, "")
            } catch let error as TimelineError {
                let file = URL(fileURLWithPath: error.file).lastPathComponent
                try record(
                    output, .failed, "\(row.place): \(file): " + error.problems.map(\.description).joined(separator: "; "))
            } catch let error as PatternProblem {
                try record(output, .failed, error.problem.description)
            } catch let error as ReportWriter.Failure {
                throw error
            } catch {
                try record(output, .failed, "\(row.place): \(error)")
            }
            progress(
                Progress(
                    rowsDone: done, rowCount: selected.count, failed: outcome.failed, framesDone: framesBefore,
                    elapsed: elapsed(), rowFraction: 0))
        }
        if outcome.interruption == nil { outcome.interruption = Interruption.received }
        try report?.finish()
        return outcome
    }

    /// A row as the first pass sees it: its output path, or its problems.
    private struct Planned {
        var output: String?
        var values: [String: JSONValue] = [:]
        var problems: [TimelineProblem] = []
    }

    /// Reads every row once: its own problem, its values' types, its asset files, its output name.
    private static func survey(
        _ template: Template, data: String, pattern: OutputPattern?, set: [String: TemplateValue],
        warn: (String) -> Void, each: (DataRow, Planned) throws -> Void
    ) throws {
        if let pattern {
            for name in pattern.names where template.variables[name] == nil {
                throw TimelineError.file(
                    "-o \(pattern.text)",
                    expected:
                        "`{NAME}` naming one of the template's variables (\(template.variables.keys.sorted().joined(separator: ", ")))",
                    found: "{\(name)}")
            }
        }
        let rows = try openDataRows(data)
        var warned: Set<String> = []
        let keep = Set(template.variables.keys)
        while let row = try rows.next() {
            for column in rows.columns where keep.contains(column) == false && warned.insert(column).inserted {
                warn("\(data): column \(column) is not a variable of \(template.file); it is ignored")
            }
            var planned = Planned()
            if let problem = row.problem {
                planned.problems.append(problem)
                try each(row, planned)
                continue
            }
            let given = row.values(over: set, keeping: keep)
            do throws(TimelineError) {
                let values = try template.values(given)
                planned.values = values
                for (name, value) in values.sorted(by: { $0.key < $1.key }) where template.variables[name] == .asset {
                    guard case .string(let file) = value, given[name] != nil else { continue }
                    let path =
                        file.hasPrefix("/") ? file : URL(fileURLWithPath: template.folder).appendingPathComponent(file).path
                    if let found = AssetFiles.unreadable(path) {
                        planned.problems.append(
                            TimelineProblem(
                                path: given[name]!.source, expected: "a readable file (relative to the timeline's folder)",
                                found: found))
                    }
                }
                if let pattern {
                    switch pattern.path(values, place: row.place) {
                    case .success(let path): planned.output = path
                    case .failure(let failure): planned.problems.append(failure.problem)
                    }
                }
            } catch {
                planned.problems += error.problems
            }
            try each(row, planned)
        }
    }
}

/// `--report FILE.csv`: `row,output,status,message`, a line a row, written as rows finish and
/// put in place at the end (also after a signal).
final class ReportWriter {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private let path: String
    private let temporary: String
    private let handle: FileHandle

    init(path: String) throws {
        self.path = path
        temporary = path + ".part"
        try? FileManager.default.createDirectory(
            atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path, withIntermediateDirectories: true)
        guard FileManager.default.createFile(atPath: temporary, contents: Data("row,output,status,message\n".utf8)),
            let handle = FileHandle(forWritingAtPath: temporary)
        else { throw Failure(description: "--report \(path): cannot write \(temporary)") }
        self.handle = handle
        _ = try? handle.seekToEnd()
    }

    func add(_ r: BatchRender.RowResult) throws {
        let line =
            [String(r.number), Self.field(r.output), r.status.rawValue, Self.field(r.message)].joined(separator: ",") + "\n"
        do { try handle.write(contentsOf: Data(line.utf8)) } catch {
            throw Failure(description: "--report \(path): \(error.localizedDescription)")
        }
    }

    func finish() throws {
        try? handle.close()
        guard rename(temporary, path) == 0 else { throw Failure(description: "--report \(path): cannot put the report in place") }
    }

    /// A CSV field, quoted when it holds a comma, quote or line break (RFC 4180).
    static func field(_ s: String) -> String {
        guard s.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return s }
        return "\"" + s.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
