import Foundation
import ReelCore
import ReelMedia
import ReelTestSupport
import Testing

/// Lottie's path modifiers against a reference player: each file in
/// `Tests/Fixtures/lottie-modifiers/` (written for these tests) drawn by Reel at frames 0, 15
/// and 30, compared over premultiplied RGBA with ThorVG's frames beside it
/// (`scripts/make-lottie-modifier-references.py`), by check.py's pass rule: mean difference at
/// most 2 levels, at most 1 % of pixels off by more than 32.
@Suite struct LottieModifierTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/lottie-modifiers")

    static let files: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }()

    /// Premultiplied RGBA of a straight-alpha picture, as doubles.
    func premultiplied(_ p: PixelBuffer, x: Int, y: Int) -> [Double] {
        let c = p.pixel(x: x, y: y)
        let a = Double(c.a) / 255
        return [Double(c.r) * a, Double(c.g) * a, Double(c.b) * a, Double(c.a)]
    }

    @Test func everyModifierHasAFile() {
        #expect(Set(Self.files) == ["offset-path", "pucker-bloat", "round-corners"])
    }

    @Test(arguments: files)
    func drawsAsThorVGDoes(_ name: String) throws {
        let dir = makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        for frame in [0, 15, 30] {
            let out = dir.appendingPathComponent("f\(frame).png").path
            let r = try runReel([
                "frame", Self.folder.appendingPathComponent(name + ".json").path, "--time", "\(Double(frame) / 30)", "-o", out
            ])
            #expect(r.status == 0 && !r.stderr.contains("warning"), "\(r.stderr)")
            let reel = try #require(try MediaReader(path: out).readFrames(limit: 1).first)
            let reference = try #require(
                try MediaReader(path: Self.folder.appendingPathComponent("\(name)-f\(frame).png").path).readFrames(limit: 1).first
            )
            #expect(reel.width == reference.width && reel.height == reference.height)
            var (sum, off) = (0.0, 0)
            for y in 0..<reel.height {
                for x in 0..<reel.width {
                    let d = zip(premultiplied(reel, x: x, y: y), premultiplied(reference, x: x, y: y)).map { abs($0 - $1) }
                    sum += d.reduce(0, +)
                    if d.max()! > 32 { off += 1 }
                }
            }
            let pixels = Double(reel.width * reel.height)
            let (mad, share) = (sum / (pixels * 4), Double(off) / pixels)
            #expect(
                mad <= 2 && share <= 0.01, "\(name) frame \(frame): mean difference \(mad), \(share * 100) % off by more than 32")
        }
    }
}
