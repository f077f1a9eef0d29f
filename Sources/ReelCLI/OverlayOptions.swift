import ArgumentParser
import Reel
import ReelCore

/// `--video`, `--captions`, `--caption-style` and `--video-colorspace`, shared by every command that reads a
/// timeline to draw or check it: a clip beneath the timeline's layers (the timeline may then
/// be left out), captions over them, and the matrix the clip is read with.
struct OverlayOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "A video the timeline's layers go over: it plays full frame beneath them, the canvas takes its size, rate and duration where the timeline leaves them out, and its sound is kept. The timeline may be left out.",
            valueName: "clip"))
    var video: String?

    @Option(
        help: ArgumentHelp(
            "Captions (.srt, .vtt, word-timed .json) burned in over everything: Helvetica at 5 % of the height, white, outlined, two lines a page, at the bottom.",
            valueName: "file"))
    var captions: String?

    @Option(
        name: .customLong("caption-style"),
        help: ArgumentHelp(
            "A JSON object of caption-layer keys laid over --captions' default look: font, fontSize, foregroundColor, textStroke*, textBackground*, captionHighlight*, captionMaxLines, captionWordsPerPage, alignmentMode, textVerticalAlignment, frame (docs/captions.md).",
            valueName: "file"))
    var captionStyle: String?

    @Option(
        name: .customLong("video-colorspace"),
        help: ArgumentHelp(
            "The YUV matrix --video is read with, over its tag: bt601 or bt709 (an untagged clip is read as bt601, as FFmpeg reads it).",
            valueName: "matrix"))
    var videoColorspace: String?

    func validate() throws {
        if let videoColorspace, VideoColorspace(rawValue: videoColorspace) == nil {
            throw ValidationError("--video-colorspace must be bt601 or bt709, found \(videoColorspace)")
        }
        if videoColorspace != nil, video == nil { throw ValidationError("--video-colorspace needs --video") }
        if captionStyle != nil, captions == nil { throw ValidationError("--caption-style needs --captions") }
    }

    var overlay: Overlay {
        Overlay(
            clip: video, captions: captions, matrix: videoColorspace.flatMap(VideoColorspace.init(rawValue:)),
            captionStyle: captionStyle)
    }

    /// The timeline argument, which only a clip lets the user leave out.
    func timeline(_ path: String?) throws -> String? {
        if path == nil, video == nil { throw ValidationError("Missing the timeline file (or --video CLIP to draw over).") }
        return path
    }

    /// The files a render reads and must not overwrite.
    var inputs: [String] { [video, captions, captionStyle].compactMap { $0 } }
}
