/// A kind of video file Reel writes: container, codec, pixel format, and whether it carries
/// alpha. The output's name picks the container; `--codec` picks among the codecs a
/// container takes. Every format is tagged BT.709 (primaries, transfer, matrix), limited range.
public struct OutputFormat: Hashable, Sendable, CustomStringConvertible {
    /// What users call it: `H.264`, `ProRes 4444`, `VP9`.
    public let codecName: String
    /// The `--codec` word that picks it.
    public let codecWord: String
    /// libavformat's muxer and the file extension that selects it.
    public let muxer: String
    public let fileExtension: String
    /// libavcodec's encoder.
    public let encoder: String
    /// The pixel format the encoder is fed (libav's name).
    public let pixelFormat: String
    /// Whether the file keeps the canvas's transparency (alpha leaves Reel straight, not
    /// premultiplied, as each of these formats defines it).
    public let carriesAlpha: Bool
    /// Bytes a frame of the pixel format takes per pixel (what a frame in flight costs).
    public let bytesPerPixel: Double

    /// H.264 (libx264) in MP4, yuv420p: plays everywhere. The default.
    public static let h264MP4 = OutputFormat(
        codecName: "H.264", codecWord: "h264", muxer: "mp4", fileExtension: "mp4", encoder: "libx264",
        pixelFormat: "yuv420p", carriesAlpha: false, bytesPerPixel: 1.5)
    /// H.264 in QuickTime MOV.
    public static let h264MOV = OutputFormat(
        codecName: "H.264", codecWord: "h264", muxer: "mov", fileExtension: "mov", encoder: "libx264",
        pixelFormat: "yuv420p", carriesAlpha: false, bytesPerPixel: 1.5)
    /// ProRes 4444 (prores_ks) in MOV, yuva444p10le with 16-bit alpha: what editors take for overlays.
    public static let proRes4444 = OutputFormat(
        codecName: "ProRes 4444", codecWord: "prores", muxer: "mov", fileExtension: "mov", encoder: "prores_ks",
        pixelFormat: "yuva444p10le", carriesAlpha: true, bytesPerPixel: 8)
    /// VP9 (libvpx-vp9) in WebM, yuva420p with the alpha flagged: transparency for browsers.
    public static let vp9WebM = OutputFormat(
        codecName: "VP9", codecWord: "vp9", muxer: "webm", fileExtension: "webm", encoder: "libvpx-vp9",
        pixelFormat: "yuva420p", carriesAlpha: true, bytesPerPixel: 2.5)

    /// Every format, the first of each extension its default.
    public static let all: [OutputFormat] = [.h264MP4, .proRes4444, .h264MOV, .vp9WebM]

    public var description: String {
        "\(codecName) in .\(fileExtension) (\(encoder), \(pixelFormat)\(carriesAlpha ? ", with alpha" : ""))"
    }

    /// The format for an output named `path`, with `codec` (a `codecWord`) choosing among
    /// the codecs its extension takes (default: the first).
    public static func forOutput(_ path: String, codec: String? = nil) throws(OutputFormatError) -> OutputFormat {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let ext =
            name.contains(".") ? String(name.split(separator: ".", omittingEmptySubsequences: false).last!).lowercased() : ""
        let candidates = all.filter { $0.fileExtension == ext }
        guard let first = candidates.first else { throw .unknownExtension(path: path, found: ext) }
        guard let codec else { return first }
        guard let chosen = candidates.first(where: { $0.codecWord == codec }) else {
            throw .codecNotInContainer(path: path, codec: codec, choices: candidates)
        }
        return chosen
    }

    /// The extensions Reel writes, in words: `.mp4 (H.264), .mov (ProRes 4444 or H.264), .webm (VP9)`.
    public static var choicesText: String {
        var seen: [String] = []
        for f in all where !seen.contains(f.fileExtension) { seen.append(f.fileExtension) }
        return seen.map { ext in
            ".\(ext) (" + all.filter { $0.fileExtension == ext }.map(\.codecName).joined(separator: " or ") + ")"
        }.joined(separator: ", ")
    }
}

/// An output name or codec Reel cannot write, said in words.
public enum OutputFormatError: Error, CustomStringConvertible {
    case unknownExtension(path: String, found: String)
    case codecNotInContainer(path: String, codec: String, choices: [OutputFormat])

    public var description: String {
        switch self {
        case .unknownExtension(let path, let found):
            let what = found.isEmpty ? "no extension" : ".\(found)"
            return
                "cannot write \(path): Reel chooses the format by the extension and writes \(OutputFormat.choicesText), found \(what)"
        case .codecNotInContainer(let path, let codec, let choices):
            let words = choices.map { "`\($0.codecWord)`" }.joined(separator: " or ")
            return "cannot write \(path) with --codec \(codec): a .\(choices[0].fileExtension) file takes \(words)"
        }
    }
}
