import Foundation
import ReelCore
import ReelLayers

/// A timeline: a canvas and a tree of keyframed layers. A frame is a pure function of
/// (timeline, time), so frames can be evaluated on any thread in any order.
public struct Timeline: Hashable, Sendable {
    /// The name outputs are named after (the file name without `.json` unless the file says).
    public var name: String
    public var canvas: Canvas
    /// Image and font files by asset name, as absolute paths: the assets some layer shows or writes with.
    public var assets: [String: String]
    /// The face a font collection asset (`.ttc`) stands for, by asset name; 0 where not given.
    public var fontIndices: [String: Int] = [:]
    /// The YUV matrix a video asset is read with where the user names one (`"colorspace"`,
    /// `--video-colorspace`), by asset name; others follow their tags (untagged: BT.601).
    public var clipMatrices: [String: VideoColorspace] = [:]
    /// The folder asset files must lie in (through any link): the timeline's own folder unless
    /// the user names another (`--assets-root`).
    public var assetsRoot: String
    /// Top-level layers, back to front, in canvas coordinates.
    public var layers: [AnimatedLayer]
    /// The scenes the video is made of, placed end to end with their overlaps (`scenes`, a
    /// Reel extension); empty for a timeline of root layers alone.
    public var scenes: [Scene] = []
    /// The sounds that play with the timeline (its `audio` entry: one or a list), each named by its asset.
    public var audio: [AudioTrack] = []
    /// Assets given on the command line (`--video CLIP`): checked as files, but not held to the
    /// assets root, as a user's own input.
    public var commandLineAssets: Set<String> = []
    /// Legal things in the file that probably do not do what was meant (`reel validate` shows them).
    public var warnings: [TimelineProblem] = []
    /// Whether the timeline is an imported Lottie file, whose canvas has no background: into
    /// a format without alpha it is drawn over white unless `--background` names a colour.
    public var isLottie = false
    /// The file it was read from, which its problems name; not part of what the timeline is.
    public var file: String {
        get { source.path }
        set { source.path = newValue }
    }
    private var source = SourceFile(path: "<timeline>")

    /// Where a timeline was read from: named in messages, but equal to every other, so the
    /// same timeline read from two places (a file, a builder's text) is the same timeline.
    struct SourceFile: Hashable, Sendable {
        var path: String
        static func == (_: SourceFile, _: SourceFile) -> Bool { true }
        func hash(into hasher: inout Hasher) {}
    }

    /// The files it names and the folder they must lie in, to be checked.
    public var assetFiles: AssetFiles {
        AssetFiles(paths: assets, audio: audio + scenes.flatMap(\.sounds), root: assetsRoot, commandLine: commandLineAssets)
    }

    public init(
        name: String, canvas: Canvas, assets: [String: String] = [:], layers: [AnimatedLayer],
        assetsRoot: String = FileManager.default.currentDirectoryPath
    ) {
        self.name = name
        self.canvas = canvas
        self.assets = assets
        self.layers = layers
        self.assetsRoot = assetsRoot
    }

    /// Font files by the ending of their name: TrueType, OpenType and their collections.
    public static let fontFileExtensions: Set<String> = ["ttf", "otf", "ttc", "otc"]

    /// The largest timeline file read (about 300000 layers of keyframed geometry).
    public static let maximumFileBytes = 128 << 20

    /// Video files by the ending of their name: what an AVPlayerLayer's `player` may name.
    public static let videoFileExtensions: Set<String> = ["mp4", "m4v", "mov", "webm", "mkv", "avi", "mxf", "ts", "ogv"]

    /// Whether the asset file at `path` is a video (by its name's ending).
    public static func isVideoFile(_ path: String) -> Bool {
        videoFileExtensions.contains(URL(fileURLWithPath: path).pathExtension.lowercased())
    }

    /// Whether an asset's path is a `data:` URI (an image carried in the document, as an
    /// imported Lottie file carries its embedded images), not a file.
    public static func isDataURI(_ path: String) -> Bool { path.hasPrefix("data:") }

    /// Caption files by the ending of their name: what a text layer's `captions` may name.
    public static let captionFileExtensions: Set<String> = ["srt", "vtt", "json"]

    /// Whether the asset file at `path` is a caption file (by its name's ending).
    public static func isCaptionFile(_ path: String) -> Bool {
        !isDataURI(path) && captionFileExtensions.contains(URL(fileURLWithPath: path).pathExtension.lowercased())
    }

    /// Whether the asset file at `path` is a font (by its name's ending).
    public static func isFontFile(_ path: String) -> Bool {
        fontFileExtensions.contains(URL(fileURLWithPath: path).pathExtension.lowercased())
    }

    /// The same timeline drawn at `factor` times its pixel size (a preview, `reel frame --scale`).
    public func scaled(by factor: Double) -> Timeline {
        var scaled = self
        scaled.canvas.scale *= factor
        return scaled
    }

    /// The same timeline with a canvas of even pixel sizes, as yuv420p video needs: an odd
    /// side gains one pixel of background (a Lottie file's 375 x 667 becomes 376 x 668).
    public var evenSized: Timeline {
        var even = self
        if canvas.pixelWidth % 2 != 0 { even.canvas.width += 1 / canvas.scale }
        if canvas.pixelHeight % 2 != 0 { even.canvas.height += 1 / canvas.scale }
        return even
    }

    /// Whether some layer (a sublayer or mask included) is a text layer.
    public var hasText: Bool {
        func hasText(_ layers: [AnimatedLayer]) -> Bool {
            layers.contains {
                $0.model.layerClass == .textLayer || hasText($0.sublayers) || ($0.mask.map { hasText([$0]) } ?? false)
            }
        }
        return hasText(layers)
    }

    /// Every layer of the timeline, sublayers and masks included.
    public var layerCount: Int { layers.indices.reduce(0) { $0 + layers[$1].count } }

    /// The layer tree at `time`, under a root layer the size of the canvas that fills it with the
    /// background, with `contentsAreFlipped` worked out for every layer.
    /// The scenes showing at `time` (`scene.ID`, back to front) lie beneath the root layers.
    public func presentation(at time: Double) -> Layer {
        var root = canvasRoot()
        root.backgroundColor = canvas.background
        root.sublayers = showingScenes(at: time).map { scenes[$0].content.presentation(at: time) }
        root.sublayers += layers.map { $0.presentation(at: time) }
        root.resolveFlips()
        return root
    }
}
