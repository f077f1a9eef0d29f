import Foundation
import ReelCore
import Testing

@testable import ReelMedia

@Suite struct ImageWriterTests {
    @Test func pngRoundTripKeepsPixels() throws {
        let buffer = PixelBuffer(width: 5, height: 3)
        for y in 0..<3 { for x in 0..<5 { buffer.row(y)[x] = PixelBuffer.pack((UInt8(x * 50), UInt8(y * 100), 7, 255)) } }
        buffer.row(1)[2] = PixelBuffer.pack((64, 32, 0, 128))  // premultiplied half-transparent
        let path = scratchPath("roundtrip.png")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try ImageWriter.pngData(buffer).write(to: URL(fileURLWithPath: path))
        let back = try #require(try MediaReader(path: path).readFrames().first)
        #expect(back.width == 5 && back.height == 3)
        #expect(back.packedBytes == buffer.packedBytes)
    }
}
