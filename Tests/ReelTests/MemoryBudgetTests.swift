import Foundation
import ReelCore
import ReelRender
import ReelTestSupport
import ReelTimeline
import Testing

@testable import Reel

/// Memory bombs are refused before anything is drawn, with the figure and the layer; what
/// fits runs, with fewer workers when all of them would not fit.
@Suite struct MemoryBudgetTests {
    /// `depth` layers nested inside each other, each faded as a group over the whole canvas.
    func nested(depth: Int, size: Int) -> String {
        var layer = ""
        for level in (0..<depth).reversed() {
            let inner = layer.isEmpty ? "" : ", \"sublayers\": [\(layer)]"
            layer =
                "{\"id\": \"n\(level)\", \"bounds\": [0, 0, \(size), \(size)], \"position\": [\(size / 2), \(size / 2)], \"opacity\": 0.99, \"backgroundColor\": \"#10FF0000\"\(inner)}"
        }
        return "{\"canvas\": {\"width\": \(size), \"height\": \(size), \"duration\": 0.1}, \"layers\": [\(layer)]}"
    }

    func write(_ text: String, _ name: String) throws -> (directory: URL, path: String) {
        let directory = makeScratchDirectory()
        let path = directory.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return (directory, path)
    }

    @Test func nestedGroupOpacityIsRefusedWithTheFigureAndTheLayer() throws {
        let (directory, path) = try write(nested(depth: 40, size: 2048), "nested.json")
        for command in [["validate", path], ["render", path, "-o", "out.mp4"], ["frame", path, "-o", "out.png"]] {
            let result = try runReel(command + ["--memory-limit", "256"], in: directory)
            #expect(result.status == 1, "\(command[0])")
            #expect(result.stderr.contains("over the memory limit of 256 MB"), "\(command[0]): \(result.stderr)")
            #expect(result.stderr.contains("at layer `canvas/n0/.../n"), "\(command[0]): \(result.stderr)")
            #expect(result.stderr.contains("levels deep"), "\(command[0]): \(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("out.mp4").path))
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("out.png").path))
    }

    @Test func estimateCountsEachNestedPicture() throws {
        let timeline = try Timeline.decode(nested(depth: 10, size: 256))
        let estimate = MemoryBudget.estimate(timeline, assets: DrawingAssets())
        // About a picture of 256 x 256 per level that fades a sublayer with its background.
        #expect(estimate.scratch >= 8 * 256 * 256 * 4)
        #expect(estimate.scratch <= 11 * 256 * 256 * 4)
        #expect(estimate.layer?.hasPrefix("canvas/n0/n1") == true)
    }

    @Test func workersAreReducedToFitAndOneMustFit() throws {
        let estimate = MemoryBudget.Estimate(images: 10, perWorker: 100, perFrameInFlight: 1, scratch: 0, frame: 0, layer: nil)
        #expect(try MemoryBudget(limit: 10_000).workers(for: estimate, requested: 8) == 8)
        #expect(try MemoryBudget(limit: 300).workers(for: estimate, requested: 8) == 2)
        #expect(throws: MemoryError.self) { try MemoryBudget(limit: 100).workers(for: estimate, requested: 8) }
    }

    /// A `shouldRasterize` layer too big to keep as a bitmap is drawn directly: eight of
    /// 16384 x 16384 on a small canvas render in little memory.
    @Test func hugeRasterizedLayersAreDrawnDirectly() throws {
        let layers = (0..<8).map {
            "{\"id\": \"r\($0)\", \"bounds\": [0, 0, 16384, 16384], \"position\": [32, 32], \"backgroundColor\": \"#FF0000\", \"shouldRasterize\": true}"
        }
        let text =
            "{\"canvas\": {\"width\": 64, \"height\": 64, \"duration\": 0.1}, \"layers\": [\(layers.joined(separator: ", "))]}"
        let timeline = try Timeline.decode(text)
        let estimate = MemoryBudget.estimate(timeline, assets: DrawingAssets())
        #expect(estimate.total(workers: 1) < 64 << 20)
        let frame = try FrameRenderer(timeline: timeline).render(time: 0)
        #expect(frame.pixel(x: 10, y: 10) == (255, 0, 0, 255))
    }

    /// Asked for more workers than fit, `render` runs fewer and says so.
    @Test func renderSaysWhenItRunsFewerWorkers() throws {
        let (directory, path) = try write(
            "{\"canvas\": {\"width\": 64, \"height\": 64, \"duration\": 0.07}, \"layers\": []}", "small.json")
        // Each worker counts the kept-shadow cap (32 MB): 80 MB holds two.
        let result = try runReel(["render", path, "-o", "small.mp4", "--threads", "4", "--memory-limit", "80"], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("note: rendering with 2 workers instead of 4"), "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("small.mp4").path))
    }
}
