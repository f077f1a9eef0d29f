import Foundation
import ReelCore
import ReelMedia
import ReelTimeline

/// The images a timeline's layers show, decoded once through libav (PNG, JPEG, ...),
/// premultiplied, with their mipmaps, and shared by every frame and thread.
public enum TimelineAssets {
    /// An asset that could not be decoded: which one, its file, and why in words.
    public struct LoadError: Error, CustomStringConvertible {
        public let asset: String
        public let path: String
        public let reason: String
        public var description: String { "assets.\(asset).path: expected an image Reel can decode, found \(reason) at \(path)" }
    }

    /// Decodes every asset of `timeline`, each file once however many names it has.
    public static func load(_ timeline: Timeline) throws -> [String: Image] {
        var images: [String: Image] = [:]
        var byFile: [String: Image] = [:]
        for (name, path) in timeline.assets.sorted(by: { $0.key < $1.key }) {
            if let decoded = byFile[path] {
                images[name] = decoded
                continue
            }
            do {
                guard let pixels = try MediaReader(path: path).readFrames(limit: 1).first else {
                    throw LoadError(asset: name, path: path, reason: "a file that holds no picture")
                }
                let image = Image(pixels: pixels)
                images[name] = image
                byFile[path] = image
            } catch let error as FFmpegError {
                throw LoadError(asset: name, path: path, reason: reason(for: error, path: path))
            }
        }
        return images
    }

    /// What a file libav could not decode holds, in words: empty, a PNG declaring more pixels
    /// than any image may have, no image format libav knows, or a damaged or cut-short image.
    static func reason(for error: FFmpegError, path: String) -> String {
        let file = FileHandle(forReadingAtPath: path)
        defer { try? file?.close() }
        let head = (try? file?.read(upToCount: 24)) ?? Data()
        if head.isEmpty { return "an empty file" }
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        if head.count == 24, Array(head.prefix(8)) == signature, Array(head[12..<16]) == Array("IHDR".utf8) {
            func word(_ at: Int) -> Int { head[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
            let (width, height) = (word(16), word(20))
            if width * height > Canvas.maximumPixels || width > 16384 || height > 16384 {
                return "a PNG that declares \(width) x \(height) pixels, more than an image may have (16384 x 8192)"
            }
        }
        if error.call.hasPrefix("avformat_open_input") || error.call.hasPrefix("avformat_find_stream_info") {
            return "a file in no image format libav knows (PNG, JPEG, WebP, ...)"
        }
        return "a damaged or cut-short image libav could not decode (\(error.message))"
    }
}
