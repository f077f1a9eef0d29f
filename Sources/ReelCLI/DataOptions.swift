import ArgumentParser
import Foundation
import Reel
import ReelTimeline

/// `--data ROWS`: one video per row of a CSV, JSON Lines or JSON file, with the batch's own
/// choices (which rows, skipping finished ones, a report).
struct DataOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Render one video per row of a .csv (header: variable names), .jsonl or .json file; -o names each with {NAME}, e.g. -o 'out/{name}.mp4'.",
            valueName: "rows"))
    var data: String?

    @Option(help: ArgumentHelp("Only these rows (numbered from 1, the first data row), as A..<B.", valueName: "A..<B"))
    var rows: FrameRangeArgument?

    @Flag(help: "With --data, skip rows whose output file exists.")
    var skipExisting = false

    @Option(help: ArgumentHelp("With --data, write row,output,status,message for every row to this CSV file.", valueName: "file"))
    var report: String?

    func validate() throws {
        guard data == nil else { return }
        if rows != nil || skipExisting || report != nil {
            throw ValidationError("--rows, --skip-existing and --report go with --data")
        }
    }
}

/// Prints a batch's progress on stderr: a live line when stderr is a terminal.
final class BatchMeter {
    private let live: Bool
    private var lastDraw = -1.0

    init(enabled: Bool) { live = enabled && isatty(STDERR_FILENO) != 0 }

    func update(_ p: BatchRender.Progress) {
        guard live, p.elapsed - lastDraw >= 0.1 else { return }
        lastDraw = p.elapsed
        let eta = p.remaining.isFinite ? String(format: "%.0fs", p.remaining) : "?"
        let line = String(
            format: "\rrow %d/%d  %d failed  %.1f fps  ETA %@ ", min(p.rowsDone + 1, p.rowCount), p.rowCount, p.failed,
            p.framesPerSecond, eta)
        FileHandle.standardError.write(Data(line.utf8))
    }

    /// Ends the live line before other text.
    func pause() {
        if live, lastDraw >= 0 { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    }
}
