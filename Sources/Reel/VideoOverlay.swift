import Foundation
import ReelCore
import ReelFormat
import ReelLayers
import ReelLottie
import ReelMedia
import ReelTimeline

/// `reel render TIMELINE --video CLIP`: the timeline's layers over a clip, as
/// AVVideoCompositionCoreAnimationTool puts Core Animation over footage. The clip plays full
/// frame beneath every layer; the canvas takes the clip's size, frame rate and duration where
/// the timeline leaves them out; the clip's sound is the output's unless the timeline brings
/// its own.
public enum VideoOverlay {
    /// The clip's asset name (and where its problems are reported).
    public static let assetName = "--video"

    /// Why a clip cannot be put under a timeline.
    public struct ClipError: Error, CustomStringConvertible {
        public let description: String
    }

    /// A clip as `reel validate` describes it: codec, size, rate, duration, rotation, sound.
    public static func describe(_ name: String, _ clip: VideoClip.Info) -> String {
        var parts = [
            clip.codec, "\(clip.width)x\(clip.height)", String(format: "%.3f fps", clip.frameRate),
            "\(clip.frameCount) frames", String(format: "%.3f s", clip.duration), clip.pixelFormat,
            "\(clip.colorSpace)/\(clip.colorRange), read as \(clip.readMatrix)/\(clip.readRange) (\(clip.readReason))"
        ]
        if clip.rotation != 0 { parts.append("turned \(clip.rotation) degrees clockwise") }
        if clip.width != (clip.rotation % 180 == 0 ? clip.codedWidth : clip.codedHeight) { parts.append("non-square pixels") }
        if clip.hasAlpha { parts.append("alpha") }
        parts.append(clip.hasAudio ? "with sound" : "no sound")
        return "video \(name): " + parts.joined(separator: ", ")
    }

    /// The timeline at `path` (none: an empty one) with the overlay's clip beneath its layers
    /// and its captions above them (`TimelineFile.open` checks its files).
    static func load(_ path: String?, overlay: Overlay, variables: [String: TemplateValue] = [:]) throws -> Timeline {
        var defaults: Canvas.Defaults? = nil
        if let clip = overlay.clip {
            if let found = AssetFiles.unreadable(clip) {
                throw ClipError(description: "--video: expected a readable video file, found \(found)")
            }
            let info: VideoClip.Info
            do {
                info = try VideoClip(path: clip).info
            } catch {
                throw ClipError(
                    description:
                        "--video \(clip): expected a video libav can decode, found \(TimelineAssets.videoReason(for: error, path: clip))"
                )
            }
            // yuv420p output needs even sizes: an odd clip side gives the canvas one pixel less.
            defaults = Canvas.Defaults(
                width: max(2, info.width & ~1), height: max(2, info.height & ~1),
                fps: FrameRate(numerator: info.rateNumerator, denominator: info.rateDenominator), duration: info.duration)
        }
        var timeline: Timeline
        if let path {
            timeline =
                try (defaults == nil ? LottieFile.open(path) : nil)
                ?? Timeline.load(contentsOf: path, canvasDefaults: defaults, variables: variables)
        } else {
            let clip = overlay.clip ?? ""
            timeline = try Timeline.decode(
                #"{"layers": []}"#, file: clip, name: URL(fileURLWithPath: clip).deletingPathExtension().lastPathComponent,
                canvasDefaults: defaults)
        }
        if let clip = overlay.clip {
            timeline.assets[assetName] = URL(fileURLWithPath: clip).standardizedFileURL.path
            timeline.commandLineAssets.insert(assetName)
            if let matrix = overlay.matrix { timeline.clipMatrices[assetName] = matrix }
            var layer = Layer(id: assetName)
            layer.layerClass = .playerLayer
            layer.frame = Rect(x: 0, y: 0, width: timeline.canvas.width, height: timeline.canvas.height)
            layer.player.player = assetName
            timeline.layers.insert(AnimatedLayer(model: layer), at: 0)
            // The clip's sound comes with its layer (`Timeline.playerSounds`).
        }
        if let captions = overlay.captions {
            timeline.assets[captionsName] = URL(fileURLWithPath: captions).standardizedFileURL.path
            timeline.commandLineAssets.insert(captionsName)
            var layer = captionLayer(on: timeline.canvas)
            if let style = overlay.captionStyle { layer = try CaptionStyleFile.apply(style, to: layer) }
            timeline.layers.append(AnimatedLayer(model: layer))
        }
        return timeline
    }

    /// The captions' asset name (and where their problems are reported).
    public static let captionsName = "--captions"

    /// The caption layer `--captions` puts over a canvas (the extensions page's default style):
    /// Helvetica at 5 % of the height, white with a black outline 8 % of the size wide,
    /// wrapped at 80 % of the width, centred, at the bottom of a box whose bottom is 5 % of
    /// the height above the frame's, two lines a page.
    static func captionLayer(on canvas: Canvas) -> Layer {
        let (w, h) = (canvas.width, canvas.height)
        var layer = Layer(id: captionsName)
        layer.layerClass = .textLayer
        layer.frame = Rect(x: w * 0.1, y: 0, width: w * 0.8, height: h * 0.95)
        var text = TextProperties()
        text.font = "Helvetica"
        text.fontSize = h * 0.05
        text.foregroundColor = .white
        text.strokeColor = .black
        text.strokeWidth = h * 0.05 * 0.08
        text.isWrapped = true
        text.alignmentMode = .center
        text.verticalAlignment = .bottom
        text.captions = captionsName
        text.captionMaxLines = 2
        layer.text = text
        return layer
    }
}

/// What `--video`, `--captions`, `--caption-style` and `--video-colorspace` add to a timeline:
/// a clip beneath its layers, read with the named matrix, and captions over them in a style.
public struct Overlay: Hashable, Sendable {
    public var clip: String?
    public var captions: String?
    public var matrix: VideoColorspace?
    /// A JSON file of caption-layer keys laid over the default caption layer (`--caption-style`).
    public var captionStyle: String?

    public init(clip: String? = nil, captions: String? = nil, matrix: VideoColorspace? = nil, captionStyle: String? = nil) {
        (self.clip, self.captions, self.matrix, self.captionStyle) = (clip, captions, matrix, captionStyle)
    }

    /// Whether it adds nothing.
    public var isEmpty: Bool { clip == nil && captions == nil }
}
