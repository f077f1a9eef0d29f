import Foundation
import ReelCore
import ReelLayers
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
            "\(clip.colorSpace)/\(clip.colorRange)"
        ]
        if clip.rotation != 0 { parts.append("turned \(clip.rotation) degrees clockwise") }
        if clip.width != (clip.rotation % 180 == 0 ? clip.codedWidth : clip.codedHeight) { parts.append("non-square pixels") }
        if clip.hasAlpha { parts.append("alpha") }
        parts.append(clip.hasAudio ? "with sound" : "no sound")
        return "video \(name): " + parts.joined(separator: ", ")
    }

    /// The timeline at `path` with the clip at `clip` beneath its layers (`TimelineFile.open`
    /// checks its files).
    static func load(_ path: String, clip: String) throws -> Timeline {
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
        let defaults = Canvas.Defaults(
            width: max(2, info.width & ~1), height: max(2, info.height & ~1),
            fps: FrameRate(numerator: info.rateNumerator, denominator: info.rateDenominator), duration: info.duration)
        var timeline = try Timeline.load(contentsOf: path, canvasDefaults: defaults)
        timeline.assets[assetName] = URL(fileURLWithPath: clip).standardized.path
        timeline.commandLineAssets.insert(assetName)
        var layer = Layer(id: assetName)
        layer.layerClass = .playerLayer
        layer.frame = Rect(x: 0, y: 0, width: timeline.canvas.width, height: timeline.canvas.height)
        layer.player.player = assetName
        timeline.layers.insert(AnimatedLayer(model: layer), at: 0)
        // The clip's sound comes with its layer (`Timeline.playerSounds`).
        return timeline
    }
}
