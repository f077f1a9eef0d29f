import Foundation
import ReelCore
import ReelMedia
import ReelTimeline
import Testing

/// Golden-image comparison: PNG in, PNG out, by max channel difference. A mismatch writes
/// the actual, expected and diff images under `.build/golden-failures/` and says where.
/// `REEL_RECORD_GOLDENS=1` writes the actual image as the new golden instead: recording is
/// an explicit switch, never silent, and a recorded golden is committed only after looking at it.
enum GoldenImage {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")
    static let failures = repository.appendingPathComponent(".build/golden-failures")

    /// What a comparison allows: every channel within `tolerance`, except that up to
    /// `outliers` pixels may differ by up to `outlierTolerance` (edge pixels where renderers
    /// legitimately disagree, stated per test).
    struct Tolerance {
        var tolerance: Int
        var outliers = 0
        var outlierTolerance = 0
    }

    /// Renders `timelinePath` at `time` and compares it with the golden `name` (a path under Goldens/, no extension).
    static func checkTimeline(
        _ timelinePath: URL, at time: Double, golden name: String, _ tolerance: Tolerance,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let timeline = try Timeline.load(contentsOf: timelinePath.path)
        let buffer = PixelBuffer(width: timeline.canvas.pixelWidth, height: timeline.canvas.pixelHeight)
        RenderHarness.render(timeline, at: time, into: buffer)
        try check(buffer, golden: name, tolerance, sourceLocation: sourceLocation)
    }

    static func check(
        _ actual: PixelBuffer, golden name: String, _ tolerance: Tolerance,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let goldenURL = goldens.appendingPathComponent(name + ".png")
        if ProcessInfo.processInfo.environment["REEL_RECORD_GOLDENS"] == "1" {
            try FileManager.default.createDirectory(at: goldenURL.deletingLastPathComponent(), withIntermediateDirectories: true)
            try ImageWriter.pngData(actual).write(to: goldenURL)
            print("recorded golden \(goldenURL.path): look at it before committing")
            return
        }
        guard FileManager.default.fileExists(atPath: goldenURL.path) else {
            Issue.record("no golden at \(goldenURL.path); record one with REEL_RECORD_GOLDENS=1", sourceLocation: sourceLocation)
            return
        }
        let expected = try #require(try MediaReader(path: goldenURL.path).readFrames(limit: 1).first)
        guard expected.width == actual.width, expected.height == actual.height else {
            Issue.record(
                "\(name): size \(actual.width)x\(actual.height), golden \(expected.width)x\(expected.height)",
                sourceLocation: sourceLocation)
            return
        }
        let diff = PixelBuffer(width: actual.width, height: actual.height)
        var worst = 0
        var over = 0
        var overOutlier = 0
        for y in 0..<actual.height {
            for x in 0..<actual.width {
                let a = actual.pixel(x: x, y: y)
                let e = expected.pixel(x: x, y: y)
                let d = max(
                    abs(Int(a.r) - Int(e.r)), abs(Int(a.g) - Int(e.g)), abs(Int(a.b) - Int(e.b)), abs(Int(a.a) - Int(e.a)))
                worst = max(worst, d)
                if d > tolerance.tolerance { over += 1 }
                if d > max(tolerance.tolerance, tolerance.outlierTolerance) { overOutlier += 1 }
                let v = UInt8(min(255, d * 8))
                diff.row(y)[x] = PixelBuffer.pack((v, v, v, 255))
            }
        }
        guard over > tolerance.outliers || overOutlier > 0 else { return }
        let base = failures.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: base.deletingLastPathComponent(), withIntermediateDirectories: true)
        try ImageWriter.pngData(actual).write(to: URL(fileURLWithPath: base.path + "-actual.png"))
        try ImageWriter.pngData(expected).write(to: URL(fileURLWithPath: base.path + "-expected.png"))
        try ImageWriter.pngData(diff).write(to: URL(fileURLWithPath: base.path + "-diff.png"))
        Issue.record(
            """
            \(name): max channel difference \(worst); \(over) pixels over \(tolerance.tolerance) (allowed \(tolerance.outliers) up to \
            \(tolerance.outlierTolerance)). Images: \(base.path)-{actual,expected,diff}.png
            """, sourceLocation: sourceLocation)
    }
}
