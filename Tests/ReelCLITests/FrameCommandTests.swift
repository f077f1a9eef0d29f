import Foundation
import ReelMedia
import ReelTestSupport
import Testing

@Suite struct FrameCommandTests {
    @Test func frameWritesAPNG() throws {
        let dir = makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try slidingSquareTimeline.write(to: dir.appendingPathComponent("slide.json"), atomically: true, encoding: .utf8)
        let result = try runReel(["frame", "slide.json", "--time", "0.5", "-o", "half.png"], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        let png = try #require(try MediaReader(path: dir.appendingPathComponent("half.png").path).readFrames().first)
        #expect(png.pixel(x: 74, y: 48) == (255, 0x88, 0, 255))
    }
}
