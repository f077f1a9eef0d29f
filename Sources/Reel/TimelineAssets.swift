import Foundation
import ReelCore
import ReelMedia
import ReelTimeline

/// The pipeline's asset step: checks the files a timeline's layers show (inside the assets
/// root, regular, readable) without opening them, then decodes each once through libav (PNG,
/// JPEG, ...), premultiplied, with its mipmaps, shared by every frame and thread.
public enum TimelineAssets {
    /// Assets that cannot be used: each one's problem at its JSON path (`assets.NAME.path`).
    public struct LoadError: Error, CustomStringConvertible {
        public let problems: [TimelineProblem]
        public var description: String { problems.map(\.description).joined(separator: "\n") }
    }

    /// What is wrong with each asset file, found with `stat` and `realpath` only, so that
    /// nothing blocks on a pipe or a device: a path outside `timeline.assetsRoot` (also through
    /// a link), no file, not a regular file, or a file Reel may not read.
    public static func problems(in timeline: Timeline) -> [TimelineProblem] {
        let root = URL(fileURLWithPath: timeline.assetsRoot).standardized.path
        let realRoot = realPath(root) ?? root
        let outside = "a path inside the assets root \(root) (the timeline's folder unless --assets-root names another)"
        let expected = "a readable image file (relative to the timeline's folder)"
        var problems: [TimelineProblem] = []
        for (name, path) in timeline.assets.sorted(by: { $0.key < $1.key }) {
            func problem(_ expected: String, _ found: String) {
                problems.append(TimelineProblem(path: "assets.\(name).path", expected: expected, found: found))
            }
            if !isInside(path, root) {
                problem(outside, "\(path), outside it")
                continue
            }
            var info = stat()
            if stat(path, &info) != 0 {
                problem(expected, "no file at \(path)")
            } else if let real = realPath(path), !isInside(real, realRoot) {
                problem(outside, "\(path), a link to \(real) outside it")
            } else if info.st_mode & S_IFMT != S_IFREG {
                let kind =
                    switch info.st_mode & S_IFMT {
                    case S_IFDIR: "a folder"
                    case S_IFIFO: "a pipe (FIFO)"
                    case S_IFCHR, S_IFBLK: "a device"
                    default: "not a regular file"
                    }
                problem(expected, "\(kind) at \(path)")
            } else if access(path, R_OK) != 0 {
                problem(expected, "a file Reel may not read at \(path)")
            }
        }
        return problems
    }

    /// Checks, then decodes the assets of `timeline`, each file once however many names it has.
    public static func load(_ timeline: Timeline) throws(LoadError) -> [String: Image] {
        let checked = problems(in: timeline)
        guard checked.isEmpty else { throw LoadError(problems: checked) }
        var images: [String: Image] = [:]
        var byFile: [String: Image] = [:]
        var failed: [TimelineProblem] = []
        for (name, path) in timeline.assets.sorted(by: { $0.key < $1.key }) {
            if let decoded = byFile[path] {
                images[name] = decoded
                continue
            }
            let found: String
            do {
                if let pixels = try MediaReader(path: path).readFrames(limit: 1).first {
                    let image = Image(pixels: pixels)
                    images[name] = image
                    byFile[path] = image
                    continue
                }
                found = "a file that holds no picture"
            } catch {
                found = reason(for: error, path: path)
            }
            failed.append(
                TimelineProblem(path: "assets.\(name).path", expected: "an image Reel can decode", found: "\(found) at \(path)"))
        }
        guard failed.isEmpty else { throw LoadError(problems: failed) }
        return images
    }

    /// Whether `path` is `folder` or lies below it.
    static func isInside(_ path: String, _ folder: String) -> Bool {
        folder == "/" || path == folder || path.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
    }

    /// The path with every link resolved, or nil when some part of it does not exist.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
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
