import Foundation

/// A cue's timing line, `START --> END [settings]`, as SRT and WebVTT write it.
enum CaptionTiming {
    /// The cue's start and end in milliseconds; an end before the start is refused.
    static func parse(_ line: Substring, line number: Int, example: String) throws(CaptionError) -> (Int, Int) {
        let parts = line.components(separatedBy: "-->")
        let left = parts[0].trimmingCharacters(in: .whitespaces)
        let right = parts.count == 2 ? parts[1].split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init) : nil
        guard let start = CaptionClock.milliseconds(left), let right, let end = CaptionClock.milliseconds(right) else {
            throw CaptionError(line: number, expected: "a timing line like `\(example)`", found: CaptionLines.quoted(line))
        }
        guard end >= start else {
            throw CaptionError(
                line: number, expected: "a cue that ends at or after its start",
                found: "\(CaptionClock.text(start)) --> \(CaptionClock.text(end)), which runs backwards")
        }
        return (start, end)
    }
}
