import Foundation
import ReelCore
import ReelMedia
import ReelRender
import ReelText
import ReelTimeline

/// The pipeline's asset step: checks the files a timeline's layers show (inside the assets
/// root, regular, readable) without opening them, then decodes each image once through libav
/// (PNG, JPEG, ...), premultiplied, with its mipmaps, and opens each font file once through
/// FreeType and HarfBuzz; all shared by every frame and thread.
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
        var files = timeline.assets.map {
            (
                name: $0.key, path: $0.value,
                kind: Timeline.isFontFile($0.value) ? "font" : Timeline.isVideoFile($0.value) ? "video" : "image"
            )
        }
        if let audio = timeline.audio { files.append((audio.name, audio.path, "sound")) }
        var problems: [TimelineProblem] = []
        for (name, path, kind) in files.sorted(by: { $0.name < $1.name }) {
            func problem(_ expected: String, _ found: String) {
                problems.append(TimelineProblem(path: jsonPath(of: name, in: timeline), expected: expected, found: found))
            }
            if timeline.commandLineAssets.contains(name) {
                if let found = unreadable(path) { problem("a readable \(kind) file", found) }
            } else if !isInside(path, root) {
                problem(outside, "\(path), outside it")
            } else if let real = realPath(path), !isInside(real, realRoot) {
                problem(outside, "\(path), a link to \(real) outside it")
            } else if let found = unreadable(path) {
                problem("a readable \(kind) file (relative to the timeline's folder)", found)
            }
        }
        return problems
    }

    /// `path` when it is a readable regular file inside `root`, also once links are followed;
    /// nil otherwise (what a server of a timeline's folder may hand out).
    public static func fileInside(_ path: String, root: String) -> String? {
        let folder = URL(fileURLWithPath: root).standardized.path
        guard isInside(path, folder), let real = realPath(path), isInside(real, realPath(folder) ?? folder),
            unreadable(real) == nil
        else { return nil }
        return real
    }

    /// What keeps `path` from being read as a file, in words (`a pipe (FIFO) at ...`), or nil
    /// when it is a readable regular file. Nothing is opened: a pipe cannot block.
    static func unreadable(_ path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return "no file at \(path)" }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return access(path, R_OK) == 0 ? nil : "a file Reel may not read at \(path)"
        case S_IFDIR: return "a folder at \(path)"
        case S_IFIFO: return "a pipe (FIFO) at \(path)"
        case S_IFCHR, S_IFBLK: return "a device at \(path)"
        default: return "not a regular file at \(path)"
        }
    }

    /// Refuses a sound file given on the command line (`--audio`) that is not a readable
    /// regular file, before any work.
    public static func checkAudioFile(_ audio: AudioTrack) throws(LoadError) {
        if let found = unreadable(audio.path) {
            throw LoadError(problems: [TimelineProblem(path: audio.name, expected: "a readable sound file", found: found)])
        }
    }

    /// Checks, then decodes the assets of `timeline`, each file once however many names it has.
    public static func load(_ timeline: Timeline) throws(LoadError) -> DrawingAssets {
        let checked = problems(in: timeline)
        guard checked.isEmpty else { throw LoadError(problems: checked) }
        var images: [String: Image] = [:]
        var byFile: [String: Image] = [:]
        var fonts: [String: FontFace] = [:]
        var fontsByFile: [String: FontFace] = [:]
        var clips: [String: VideoClip] = [:]
        var failed: [TimelineProblem] = []
        for (name, path) in timeline.assets.sorted(by: { $0.key < $1.key }) {
            if Timeline.isFontFile(path) {
                let index = timeline.fontIndices[name] ?? 0
                let key = "\(path)#\(index)"
                do throws(FontError) {
                    let face: FontFace
                    if let opened = fontsByFile[key] { face = opened } else { face = try FontFace(path: path, index: index) }
                    fonts[name] = face
                    fontsByFile[key] = face
                } catch {
                    failed.append(
                        TimelineProblem(
                            path: "assets.\(name).path", expected: "a font file FreeType and HarfBuzz can read",
                            found: error.description))
                }
                continue
            }
            if Timeline.isVideoFile(path) {
                do throws(FFmpegError) {
                    clips[name] = try VideoClip(path: path)
                } catch {
                    failed.append(
                        TimelineProblem(
                            path: jsonPath(of: name, in: timeline), expected: "a video libav can decode",
                            found: "\(videoReason(for: error, path: path)) at \(path)"))
                }
                continue
            }
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
        let typesetter = fonts.isEmpty ? Typesetter.systemFonts : Typesetter(library: FontLibrary(assets: fonts))
        return DrawingAssets(images: images, typesetter: typesetter, videos: clips.isEmpty ? nil : ClipFrames(clips: clips))
    }

    /// Where a problem with asset `name` is reported: its entry in the file, or the option
    /// that gave it.
    static func jsonPath(of name: String, in timeline: Timeline) -> String {
        timeline.commandLineAssets.contains(name) ? name : "assets.\(name).path"
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

    /// What a video file libav could not use holds, in words.
    static func videoReason(for error: FFmpegError, path: String) -> String {
        if (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) == 0 { return "an empty file" }
        if error.call.hasPrefix("avformat_open_input") || error.call.hasPrefix("avformat_find_stream_info") {
            return
                "a file libav cannot open as a video: no format it knows (MP4, MOV, WebM, MKV, ...), or cut short before its index (\(error.message))"
        }
        if error.call.hasPrefix("av_find_best_stream") { return "a file with no video stream (sound only, or no frames)" }
        if error.call == "video size" { return "a video that declares more pixels than a clip may have: \(error.message)" }
        return "a damaged or cut-short video (\(error.message))"
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
