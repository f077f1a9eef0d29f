import Foundation
import ReelCore
import ReelRender

/// The figures of a profiled run: per frame and per stage wall and CPU time, their
/// percentiles, the slowest frames, the layers that cost most; as a terminal table, JSON,
/// a Chrome trace (one track per thread, for Perfetto) and a stacked chart drawn by Reel.
public struct ProfileReport: Sendable {
    public let timeline: String
    public let width: Int, height: Int
    public let threads: Int
    public let encoded: Bool
    /// One record per frame, in frame order.
    public let records: [FrameRecord]
    /// Wall nanoseconds of the whole run, and of the encoder's final flush.
    public let wall: UInt64
    public let flush: StageTime

    /// Stages measured in this run (encode only when encoding).
    /// Stages measured in this run: encode only when encoding, decode only where clips play.
    public var stages: [FrameStage] {
        let decodes = records.contains { $0[.decode].wall > 0 }
        return FrameStage.allCases.filter { ($0 != .encode || encoded) && ($0 != .decode || decodes) }
    }

    /// Percentiles of a stage's wall time per frame, and its mean CPU time, in milliseconds.
    public struct StageSummary: Sendable {
        public let p50, p95, p99, max, meanWall, meanCPU: Double
    }

    public func summary(_ stage: FrameStage?) -> StageSummary {
        let walls = records.map { r in Double(stage.map { r[$0].wall } ?? total(r)) / 1e6 }.sorted()
        let cpus = records.map { r in Double(stage.map { r[$0].cpu } ?? r.cpu) / 1e6 }
        func percentile(_ p: Double) -> Double {
            guard !walls.isEmpty else { return 0 }
            return walls[min(walls.count - 1, Int((p * Double(walls.count - 1)).rounded()))]
        }
        let n = Double(max(records.count, 1))
        return StageSummary(
            p50: percentile(0.5), p95: percentile(0.95), p99: percentile(0.99), max: walls.last ?? 0,
            meanWall: walls.reduce(0, +) / n, meanCPU: cpus.reduce(0, +) / n)
    }

    /// A frame's wall time: its stages added up.
    public func total(_ record: FrameRecord) -> UInt64 { stages.reduce(0) { $0 + record[$1].wall } }

    /// Frames per second of the whole run.
    public var framesPerSecond: Double { wall > 0 ? Double(records.count) / (Double(wall) / 1e9) : 0 }

    /// Drawing cost per layer summed over frames: all of it, and its shadow and mask parts.
    public struct LayerSummary: Sendable {
        public let layer: String
        public let wall, cpu, shadowCPU, maskCPU: Double
    }

    public func layers() -> [LayerSummary] {
        var sums: [String: (wall: UInt64, cpu: UInt64, shadow: UInt64, mask: UInt64)] = [:]
        for record in records {
            for cost in record.layers {
                var s = sums[cost.layer] ?? (0, 0, 0, 0)
                s.wall += cost.wall
                s.cpu += cost.cpu
                if cost.part == .shadow { s.shadow += cost.cpu }
                if cost.part == .mask { s.mask += cost.cpu }
                sums[cost.layer] = s
            }
        }
        return sums.map {
            LayerSummary(
                layer: $0.key, wall: Double($0.value.wall) / 1e6, cpu: Double($0.value.cpu) / 1e6,
                shadowCPU: Double($0.value.shadow) / 1e6, maskCPU: Double($0.value.mask) / 1e6)
        }
        .sorted { ($0.cpu, $1.layer) > ($1.cpu, $0.layer) }
    }

    /// Drawing CPU milliseconds by kind of work (background, contents, border, shadow, mask,
    /// group, rasterized), summed over layers and frames: what kind of drawing dominates.
    public func parts() -> [(part: DrawStep.Part, cpu: Double)] {
        var sums = [DrawStep.Part: UInt64]()
        for record in records {
            for cost in record.layers { sums[cost.part, default: 0] += cost.cpu }
        }
        return DrawStep.Part.allCases.compactMap { part in sums[part].map { (part, Double($0) / 1e6) } }
            .sorted { ($0.cpu, $1.part.rawValue) > ($1.cpu, $0.part.rawValue) }
    }

    /// Particles drawn per frame (mean and most) and the drawing CPU milliseconds they cost a
    /// frame; nil when no frame drew any.
    public func particles() -> (mean: Double, max: Int, cpu: Double)? {
        let counts = records.map { $0.layers.reduce(0) { $0 + $1.sprites } }
        guard let most = counts.max(), most > 0 else { return nil }
        let cpu = records.reduce(UInt64(0)) { sum, r in sum + r.layers.filter { $0.part == .particles }.reduce(0) { $0 + $1.cpu }
        }
        let frames = Double(records.count)
        return (Double(counts.reduce(0, +)) / frames, most, Double(cpu) / 1e6 / frames)
    }

    /// The frames that took longest, slowest first.
    public func slowest(_ count: Int) -> [FrameRecord] {
        Array(records.sorted { (total($0), $1.frame) > (total($1), $0.frame) }.prefix(count))
    }

    /// Pictures drawn a frame, on average (more than 1 under motion blur and in transitions).
    public var picturesPerFrame: Double {
        Double(records.reduce(0) { $0 + $1.pictures }) / Double(max(records.count, 1))
    }

    /// Draw CPU by scene (`scene.ID`, from the layers drawn inside it), in milliseconds over
    /// all frames drawn in one picture; transition frames draw their scenes apart, uncounted here.
    public func scenes() -> [(scene: String, cpu: Double)] {
        var sums: [String: UInt64] = [:]
        for record in records {
            for cost in record.layers {
                let parts = cost.layer.split(separator: "/")
                guard parts.count > 1, parts[1].hasPrefix("scene.") else { continue }
                sums[String(parts[1]), default: 0] += cost.cpu
            }
        }
        return sums.map { ($0.key, Double($0.value) / 1e6) }.sorted { $0.cpu > $1.cpu }
    }

    /// The report as the terminal shows it.
    public func table(layers count: Int = 10) -> String {
        func ms(_ v: Double) -> String { String(format: "%8.2f", v) }
        var lines = [
            "\(timeline): \(records.count) frames at \(width)x\(height), \(threads) thread\(threads == 1 ? "" : "s"), "
                + String(format: "%.1f frames/s, %.2f s wall", framesPerSecond, Double(wall) / 1e9)
        ]
        lines.append("")
        lines.append("stage       wall ms/frame:  p50      p95      p99      max    | mean cpu ms/frame")
        for stage in stages as [FrameStage?] + [nil] {
            let s = summary(stage)
            let name = (stage?.rawValue ?? "frame").padding(toLength: 10, withPad: " ", startingAt: 0)
            lines.append("\(name)              \(ms(s.p50)) \(ms(s.p95)) \(ms(s.p99)) \(ms(s.max)) | \(ms(s.meanCPU))")
        }
        if encoded { lines.append(String(format: "encoder flush at the end: %.2f ms", Double(flush.wall) / 1e6)) }
        lines.append("")
        lines.append(
            "slowest frames: "
                + slowest(5).map { String(format: "%d (%.2f ms)", $0.frame, Double(total($0)) / 1e6) }
                .joined(separator: ", "))
        lines.append("")
        lines.append("layer                                   draw cpu ms (all frames)   shadow     mask    share")
        let all = layers()
        let sum = max(all.reduce(0) { $0 + $1.cpu }, 1e-9)
        for l in all.prefix(count) {
            let name =
                l.layer.count > 38 ? String(l.layer.prefix(37)) + "…" : l.layer.padding(toLength: 38, withPad: " ", startingAt: 0)
            lines.append(
                "\(name)  \(ms(l.cpu))                  \(ms(l.shadowCPU)) \(ms(l.maskCPU))  "
                    + String(format: "%5.1f%%", 100 * l.cpu / sum))
        }
        lines.append("")
        let frames = Double(max(records.count, 1))
        lines.append(
            "draw cpu by part: "
                + parts().map { "\($0.part.rawValue) " + String(format: "%.2f ms/frame", $0.cpu / frames) }
                .joined(separator: ", "))
        if picturesPerFrame > 1 {
            lines.append(
                String(format: "pictures drawn: %.2f a frame (motion blur's sub-frames, transitions' scenes)", picturesPerFrame))
        }
        let sceneCosts = scenes()
        if !sceneCosts.isEmpty {
            lines.append(
                "draw cpu by scene: "
                    + sceneCosts.map { "\($0.scene) " + String(format: "%.2f ms", $0.cpu) }.joined(separator: ", "))
        }
        if let p = particles() {
            lines.append(
                String(
                    format: "particles drawn: %.0f a frame (at most %d), %.2f ms/frame, %.0f ns each", p.mean, p.max, p.cpu,
                    p.cpu * 1e6 / max(p.mean, 1)))
        }
        return lines.joined(separator: "\n")
    }

    /// The figures with their names, as JSON.
    public func json() throws -> Data {
        func stageObject(_ stage: FrameStage?) -> [String: Double] {
            let s = summary(stage)
            return [
                "p50_ms": s.p50, "p95_ms": s.p95, "p99_ms": s.p99, "max_ms": s.max, "mean_wall_ms": s.meanWall,
                "mean_cpu_ms": s.meanCPU
            ]
        }
        var stagesObject: [String: Any] = [:]
        for stage in stages { stagesObject[stage.rawValue] = stageObject(stage) }
        stagesObject["frame"] = stageObject(nil)
        let object: [String: Any] = [
            "timeline": timeline, "width": width, "height": height, "threads": threads, "encoded": encoded,
            "frames": records.count, "wall_s": Double(wall) / 1e9, "frames_per_second": framesPerSecond,
            "stages": stagesObject,
            "slowest_frames": slowest(5).map { ["frame": $0.frame, "ms": Double(total($0)) / 1e6] },
            "parts": parts().map { ["part": $0.part.rawValue, "cpu_ms": $0.cpu] },
            "pictures_per_frame": picturesPerFrame,
            "scenes": scenes().map { ["scene": $0.scene, "cpu_ms": $0.cpu] },
            "particles": particles().map { ["mean_per_frame": $0.mean, "max_per_frame": $0.max, "cpu_ms_per_frame": $0.cpu] }
                ?? [:],
            "layers": layers().map {
                [
                    "layer": $0.layer, "cpu_ms": $0.cpu, "wall_ms": $0.wall, "shadow_cpu_ms": $0.shadowCPU,
                    "mask_cpu_ms": $0.maskCPU
                ]
            },
            "per_frame": records.map { r -> [String: Any] in
                var o: [String: Any] = ["frame": r.frame, "worker": r.worker, "worker_total_ms": Double(r.workerTotal.wall) / 1e6]
                for stage in stages {
                    o[stage.rawValue + "_ms"] = Double(r[stage].wall) / 1e6
                    o[stage.rawValue + "_cpu_ms"] = Double(r[stage].cpu) / 1e6
                }
                return o
            }
        ]
        return try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
    }

    /// Chrome trace-event JSON: one complete event per frame and stage, on one track per
    /// render worker and one for the encoder, times in microseconds.
    public func trace() throws -> Data {
        let encoderTrack = threads
        var events: [[String: Any]] = []
        for worker in 0..<threads {
            events.append(["name": "thread_name", "ph": "M", "pid": 1, "tid": worker, "args": ["name": "render worker \(worker)"]]
            )
        }
        if encoded {
            events.append(["name": "thread_name", "ph": "M", "pid": 1, "tid": encoderTrack, "args": ["name": "encoder"]])
        }
        for r in records {
            for stage in stages {
                let t = r[stage]
                events.append([
                    "name": stage.rawValue, "cat": "stage", "ph": "X", "pid": 1,
                    "tid": stage == .encode ? encoderTrack : r.worker,
                    "ts": Double(t.start) / 1e3, "dur": Double(t.wall) / 1e3,
                    "args": ["frame": r.frame, "cpu_us": Double(t.cpu) / 1e3]
                ])
            }
        }
        return try JSONSerialization.data(
            withJSONObject: ["traceEvents": events, "displayTimeUnit": "ms"], options: [.sortedKeys])
    }

    /// Colours of the stages in the chart, in `FrameStage.allCases` order.
    static let chartColors: [UInt32] = [0x9E9E9E, 0xE74C3C, 0x3498DB, 0xF39C12, 0x2ECC71, 0x9B59B6]
}
