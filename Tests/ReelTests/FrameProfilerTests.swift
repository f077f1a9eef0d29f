import Foundation
import ReelCore
import ReelMedia
import ReelTestSupport
import ReelTimeline
import Testing

@testable import Reel

@Suite struct FrameProfilerTests {
    /// The stages are measured one by one; the worker's time around them all is measured
    /// separately. They must agree within 5 %, or the profile hides time: on every frame in
    /// CPU time, and in wall time over the run (a thread switched out between two stages
    /// adds wall time to no stage; with the whole suite running beside it that happens).
    @Test func stagesAddUpToEachFramesTime() throws {
        let timeline = try Timeline.decode(slidingSquareTimeline, name: "sliding")
        let report = try FrameProfiler.profile(timeline, threads: 2, encode: true, preset: "ultrafast")
        #expect(report.records.map(\.frame) == Array(0..<10))
        let stages = [FrameStage.evaluate, .plan, .draw, .convert]
        var (stageWall, totalWall): (UInt64, UInt64) = (0, 0)
        for record in report.records {
            let cpu = stages.reduce(0) { $0 + record[$1].cpu }
            let total = record.workerTotal.cpu
            #expect(
                cpu <= total && Double(total - cpu) <= 0.05 * Double(total),
                "frame \(record.frame): stages \(cpu) ns of \(total) ns CPU")
            stageWall += stages.reduce(0) { $0 + record[$1].wall }
            totalWall += record.workerTotal.wall
            #expect(record[.encode].wall > 0)
            #expect(record[.draw].wall > 0 && record[.plan].wall > 0 && record[.evaluate].wall > 0)
        }
        #expect(
            stageWall <= totalWall && Double(totalWall - stageWall) <= 0.05 * Double(totalWall),
            "stages \(stageWall) ns of \(totalWall) ns")
        // Every layer that draws shows up with its cost.
        let layers = Set(report.layers().map(\.layer))
        #expect(layers.isSuperset(of: ["canvas/square", "canvas/card", "canvas/card/dot"]))
    }

    @Test func profileWritesATraceAChartAndJSON() throws {
        let dir = makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try slidingSquareTimeline.write(to: dir.appendingPathComponent("sliding.json"), atomically: true, encoding: .utf8)
        let result = try runReel(
            [
                "profile", "sliding.json", "--threads", "2", "--frames", "2..<8", "--encode", "--trace", "trace.json",
                "--chart", "chart.png", "--json", "profile.json"
            ], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        for stage in ["evaluate", "plan", "draw", "convert", "encode", "frame"] { #expect(result.stdout.contains("\n\(stage) ")) }
        #expect(result.stdout.contains("slowest frames:"))

        // Trace-event JSON: an object with traceEvents; complete events have a name, ts, dur,
        // pid and tid; one track per render worker and one for the encoder.
        let trace =
            try JSONSerialization.jsonObject(with: Data(contentsOf: dir.appendingPathComponent("trace.json"))) as! [String: Any]
        let events = try #require(trace["traceEvents"] as? [[String: Any]])
        let complete = events.filter { $0["ph"] as? String == "X" }
        #expect(complete.count == 6 * 5)
        for event in complete {
            #expect(event["name"] is String && event["ts"] is Double && event["pid"] is Int && event["tid"] is Int)
            #expect((event["dur"] as? Double ?? -1) >= 0)
        }
        let threadNames = events.filter { $0["ph"] as? String == "M" }.compactMap {
            ($0["args"] as? [String: Any])?["name"] as? String
        }
        #expect(Set(threadNames) == ["render worker 0", "render worker 1", "encoder"])
        let frames = Set(complete.compactMap { ($0["args"] as? [String: Any])?["frame"] as? Int })
        #expect(frames == Set(2..<8))

        let figures =
            try JSONSerialization.jsonObject(with: Data(contentsOf: dir.appendingPathComponent("profile.json"))) as! [String: Any]
        #expect(figures["frames"] as? Int == 6)
        #expect((figures["per_frame"] as? [Any])?.count == 6)

        let chart = try #require(try MediaReader(path: dir.appendingPathComponent("chart.png").path).readFrames(limit: 1).first)
        #expect(chart.width == 1200 && chart.height == 400)
        // Bars were drawn: the draw stage's orange appears.
        var orange = 0
        for y in 0..<chart.height {
            for x in 0..<chart.width where chart.pixel(x: x, y: y) == (0xF3, 0x9C, 0x12, 255) { orange += 1 }
        }
        #expect(orange > 0)
        // Text drawn by Reel: the title in the top margin, the millisecond labels left of the plot.
        func light(_ xs: Range<Int>, _ ys: Range<Int>) -> Int {
            var n = 0
            for y in ys { for x in xs where chart.pixel(x: x, y: y).r > 100 { n += 1 } }
            return n
        }
        #expect(light(0..<600, 0..<40) > 100)
        #expect(light(0..<60, 60..<360) > 50)
    }

    /// Under motion blur and in transitions a frame is several pictures; scenes' drawing is summed by scene.
    @Test func picturesAndScenesAreCounted() throws {
        let flat = { (id: String, color: String) in
            ##"{"id": "\##(id)", "duration": 1, "layers": [{"id": "bg", "frame": [0, 0, 40, 20], "backgroundColor": "\##(color)"}]"##
        }
        let text =
            ##"{"canvas": {"width": 40, "height": 20, "fps": 10, "motionBlur": {"samples": 3}}, "scenes": [\##(flat("a", "#FF0000")), "transition": {"type": "fade"}}, \##(flat("b", "#0000FF"))}]}"##
        let report = try FrameProfiler.profile(try Timeline.decode(text, file: "t.json"), threads: 1, encode: false)
        #expect(report.records.count == 15)
        // Still frames are drawn once; frames in the fade are 3 sub-frames of 2 scenes each.
        #expect(report.records.first?.pictures == 1)
        #expect(report.records.map(\.pictures).max() == 6)
        #expect(report.picturesPerFrame > 1)
        #expect(Set(report.scenes().map(\.scene)) == ["scene.a", "scene.b"])
    }
}
