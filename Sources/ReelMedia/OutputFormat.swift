import CFFmpeg

/// A kind of file Reel writes: container, codec, pixel format, and whether it carries alpha.
/// The output's name picks the container; `--codec` picks among the codecs a container takes,
/// and `--pix-fmt` among the pixel formats a codec takes. Video is tagged BT.709 (primaries,
/// transfer, matrix), limited range; PNG and GIF are sRGB pictures.
public struct OutputFormat: Hashable, Sendable, CustomStringConvertible {
    /// What users call it: `H.264`, `ProRes 4444`, `VP9`, `PNG sequence`.
    public let codecName: String
    /// The `--codec` word that picks it.
    public let codecWord: String
    /// libavformat's muxer and the file extension that selects it.
    public let muxer: String
    public let fileExtension: String
    /// libavcodec's encoder.
    public let encoder: String
    /// The pixel format the encoder is fed (libav's name): one of `pixelFormats`.
    public private(set) var pixelFormat: String
    /// The pixel formats `--pix-fmt` may choose, the default first.
    public let pixelFormats: [String]
    /// Whether the file keeps the canvas's transparency (alpha leaves Reel straight, not
    /// premultiplied, as each of these formats defines it).
    public let carriesAlpha: Bool
    /// The sound codecs `--audio-codec` may choose, the default first; none: a silent format.
    public let audioCodecs: [AudioCodec]
    /// The sound codec asked for (one of `audioCodecs`); nil: the first, and a sound the
    /// container takes as it is is copied.
    public private(set) var audioCodec: AudioCodec?

    /// Whether an audio track can go into the file.
    public var takesAudio: Bool { !audioCodecs.isEmpty }

    init(
        codecName: String, codecWord: String, muxer: String, fileExtension: String, encoder: String,
        pixelFormats: [String], carriesAlpha: Bool, audioCodecs: [AudioCodec]
    ) {
        (self.codecName, self.codecWord, self.muxer, self.fileExtension, self.encoder) =
            (codecName, codecWord, muxer, fileExtension, encoder)
        (self.pixelFormat, self.pixelFormats, self.carriesAlpha) = (pixelFormats[0], pixelFormats, carriesAlpha)
        self.audioCodecs = audioCodecs
    }

    /// H.264 (libx264) in MP4, yuv420p: plays everywhere. The default.
    public static let h264MP4 = OutputFormat(
        codecName: "H.264", codecWord: "h264", muxer: "mp4", fileExtension: "mp4", encoder: "libx264",
        pixelFormats: ["yuv420p", "yuv420p10le"], carriesAlpha: false, audioCodecs: [.aac])
    /// HEVC (libx265) in MP4, tagged `hvc1` so Apple's players take it.
    public static let hevcMP4 = OutputFormat(
        codecName: "HEVC", codecWord: "hevc", muxer: "mp4", fileExtension: "mp4", encoder: "libx265",
        pixelFormats: ["yuv420p", "yuv420p10le"], carriesAlpha: false, audioCodecs: [.aac])
    /// ProRes 4444 (prores_ks) in MOV, yuva444p10le with 16-bit alpha: what editors take for overlays.
    public static let proRes4444 = OutputFormat(
        codecName: "ProRes 4444", codecWord: "prores", muxer: "mov", fileExtension: "mov", encoder: "prores_ks",
        pixelFormats: ["yuva444p10le"], carriesAlpha: true, audioCodecs: [.aac, .pcm])
    /// H.264 in QuickTime MOV.
    public static let h264MOV = OutputFormat(
        codecName: "H.264", codecWord: "h264", muxer: "mov", fileExtension: "mov", encoder: "libx264",
        pixelFormats: ["yuv420p", "yuv420p10le"], carriesAlpha: false, audioCodecs: [.aac, .pcm])
    /// VP9 (libvpx-vp9) in WebM, yuva420p with the alpha flagged: transparency for browsers.
    public static let vp9WebM = OutputFormat(
        codecName: "VP9", codecWord: "vp9", muxer: "webm", fileExtension: "webm", encoder: "libvpx-vp9",
        pixelFormats: ["yuva420p"], carriesAlpha: true, audioCodecs: [.opus])
    /// One PNG per frame (`-o frames/%05d.png`), straight-alpha RGBA, numbered by frame index.
    public static let pngSequence = OutputFormat(
        codecName: "PNG sequence", codecWord: "png", muxer: "image2", fileExtension: "png", encoder: "png",
        pixelFormats: ["rgba"], carriesAlpha: true, audioCodecs: [])
    /// An animated GIF: one palette of 256 colours made for the whole animation (libavfilter's
    /// palettegen), frames mapped to it with the dithering asked for (paletteuse). Opaque.
    public static let gif = OutputFormat(
        codecName: "GIF", codecWord: "gif", muxer: "gif", fileExtension: "gif", encoder: "gif",
        pixelFormats: ["rgba"], carriesAlpha: false, audioCodecs: [])

    /// Every format, the first of each extension its default.
    public static let all: [OutputFormat] = [.h264MP4, .hevcMP4, .proRes4444, .h264MOV, .vp9WebM, .pngSequence, .gif]

    public var description: String {
        "\(codecName) in .\(fileExtension) (\(encoder), \(pixelFormat)\(carriesAlpha ? ", with alpha" : ""))"
    }

    /// Bytes a frame of the pixel format takes per pixel (what a frame in flight costs).
    public var bytesPerPixel: Double {
        Double(av_image_get_buffer_size(av_get_pix_fmt(pixelFormat), 64, 64, 1)) / (64 * 64)
    }

    /// Whether frames reach the encoder as one picture per file (a PNG sequence): the output
    /// names a pattern, not a file.
    public var isSequence: Bool { muxer == "image2" }

    /// Whether frames are mapped to one palette before the encoder (GIF: `GIFPalette`, `GIFEncoder`).
    public var usesPalette: Bool { encoder == "gif" }

    /// What the encoder is fed: the pixel format, or the palette-mapped pictures made of it.
    public var encoderPixelFormat: String { usesPalette ? "pal8" : pixelFormat }

    /// Whether the encoder takes RGB pictures (PNG, GIF) rather than BT.709 YUV.
    public var isRGB: Bool { pixelFormat == "rgba" }

    /// Whether frames are converted whole through libswscale (`WholeFrameConverter`) rather
    /// than band by band into 8-bit 4:2:0 as they are drawn (`ColorConverter`).
    public var convertsWholeFrames: Bool { pixelFormat != "yuv420p" }

    /// The format for an output named `path`, with `codec` (a `codecWord`) choosing among
    /// the codecs its extension takes (default: the first) and `pixelFormat` among the pixel
    /// formats of that codec (default: its first), `audioCodec` among its sound codecs.
    public static func forOutput(
        _ path: String, codec: String? = nil, pixelFormat: String? = nil, audioCodec: AudioCodec? = nil
    ) throws(OutputFormatError) -> OutputFormat {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let ext = fileExtension(of: path)
        let candidates = all.filter { $0.fileExtension == ext }
        guard var chosen = candidates.first else { throw .unknownExtension(path: path, found: ext) }
        if let codec {
            guard let match = candidates.first(where: { $0.codecWord == codec }) else {
                throw .codecNotInContainer(path: path, codec: codec, choices: candidates)
            }
            chosen = match
        }
        if chosen.isSequence, !name.contains("%") || sequenceFileName(name, number: 0) == nil {
            throw .sequenceWithoutPattern(path: path)
        }
        if let audioCodec {
            guard chosen.audioCodecs.contains(audioCodec) else {
                throw .audioCodecNotInContainer(path: path, audioCodec: audioCodec, format: chosen)
            }
            chosen.audioCodec = audioCodec
        }
        guard let pixelFormat else { return chosen }
        guard chosen.pixelFormats.contains(pixelFormat) else {
            throw .pixelFormatNotInCodec(path: path, pixelFormat: pixelFormat, format: chosen)
        }
        chosen.pixelFormat = pixelFormat
        return chosen
    }

    /// The extension of the file `path` names, lower case; empty when it has none.
    static func fileExtension(of path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return name.contains(".")
            ? String(name.split(separator: ".", omittingEmptySubsequences: false).last!).lowercased() : ""
    }

    /// Whether `path` names a sequence of files (its extension is a sequence's), to be checked
    /// as a pattern rather than as one file.
    public static func namesSequence(_ path: String) -> Bool {
        all.contains { $0.isSequence && $0.fileExtension == fileExtension(of: path) }
    }

    /// The extensions Reel writes, in words: `.mp4 (H.264 or HEVC), .mov (ProRes 4444 or H.264), ...`.
    public static var choicesText: String {
        var seen: [String] = []
        for f in all where !seen.contains(f.fileExtension) { seen.append(f.fileExtension) }
        return seen.map { ext in
            ".\(ext) (" + all.filter { $0.fileExtension == ext }.map(\.codecName).joined(separator: " or ") + ")"
        }.joined(separator: ", ")
    }
}

/// An output name, codec or pixel format Reel cannot write, said in words.
public enum OutputFormatError: Error, CustomStringConvertible {
    case unknownExtension(path: String, found: String)
    case codecNotInContainer(path: String, codec: String, choices: [OutputFormat])
    case pixelFormatNotInCodec(path: String, pixelFormat: String, format: OutputFormat)
    case sequenceWithoutPattern(path: String)
    case audioCodecNotInContainer(path: String, audioCodec: AudioCodec, format: OutputFormat)

    public var description: String {
        switch self {
        case .unknownExtension(let path, let found):
            let what = found.isEmpty ? "no extension" : ".\(found)"
            return
                "cannot write \(path): Reel chooses the format by the extension and writes \(OutputFormat.choicesText), found \(what)"
        case .codecNotInContainer(let path, let codec, let choices):
            let words = choices.map { "`\($0.codecWord)`" }.joined(separator: " or ")
            return "cannot write \(path) with --codec \(codec): a .\(choices[0].fileExtension) file takes \(words)"
        case .pixelFormatNotInCodec(let path, let pixelFormat, let format):
            let words = format.pixelFormats.map { "`\($0)`" }.joined(separator: " or ")
            return "cannot write \(path) with --pix-fmt \(pixelFormat): \(format.codecName) takes \(words)"
        case .audioCodecNotInContainer(let path, let audioCodec, let format):
            let takes =
                format.audioCodecs.isEmpty
                ? "a \(format.codecName) has no sound track"
                : "a .\(format.fileExtension) file takes \(format.audioCodecs.map { "`\($0.rawValue)`" }.joined(separator: " or "))"
            let pcm = audioCodec == .pcm ? "; write .mov for PCM" : ""
            return "cannot write \(path) with --audio-codec \(audioCodec.rawValue): \(takes)\(pcm)"
        case .sequenceWithoutPattern(let path):
            return
                "cannot write \(path): a PNG sequence needs one number pattern in its file name, such as frames/%05d.png (one file per frame); `reel frame` writes a single picture"
        }
    }
}

extension OutputFormat {
    /// The file name `pattern` (`%05d.png`) gives frame `number`, exactly as libavformat's
    /// sequence muxer names it.
    /// Nil when the pattern has no number, or more than one.
    public static func sequenceFileName(_ pattern: String, number: Int) -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        guard av_get_frame_filename2(&buffer, Int32(buffer.count), pattern, Int32(number), 0) == 0 else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
