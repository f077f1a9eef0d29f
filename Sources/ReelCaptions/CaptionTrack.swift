import Foundation
import ReelCore

/// A caption file read once: its cues in order of their start (a file's out-of-order cues
/// sorted, equal starts kept in file order), what it is, and the lines `validate` warns about.
/// Shared by every frame and thread.
public final class CaptionTrack: Hashable, Sendable {
    public let format: CaptionFormat
    public let cues: [CaptionCue]
    /// Legal things that probably do not do what was meant (overlapping cues), by line.
    public let warnings: [CaptionError]
    /// For each cue, the latest end among it and the cues before it: how far back a cue
    /// that still shows can lie.
    private let reach: [Int]

    /// The largest caption file read: hours of word-timed captions fit many times over.
    public static let maximumFileBytes = 16 << 20
    /// The most cues a file may hold (a feature film has about 2,000 subtitles).
    public static let maximumCues = 200_000

    /// The cues of `text` in `format`.
    public init(_ text: String, format: CaptionFormat) throws(CaptionError) {
        self.format = format
        var cues: [CaptionCue]
        switch format {
        case .subRip: cues = try SubRipReader.cues(text)
        case .webVTT: cues = try WebVTTReader.cues(text)
        case .wordJSON: cues = try WordJSONReader.cues(text)
        }
        cues = cues.enumerated().sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }.map(\.element)
        var warnings: [CaptionError] = []
        var reach: [Int] = []
        var latest = Int.min
        var latestCue: CaptionCue? = nil
        for cue in cues {
            if let before = latestCue, latest > cue.start, warnings.count < 20 {
                warnings.append(
                    CaptionError(
                        line: cue.line, expected: "cues that do not overlap",
                        found:
                            "a cue from \(CaptionClock.text(cue.start)) that starts before the one \(before.line > 0 ? "at line \(before.line) " : "")ends (\(CaptionClock.text(latest))): the later cue shows"
                    ))
            }
            if cue.end > latest { (latest, latestCue) = (cue.end, cue) }
            reach.append(latest)
        }
        (self.cues, self.warnings, self.reach) = (cues, warnings, reach)
    }

    /// The caption file at `path`, its format told by the name's ending.
    public static func read(path: String) throws(CaptionError) -> CaptionTrack {
        guard let format = CaptionFormat(path: path) else {
            throw CaptionError(
                line: 0, expected: "a caption file: .srt, .vtt or word-timed .json",
                found: "a file named \(URL(fileURLWithPath: path).lastPathComponent)")
        }
        let text: String
        do {
            text = try TextFile.text(path, limit: maximumFileBytes)
        } catch {
            switch error {
            case .tooLarge(let size):
                throw CaptionError(
                    line: 0, expected: "a caption file of at most \(maximumFileBytes >> 20) MB", found: "\(size >> 20) MB")
            case .unreadable:
                throw CaptionError(line: 0, expected: "a readable file", found: "a file that could not be read")
            case .notUTF8(let offset, let line):
                throw CaptionError(line: line, expected: "UTF-8 text", found: "bytes that are not UTF-8 at byte \(offset)")
            }
        }
        return try CaptionTrack(text, format: format)
    }

    /// Refuses a file past `maximumCues` once its cue count reaches it.
    static func checkCount(_ count: Int, line: Int) throws(CaptionError) {
        guard count > maximumCues else { return }
        throw CaptionError(line: line, expected: "at most \(maximumCues) cues", found: "more")
    }

    /// Whether time `t` (seconds) has reached `ms` milliseconds, compared as exact fractions: a
    /// frame time f/F that is not a cue time lies at least 1/(1000 F) from every one.
    public static func reached(_ ms: Double, at t: Double) -> Bool { t * 1000 >= ms - 1e-6 }

    /// The cue shown at `t` seconds: the latest-starting cue whose [start, end) holds it; nil between cues.
    public func cue(at t: Double) -> CaptionCue? {
        var lo = 0
        var hi = cues.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if Self.reached(Double(cues[mid].start), at: t) { lo = mid + 1 } else { hi = mid }
        }
        var k = lo - 1
        while k >= 0, !Self.reached(Double(reach[k]), at: t) {
            if !Self.reached(Double(cues[k].end), at: t) { return cues[k] }
            k -= 1
        }
        return nil
    }

    public static func == (a: CaptionTrack, b: CaptionTrack) -> Bool { a === b }
    public func hash(into h: inout Hasher) { h.combine(ObjectIdentifier(self)) }
}
