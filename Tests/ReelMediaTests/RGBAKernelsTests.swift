import Foundation
import ReelCore
import ReelTestSupport
import Testing

@testable import ReelMedia

/// Reel's yuv420p → RGBA kernel: the same bytes as its pixel-by-pixel twin at every size,
/// matrix and range, and the picture FFmpeg's own conversion makes of a smooth clip.
@Suite struct RGBAKernelsTests {
    @Test(arguments: [(37, 21), (64, 48), (2, 2), (9, 1), (1, 7)])
    func theKernelIsItsTwin(width: Int, height: Int) {
        var g = SeededGenerator(state: UInt64(width * 1000 + height))
        let (cw, ch) = ((width + 1) / 2, (height + 1) / 2)
        // Strides wider than the rows, as decoders leave them.
        let (yStride, cStride) = (width + 13, cw + 7)
        let y = (0..<(yStride * height)).map { _ in UInt8.random(in: 0...255, using: &g) }
        let u = (0..<(cStride * ch)).map { _ in UInt8.random(in: 0...255, using: &g) }
        let v = (0..<(cStride * ch)).map { _ in UInt8.random(in: 0...255, using: &g) }
        for bt709 in [false, true] {
            for fullRange in [false, true] {
                let m = RGBAKernels.Matrix(bt709: bt709, fullRange: fullRange)
                let out = PixelBuffer(width: width, height: height)
                y.withUnsafeBufferPointer { yp in
                    u.withUnsafeBufferPointer { up in
                        v.withUnsafeBufferPointer { vp in
                            RGBAKernels.convert(
                                y: yp.baseAddress!, yStride: yStride, u: up.baseAddress!, v: vp.baseAddress!, cStride: cStride,
                                width: width, height: height, matrix: m, into: out)
                        }
                    }
                }
                var differing = 0
                for row in 0..<height {
                    for x in 0..<width {
                        let expected = ReferenceRGBA.pixel(
                            x: x, y: row, y: { y[$1 * yStride + $0] }, u: { u[$1 * cStride + $0] }, v: { v[$1 * cStride + $0] },
                            width: width, height: height, matrix: m)
                        let p = out.pixel(x: x, y: row)
                        if PixelBuffer.pack(p) != expected { differing += 1 }
                    }
                }
                #expect(differing == 0, "\(width)x\(height) bt709 \(bt709) full \(fullRange)")
            }
        }
    }

    @Test func aClipDecodesAsFFmpegConvertsIt() throws {
        let path = scratchPath("kernel-testsrc.mp4")
        let made = Process()
        made.executableURL = URL(fileURLWithPath: "/usr/bin/ffmpeg")
        made.arguments = [
            "-v", "error", "-y", "-f", "lavfi", "-i",
            "gradients=s=160x90:c0=0x1040E0:c1=0xF0C020:x0=0:y0=0:x1=160:y1=90:speed=0.00001:seed=1:rate=10:duration=0.3", "-c:v",
            "libx264", "-qp",
            "0",
            "-pix_fmt", "yuv420p", "-colorspace", "bt709", "-color_range", "tv", path
        ]
        try made.run()
        made.waitUntilExit()
        #expect(made.terminationStatus == 0)
        let ours = try VideoClip(path: path).frame(1)
        // FFmpeg's own conversion of the same frame, bilinear chroma.
        let ffmpeg = Process()
        ffmpeg.executableURL = URL(fileURLWithPath: "/usr/bin/ffmpeg")
        ffmpeg.arguments = [
            "-v", "error", "-i", path, "-vf",
            "select=eq(n\\,1),scale=in_color_matrix=bt709:in_range=tv:flags=bilinear+accurate_rnd+full_chroma_int",
            "-frames:v", "1", "-pix_fmt", "rgba", "-f", "rawvideo", "-"
        ]
        let pipe = Pipe()
        ffmpeg.standardOutput = pipe
        try ffmpeg.run()
        let bytes = pipe.fileHandleForReading.readDataToEndOfFile()
        ffmpeg.waitUntilExit()
        #expect(bytes.count == 160 * 90 * 4)
        var total = 0
        var worst = 0
        for row in 0..<90 {
            for x in 0..<160 {
                let p = ours.pixel(x: x, y: row)
                let i = (row * 160 + x) * 4
                for (a, b) in [(p.r, bytes[i]), (p.g, bytes[i + 1]), (p.b, bytes[i + 2])] {
                    let d = abs(Int(a) - Int(b))
                    total += d
                    worst = max(worst, d)
                }
                #expect(p.a == 255)
            }
        }
        // The same matrix and range; chroma upsampled alike up to rounding on a smooth picture.
        #expect(Double(total) / Double(160 * 90 * 3) < 1.0, "mean \(Double(total) / Double(160 * 90 * 3))")
        #expect(worst <= 6, "worst \(worst)")
    }
}
