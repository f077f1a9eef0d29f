import Foundation
import ReelCore
import Testing

@testable import ReelMedia

@Suite struct VideoEncoderTests {
    @Test func encodesTaggedH264ThatDecodesToTheSameColours() throws {
        let path = scratchPath("solid.mp4")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let settings = VideoSettings(width: 64, height: 48, frameRate: FrameRate(numerator: 25), crf: 18, preset: "ultrafast")
        let encoder = try VideoEncoder(path: path, settings: settings)
        let converter = try ColorConverter(width: 64, height: 48)
        let colours = [Color(hex: "#FF8800")!, Color(hex: "#2ECC71")!, Color(hex: "#3498DB")!]
        for i in 0..<15 {
            let buffer = PixelBuffer(width: 64, height: 48)
            buffer.clear(to: colours[i % 3])
            let frame = try VideoFrame.yuv420p(width: 64, height: 48)
            try converter.convert(buffer, into: frame)
            try encoder.encode(frame)
        }
        try encoder.finish()

        let reader = try MediaReader(path: path)
        #expect(reader.info.codec == "h264")
        #expect(reader.info.width == 64 && reader.info.height == 48)
        #expect(reader.info.pixelFormat == "yuv420p")
        #expect(
            reader.info.colorPrimaries == "bt709" && reader.info.colorTransfer == "bt709" && reader.info.colorSpace == "bt709")
        #expect(reader.info.colorRange == "tv")
        #expect(abs(reader.info.duration - 0.6) < 1e-6)
        let frames = try reader.readFrames()
        #expect(frames.count == 15)
        for (i, f) in frames.enumerated() {
            let want = colours[i % 3].premultipliedRGBA8
            let got = f.pixel(x: 32, y: 24)
            // Tolerance 3 per channel: 8-bit limited-range YUV round trip.
            #expect(
                abs(Int(got.r) - Int(want.r)) <= 3 && abs(Int(got.g) - Int(want.g)) <= 3 && abs(Int(got.b) - Int(want.b)) <= 3,
                "frame \(i): \(got) vs \(want)")
        }
    }
}
