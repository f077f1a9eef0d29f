import Foundation

/// Test clips whose frames show their own index as pixels, made with the `ffmpeg` command:
/// bit k of the index is square k (24 x 24 pixels, from the left, at y 20...43), white for 1
/// and black for 0, on a grey ground, so a frame decoded anywhere (through Reel or not) can be
/// read back.
public enum IndexClip {
    public static let width = 256
    public static let height = 64
    static let bits = 10

    /// The RGB24 picture of frame `index`.
    public static func frame(_ index: Int) -> [UInt8] {
        var rgb = [UInt8](repeating: 96, count: width * height * 3)
        for k in 0..<bits {
            let value: UInt8 = index >> k & 1 == 1 ? 255 : 0
            for y in 20..<44 {
                for x in (4 + 25 * k)..<(4 + 25 * k + 24) {
                    let i = (y * width + x) * 3
                    (rgb[i], rgb[i + 1], rgb[i + 2]) = (value, value, value)
                }
            }
        }
        return rgb
    }

    /// Reads the index from a frame's pixels: `pixel(x, y)` gives the luma-ish level 0...255 at
    /// a pixel of the clip's own picture (callers map their picture's coordinates to it).
    public static func read(_ pixel: (Int, Int) -> Int) -> Int {
        (0..<bits).reduce(0) { n, k in n | (pixel(4 + 25 * k + 12, 32) > 128 ? 1 << k : 0) }
    }

    /// Copies the streams of `source` into `path` with `arguments` (metadata such as a rotation).
    public static func remux(_ source: String, to path: String, arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/ffmpeg")
        process.arguments = ["-v", "error", "-y", "-i", source, "-c", "copy"] + arguments + [path]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw NSError(
                domain: "IndexClip", code: Int(process.terminationStatus),
                userInfo: [NSLocalizedDescriptionKey: "ffmpeg failed for \(path)"])
        }
    }

    /// Encodes `count` index frames at `rate` frames per second into `path` with `ffmpeg`,
    /// `arguments` going between the input and the output (codec, filters, metadata).
    public static func make(_ path: String, count: Int, rate: String = "30", arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/ffmpeg")
        process.arguments =
            ["-v", "error", "-y", "-f", "rawvideo", "-pix_fmt", "rgb24", "-s", "\(width)x\(height)", "-r", rate, "-i", "-"]
            + arguments + [path]
        let input = Pipe()
        process.standardInput = input
        try process.run()
        for i in 0..<count { input.fileHandleForWriting.write(Data(frame(i))) }
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw NSError(
                domain: "IndexClip", code: Int(process.terminationStatus),
                userInfo: [NSLocalizedDescriptionKey: "ffmpeg failed for \(path)"])
        }
    }
}
