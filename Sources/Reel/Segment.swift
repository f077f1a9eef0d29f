import Foundation
import ReelTimeline

/// One of N contiguous pieces of a render (`reel render --segment K/N`), rendered apart (on
/// other machines) and joined by `reel join`. The split is the same function of the frame
/// count and N everywhere: piece k (1...N) holds frames (k-1)·F/N ..< k·F/N.
public struct Segment: Hashable, Sendable, CustomStringConvertible {
    /// 1...count.
    public let index: Int
    public let count: Int

    public init?(index: Int, count: Int) {
        guard count >= 1, count <= Segment.maximumCount, (1...count).contains(index) else { return nil }
        (self.index, self.count) = (index, count)
    }

    /// The most pieces a render is split into.
    public static let maximumCount = 10_000

    /// `K/N`, as the option writes it.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]) else { return nil }
        self.init(index: k, count: n)
    }

    /// The piece a batch engine's array task is, from the variables it sets: Slurm's
    /// `SLURM_ARRAY_TASK_ID` within `SLURM_ARRAY_TASK_MIN`...`MAX`, Kubernetes Indexed Jobs'
    /// `JOB_COMPLETION_INDEX` or AWS Batch's `AWS_BATCH_JOB_ARRAY_INDEX` (both from 0) with the
    /// count in `REEL_SEGMENTS` (those engines do not say it); nil when none is set.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> Segment? {
        func number(_ key: String) -> Int? { environment[key].flatMap { Int($0) } }
        if let id = number("SLURM_ARRAY_TASK_ID") {
            let low = number("SLURM_ARRAY_TASK_MIN") ?? 0
            let count = number("SLURM_ARRAY_TASK_COUNT") ?? number("SLURM_ARRAY_TASK_MAX").map { $0 - low + 1 }
            return count.flatMap { Segment(index: id - low + 1, count: $0) }
        }
        for key in ["JOB_COMPLETION_INDEX", "AWS_BATCH_JOB_ARRAY_INDEX"] {
            if let index = number(key) { return number("REEL_SEGMENTS").flatMap { Segment(index: index + 1, count: $0) } }
        }
        return nil
    }

    /// This piece's frames of a render of `frameCount` frames (possibly none).
    public func frames(of frameCount: Int) -> Range<Int> {
        ((index - 1) * frameCount / count)..<(index * frameCount / count)
    }

    public var description: String { "\(index)/\(count)" }

    /// The piece's file name, without extension: `segment-0003-of-0007`.
    public var fileStem: String { String(format: "segment-%04d-of-%04d", index, count) }
}
