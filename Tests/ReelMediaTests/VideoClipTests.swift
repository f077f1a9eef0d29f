import Foundation
import ReelCore
import ReelTestSupport
import Testing

@testable import ReelMedia

/// Frames read exactly: clips the test makes, whose frames show their own index, read back
/// at times, in order and out of it, with B-frames, variable frame rate, rotation and
/// non-square pixels.
@Suite struct VideoClipTests {
    func index(of picture: PixelBuffer) -> Int {
        IndexClip.read { x, y in Int(picture.pixel(x: x, y: y).g) }
    }

    @Test func everyFrameOfAClipWithBFramesIsExactInAnyOrder() throws {
        let path = scratchPath("bframes.mp4")
        try IndexClip.make(path, count: 90, arguments: ["-c:v", "libx264", "-bf", "3", "-g", "24", "-pix_fmt", "yuv420p"])
        let clip = try VideoClip(path: path)
        #expect(clip.info.frameCount == 90 && clip.info.width == IndexClip.width && clip.info.height == IndexClip.height)
        #expect(abs(clip.info.frameRate - 30) < 1e-6)
        for i in 0..<90 {
            #expect(clip.frameIndex(at: Double(i) / 30 + 0.001) == i)
            #expect(index(of: try clip.frame(i)) == i, "frame \(i)")
        }
        #expect(clip.decodedFrames == 90, "each frame decoded once in order")
        for i in [80, 3, 47, 46, 89, 0, 25, 26, 60] { #expect(index(of: try clip.frame(i)) == i, "frame \(i) out of order") }
        #expect(clip.frameIndex(at: -1) == 0 && clip.frameIndex(at: 100) == 89)
    }

    @Test func aVariableFrameRateClipShowsTheFrameWhoseIntervalHoldsTheTime() throws {
        let path = scratchPath("vfr.mkv")
        // Frame n starts at n x 40 ms, plus 20 ms more from frame 10 on and 60 ms more from 20 on.
        try IndexClip.make(
            path, count: 30, rate: "25",
            arguments: [
                "-vf", "settb=1/1000,setpts=N*40+gte(N\\,10)*20+gte(N\\,20)*40", "-fps_mode", "passthrough", "-enc_time_base",
                "1/1000", "-c:v", "libx264",
                "-bf", "2", "-pix_fmt", "yuv420p"
            ])
        let clip = try VideoClip(path: path)
        let starts: [Double] = (0..<30).map { (n: Int) -> Double in
            let ms: Int = n * 40 + (n >= 10 ? 20 : 0) + (n >= 20 ? 40 : 0)
            return Double(ms) / 1000
        }
        #expect(clip.times.count == 30)
        for (a, b) in zip(clip.times, starts) { #expect(abs(a - b) < 1e-6) }
        for n in 0..<29 {
            let t = (starts[n] + starts[n + 1]) / 2
            let i = clip.frameIndex(at: t)
            #expect(i == n)
            #expect(index(of: try clip.frame(i)) == n)
        }
    }

    @Test func rotationMetadataAndNonSquarePixelsComeOutUprightAndUnstretched() throws {
        let turned = scratchPath("turned.mp4")
        try IndexClip.make(scratchPath("upright.mp4"), count: 3, arguments: ["-c:v", "libx264", "-pix_fmt", "yuv420p"])
        try IndexClip.remux(scratchPath("upright.mp4"), to: turned, arguments: ["-metadata:s:v:0", "rotate=90"])
        let clip = try VideoClip(path: turned)
        // ffmpeg's `rotate=90` tag writes a display matrix of 90 degrees counter-clockwise (what
        // ffprobe prints as rotation=90 and ffmpeg's own autorotate applies): 270 clockwise.
        try #require(clip.info.rotation == 270)
        try #require(clip.info.width == IndexClip.height && clip.info.height == IndexClip.width)
        let picture = try clip.frame(2)
        // Turned a quarter counter-clockwise: the clip's left edge at the bottom, (x, y) at (y, width - 1 - x).
        #expect(IndexClip.read { x, y in Int(picture.pixel(x: y, y: IndexClip.width - 1 - x).g) } == 2)

        let wide = scratchPath("anamorphic.mp4")
        try IndexClip.make(wide, count: 3, arguments: ["-vf", "setsar=2", "-c:v", "libx264", "-pix_fmt", "yuv420p"])
        let anamorphic = try VideoClip(path: wide)
        #expect(anamorphic.info.width == 2 * IndexClip.width && anamorphic.info.height == IndexClip.height)
        let stretched = try anamorphic.frame(1)
        #expect(IndexClip.read { x, y in Int(stretched.pixel(x: 2 * x, y: y).g) } == 1)
    }

    @Test func bt601FullAndBT709LimitedDecodeToTheSameColours() throws {
        var pictures: [PixelBuffer] = []
        for (name, matrix, range) in [("601.mp4", "bt601", "pc"), ("709.mp4", "bt709", "tv")] {
            let path = scratchPath(name)
            try IndexClip.make(
                path, count: 1,
                arguments: [
                    "-vf", "scale=out_color_matrix=\(matrix):out_range=\(range == "pc" ? "full" : "limited")", "-c:v", "libx264",
                    "-qp", "0", "-pix_fmt", range == "pc" ? "yuvj444p" : "yuv444p", "-colorspace",
                    matrix == "bt601" ? "smpte170m" : "bt709",
                    "-color_range", range
                ])
            pictures.append(try VideoClip(path: path).frame(0))
        }
        var worst = 0
        for y in 0..<IndexClip.height {
            for x in 0..<IndexClip.width {
                let (a, b) = (pictures[0].pixel(x: x, y: y), pictures[1].pixel(x: x, y: y))
                worst = max(worst, abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b)))
            }
        }
        #expect(worst <= 2)
    }

    @Test func aProResClipWithAlphaKeepsIt() throws {
        let path = scratchPath("alpha.mov")
        try IndexClip.make(
            path, count: 2,
            arguments: [
                "-vf", "format=rgba,colorchannelmixer=aa=0.5", "-c:v", "prores_ks", "-profile:v", "4444", "-pix_fmt",
                "yuva444p10le"
            ])
        let clip = try VideoClip(path: path)
        #expect(clip.info.hasAlpha)
        let p = try clip.frame(1).pixel(x: 1, y: 1)
        #expect(abs(Int(p.a) - 128) <= 2, "alpha \(p.a)")
    }

    @Test func aVP9ClipWithAlphaKeepsIt() throws {
        let path = scratchPath("alpha.webm")
        try IndexClip.make(
            path, count: 3,
            arguments: [
                "-vf", "format=rgba,colorchannelmixer=aa=0.5", "-c:v", "libvpx-vp9", "-pix_fmt", "yuva420p", "-lossless", "1"
            ])
        let clip = try VideoClip(path: path)
        #expect(clip.info.hasAlpha)
        let picture = try clip.frame(2)
        #expect(abs(Int(picture.pixel(x: 1, y: 1).a) - 128) <= 2, "alpha \(picture.pixel(x: 1, y: 1).a)")
        // Premultiplied: the white squares of frame 2 (bit 1) at half alpha.
        #expect(IndexClip.read { x, y in 2 * Int(picture.pixel(x: x, y: y).g) } == 2)
    }
}
