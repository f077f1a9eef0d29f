import Foundation
import Reel
import ReelTestSupport
import Testing

/// Particles as a user renders them: the same bytes at any thread count, and a render cut into
/// segments (each starting with particles in flight, no warm-up) joins into the frames of one.
@Suite struct EmitterRenderTests {
    static let sprites = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Timelines/assets/particles").standardized

    /// Confetti with every range, an additive emitter whose birth rate animates, a moving
    /// emitter (3 s at 10 fps, 160x96) in a fresh folder.
    func folder() throws -> URL {
        let dir = makeScratchDirectory()
        for name in ["dot.png", "confetti.png"] {
            try FileManager.default.copyItem(
                at: Self.sprites.appendingPathComponent(name), to: dir.appendingPathComponent(name))
        }
        try Data(
            ##"""
            {"canvas": {"width": 160, "height": 96, "fps": 10, "duration": 3, "background": "#101018"},
             "assets": {"dot": {"path": "dot.png"}, "piece": {"path": "confetti.png"}},
             "layers": [
              {"id": "confetti", "class": "CAEmitterLayer", "frame": [0, 0, 160, 96], "emitterPosition": [80, 60],
               "emitterSize": [30, 10], "emitterShape": "rectangle", "seed": 5,
               "emitterCells": [{"name": "p", "contents": "piece", "birthRate": 80, "lifetime": 2, "lifetimeRange": 1,
                 "velocity": 60, "velocityRange": 40, "emissionLongitude": "-90deg", "emissionRange": "120deg",
                 "yAcceleration": 50, "scale": 0.5, "scaleRange": 0.4, "spin": 2, "spinRange": 6,
                 "color": "#FF4060", "redRange": 0.5, "greenRange": 1, "blueRange": 1, "alphaSpeed": -0.3}]},
              {"id": "sparks", "class": "CAEmitterLayer", "frame": [0, 0, 160, 96], "renderMode": "additive",
               "emitterPosition": [20, 80], "emitterShape": "circle", "emitterSize": [10, 0], "emitterMode": "outline",
               "emitterCells": [{"name": "s", "contents": "dot", "birthRate": 40, "lifetime": 1, "velocity": 30,
                 "emissionRange": "360deg", "scale": 0.3, "scaleSpeed": -0.2, "color": [1, 0.6, 0.2, 0.8]}],
               "animations": [
                 {"keyPath": "emitterPosition.x", "fromValue": 20, "toValue": 140, "duration": 3},
                 {"keyPath": "emitterCells.s.birthRate", "fromValue": 10, "toValue": 60, "duration": 2,
                  "fillMode": "both", "removedOnCompletion": false}]}
             ]}
            """##.utf8
        ).write(to: dir.appendingPathComponent("t.json"))
        return dir
    }

    /// The decoded frames' MD5s (ffmpeg's framemd5).
    func frames(_ file: String, in dir: URL) throws -> [String] {
        let r = try runProgram(
            URL(fileURLWithPath: "/usr/bin/ffmpeg"), ["-v", "error", "-i", file, "-map", "0:v", "-f", "framemd5", "-"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        return String(decoding: r.stdout, as: UTF8.self).split(separator: "\n").filter { !$0.hasPrefix("#") }
            .map { String($0.split(separator: ",").last ?? "") }
    }

    @Test func theSameBytesAtEveryThreadCountAndAcrossSegments() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let lossless = ["--crf", "0", "--preset", "ultrafast", "--quiet"]
        var runs: [[String]] = []
        for threads in [1, 2, 3] {
            let r = try runReel(["render", "t.json", "-o", "t\(threads).mp4", "--threads", "\(threads)"] + lossless, in: dir)
            #expect(r.status == 0, "\(r.stderr)")
            runs.append(try frames("t\(threads).mp4", in: dir))
        }
        #expect(runs[0].count == 30)
        #expect(runs[1] == runs[0] && runs[2] == runs[0])
        // The particles move: no two frames alike.
        #expect(Set(runs[0]).count == 30)
        for k in 1...3 {
            let r = try runReel(["render", "t.json", "--segment", "\(k)/3", "-o", "pieces/"] + lossless, in: dir)
            #expect(r.status == 0, "\(r.stderr)")
        }
        let join = try runReel(["join", "pieces", "-o", "joined.mp4", "--quiet"], in: dir)
        #expect(join.status == 0, "\(join.stderr)")
        #expect(try frames("joined.mp4", in: dir) == runs[0])
    }

    /// `inspect` tells how many particles are alive (and each one when asked); `profile` how many
    /// it drew a frame and their cost.
    @Test func inspectAndProfileTellTheParticles() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let count = try runReel(["inspect", "t.json", "--time", "1.5", "--layer", "confetti", "--key", "particleCount"], in: dir)
        #expect(count.status == 0, "\(count.stderr)")
        // 80 a second living 1.5 to 2.5 s: 80 x 1.5 born so far, all alive.
        #expect(count.stdout.contains("\"confetti\": 120"), "\(count.stdout)")
        let list = try runReel(["inspect", "t.json", "--time", "0.05", "--layer", "confetti", "--key", "particles"], in: dir)
        #expect(list.stdout.contains("\"cell\": \"p\""))
        let profile = try runReel(["profile", "t.json", "--threads", "1", "--json", "p.json"], in: dir)
        #expect(profile.status == 0, "\(profile.stderr)")
        #expect(profile.stdout.contains("particles drawn: "))
        let json =
            try JSONSerialization.jsonObject(with: Data(contentsOf: dir.appendingPathComponent("p.json"))) as? [String: Any]
        let particles = json?["particles"] as? [String: Double]
        #expect((particles?["mean_per_frame"] ?? 0) > 50 && (particles?["cpu_ms_per_frame"] ?? 0) > 0)
    }
}
