import Foundation
import ReelCore
import Testing

@testable import Reel

/// The profile chart's scale ends at the 99th percentile of the frames' totals: one slow
/// first frame does not flatten the others; it is cut at the top and marked.
@Suite struct ProfileChartTests {
    func report(_ milliseconds: [Double]) -> ProfileReport {
        let records = milliseconds.enumerated().map { i, ms in
            var r = FrameRecord(frame: i, worker: 0)
            r[.draw] = StageTime(wall: UInt64(ms * 1e6), cpu: UInt64(ms * 1e6))
            return r
        }
        return ProfileReport(
            timeline: "t", width: 64, height: 64, threads: 1, encoded: false, records: records, wall: 1_000_000_000,
            flush: StageTime())
    }

    /// Rows of column `x` painted in the draw stage's orange.
    func orangeRows(_ chart: PixelBuffer, x: Int) -> Int {
        (0..<chart.height).filter { chart.pixel(x: x, y: $0) == (0xF3, 0x9C, 0x12, 255) }.count
    }

    @Test func aWarmUpFrameDoesNotSetTheScale() {
        // 200 frames of 5 ms after a first frame of 400 ms.
        let chart = report([400] + Array(repeating: 5, count: 200)).chart()
        // The plot is 296 px high: a 5 ms bar on a 5 ms scale fills most of it, not 1/80th.
        let column = 64 + Int((Double(100) + 0.5) * (1200 - 84) / 201)
        #expect(orangeRows(chart, x: column) > 200)
        // The first frame's bar is cut at the plot's top, and marked above it.
        let first = 64 + Int(0.5 * (1200 - 84) / 201)
        #expect(orangeRows(chart, x: first) <= 297)
        #expect(chart.pixel(x: first, y: 60) == (0xFF, 0x5A, 0x5A, 255))
        // Without a slow frame there is no mark.
        let even = report(Array(repeating: 5, count: 201)).chart()
        #expect(even.pixel(x: first, y: 60) != (0xFF, 0x5A, 0x5A, 255))
    }
}
