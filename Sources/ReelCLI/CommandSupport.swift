import ArgumentParser
import Foundation
import Reel
import ReelFormat
import ReelMedia
import ReelTimeline

/// Runs a command body, turning the errors users cause (a bad timeline, a failed encode)
/// into a message on stderr and exit code 1 instead of a crash report.
func reportingErrors(_ body: () throws -> Void) throws {
    do {
        try body()
    } catch let error as ExitCode {
        throw error
    } catch let error as CleanExit {
        throw error
    } catch {
        printError("error: \(error)")
        throw ExitCode.failure
    }
}

func printError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}

/// `--assets-root`: the folder asset files must lie in, for the commands that draw or check.
struct AssetsRootOption: ParsableArguments {
    @Option(
        name: .customLong("assets-root"),
        help: ArgumentHelp("The folder asset files must lie in (default: the timeline's folder).", valueName: "dir"))
    var folder: String?

    func validate() throws {
        guard let folder else { return }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw ValidationError("--assets-root must name a folder, found none at \(folder)")
        }
    }

    /// Opens a timeline file and checks its asset files (inside the root, regular, readable),
    /// reporting their problems as the file's, with its warnings; the warnings of a file that
    /// opens (what an imported Lottie file draws differently) are printed unless `quiet`.
    func load(
        _ path: String?, overlay: Overlay = Overlay(), variables: [String: TemplateValue] = [:], quiet: Bool = false
    ) throws -> Timeline {
        let timeline = try TimelineFile.open(path, assetsRoot: folder, overlay: overlay, variables: variables)
        if !quiet { printWarnings(of: timeline) }
        return timeline
    }
}

/// Prints the warnings about a timeline's text on standard error: run fonts that no font has
/// (a stand-in draws them), characters a fallback draws or none has, and caption files'.
func printTextWarnings(of timeline: Timeline) throws {
    guard timeline.hasText else { return }
    let assets = try TimelineAssets.load(timeline, textOnly: true)
    for warning in TextInspection.fonts(of: timeline, assets: assets).warnings + TextInspection.captionWarnings(assets) {
        printError("warning: \(warning)")
    }
}

/// Prints a timeline's warnings on standard error, one a line.
func printWarnings(of timeline: Timeline) {
    for warning in timeline.warnings { printError("warning: \(warning)") }
}

/// `--memory-limit`: what a render may take, shared by the commands that draw or check.
struct MemoryLimitOption: ParsableArguments {
    @Option(
        name: .customLong("memory-limit"),
        help:
            "Memory a render may take, in MB (default: a quarter of the machine's). Fewer workers run when they would not fit; a timeline that one worker cannot draw within it is refused."
    )
    var megabytes: Int?

    func validate() throws {
        if let megabytes, megabytes < 16 { throw ValidationError("--memory-limit must be at least 16 (MB), found \(megabytes)") }
    }

    var budget: MemoryBudget { megabytes.map { MemoryBudget(limit: $0 << 20) } ?? .machineDefault }
}

/// `--audio-codec`: the sound's codec where the container takes several, shared by the
/// commands that write sound.
struct AudioCodecOption: ParsableArguments {
    @Option(
        name: .customLong("audio-codec"),
        help: ArgumentHelp(
            "The sound's codec: aac (.mp4 and .mov, their default), opus (.webm) or pcm (.mov: 16-bit, lossless).",
            valueName: "codec"))
    var codec: AudioCodec?
}

extension AudioCodec: ExpressibleByArgument {}

/// `A..<B` (or `A...B`, or `A..B` read as half-open) as a range of frame numbers.
struct FrameRangeArgument: ExpressibleByArgument {
    let range: Range<Int>

    init?(argument: String) {
        for (separator, closed) in [("..<", false), ("...", true), ("..", false)] {
            let parts = argument.components(separatedBy: separator)
            guard parts.count == 2, let a = Int(parts[0]), let b = Int(parts[1]) else { continue }
            let (upper, overflow) = closed ? b.addingReportingOverflow(1) : (b, false)
            guard !overflow, a >= 0, upper > a else { return nil }
            range = a..<upper
            return
        }
        return nil
    }
}
