import Foundation
import ReelCaptions
import ReelCore
import ReelMedia
import ReelRender
import ReelText
import ReelTimeline

/// The pipeline's asset step: checks the files a timeline's layers show (`AssetFiles`: inside
/// the assets root, regular, readable) without opening them, then decodes each image once through libav
/// (PNG, JPEG, ...), premultiplied, with its mipmaps, and opens each font file once through
/// FreeType and HarfBuzz, and reads each caption file once; all shared by every frame and thread.
public enum TimelineAssets {
    /// Refuses a sound file given on the command line (`--audio`) that is not a readable
    /// regular file, before any work.
    public static func checkAudioFile(_ audio: AudioTrack, of timeline: Timeline) throws(TimelineError) {
        if let found = AssetFiles.unreadable(audio.path) {
            throw TimelineError(
                file: timeline.file,
                problems: [TimelineProblem(path: audio.name, expected: "a readable sound file", found: found)])
        }
    }

    /// Checks, then decodes the assets of `timeline`, each file once however many names it has.
    /// `textOnly` opens the fonts and caption files only (what text needs), for the warnings
    /// about its fonts before a render.
    /// A `cache` shares decoded images and fonts with other renders of the process.
    public static func load(_ timeline: Timeline, textOnly: Bool = false, cache: AssetCache? = nil) throws(TimelineError)
        -> DrawingAssets
    {
        let files = timeline.assetFiles
        let checked = files.problems()
        guard checked.isEmpty else { throw TimelineError(file: timeline.file, problems: checked, warnings: timeline.warnings) }
        var images: [String: Image] = [:]
        var byFile: [String: Image] = [:]
        var fonts: [String: FontFace] = [:]
        var fontsByFile: [String: FontFace] = [:]
        var clips: [String: VideoClip] = [:]
        var captions: [String: CaptionTrack] = [:]
        var failed: [TimelineProblem] = []
        for (name, path) in timeline.assets.sorted(by: { $0.key < $1.key }) {
            if Timeline.isFontFile(path) {
                let index = timeline.fontIndices[name] ?? 0
                let key = "\(path)#\(index)"
                do throws(FontError) {
                    let face: FontFace
                    if let opened = fontsByFile[key] {
                        face = opened
                    } else if let cache {
                        face = try cache.font(key) { () throws(FontError) in try FontFace(path: path, index: index) }
                    } else {
                        face = try FontFace(path: path, index: index)
                    }
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
            if Timeline.isCaptionFile(path) {
                do throws(CaptionError) {
                    captions[name] = try CaptionTrack.read(path: path)
                } catch {
                    failed.append(
                        TimelineProblem(
                            path: files.jsonPath(of: name), expected: error.expected,
                            found: "\(error.found) (\(error.location) of \(path))"))
                }
                continue
            }
            if textOnly { continue }
            if Timeline.isVideoFile(path) {
                do throws(FFmpegError) {
                    clips[name] = try VideoClip(path: path, matrix: timeline.clipMatrices[name])
                } catch {
                    failed.append(
                        TimelineProblem(
                            path: files.jsonPath(of: name), expected: "a video libav can decode",
                            found: "\(videoReason(for: error, path: path)) at \(path)"))
                }
                continue
            }
            if let decoded = byFile[path] {
                images[name] = decoded
                continue
            }
            let found: String
            do throws(FFmpegError) {
                let decode = { () throws(FFmpegError) -> Image? in
                    try MediaReader(path: path).readFrames(limit: 1).first.map { Image(pixels: $0) }
                }
                let decoded: Image?
                if let cache { decoded = try cache.image(path, decode) } else { decoded = try decode() }
                if let image = decoded {
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
        // Text needs the machine's fonts unless the timeline ships its own.
        if timeline.hasText, fonts.isEmpty, let missing = FontLibrary.missingFontsProblem {
            failed.append(TimelineProblem(path: "", expected: "an installed font to set the text with", found: missing))
        }
        guard failed.isEmpty else { throw TimelineError(file: timeline.file, problems: failed, warnings: timeline.warnings) }
        let make = { Typesetter(library: FontLibrary(assets: fonts)) }
        let key = fonts.keys.sorted().map { "\($0)=\(timeline.assets[$0] ?? "")#\(timeline.fontIndices[$0] ?? 0)" }
        let typesetter = fonts.isEmpty ? Typesetter.systemFonts : cache?.typesetter(key, make) ?? make()
        return DrawingAssets(
            images: images, typesetter: typesetter, videos: clips.isEmpty ? nil : ClipFrames(clips: clips), captions: captions)
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

extension DrawingAssets {
    /// Whether the clip file at a path, one of `timeline`'s video assets, has a sound track.
    public func clipHasSound(_ timeline: Timeline) -> (String) -> Bool {
        let clips = (videos as? ClipFrames)?.info ?? [:]
        return { path in clips.contains { timeline.assets[$0.key] == path && $0.value.hasAudio } }
    }
}
