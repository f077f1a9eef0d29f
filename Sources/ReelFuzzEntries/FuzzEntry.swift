import Foundation
import Reel
import ReelCore
import ReelLottie
import ReelMedia
import ReelTimeline

/// An input kind Reel reads from users' files, as the fuzzer drives it (`bin/fuzz ENTRY`) and
/// `bin/test` replays its committed corpus (`Tests/Fuzz/ENTRY/`): every kind of input gets
/// one as it lands. Running one input may fail in any way a user's file may fail, never by a
/// crash, a sanitizer report, a hang or runaway memory.
public enum FuzzEntry: String, CaseIterable, Sendable {
    /// Timeline JSON: read (every problem found), and when it is a timeline, its first,
    /// middle and last frames drawn small.
    case timeline
    /// A Lottie file (JSON, a dotLottie zip or a gzip sticker, told apart by content): imported
    /// (every problem found), and when it imports, its first, middle and last frames drawn small.
    case lottie

    /// The entry's corpus folder and dictionary, relative to the repository.
    public var corpus: String { "Tests/Fuzz/\(rawValue)" }
    public var dictionary: String { "Tests/Fuzz/\(rawValue).dict" }

    /// Runs one input.
    public func run(_ bytes: UnsafeRawBufferPointer) {
        switch self {
        case .timeline: Self.runTimeline(String(decoding: bytes, as: UTF8.self))
        case .lottie: Self.runLottie(bytes)
        }
    }

    /// Pixels a drawn frame may have: larger canvases are drawn at a smaller scale.
    static let maximumPixels = 96.0 * 96.0

    /// Where a timeline's relative asset paths point: a folder with one small image in it.
    static let assetFolder: String = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reel-fuzz-\(getpid())").path
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // A small half-transparent PNG, so `contents` has something real to draw.
        let image = PixelBuffer(width: 8, height: 6)
        image.clear(to: Color(red: 1, green: 0.5, blue: 0, alpha: 0.5))
        _ = FileManager.default.createFile(atPath: folder + "/image.png", contents: try? ImageWriter.pngData(image))
        return folder
    }()

    /// Removes the asset folder inputs were read beside (at the end of a replay).
    public static func removeScratch() {
        try? FileManager.default.removeItem(atPath: assetFolder)
    }

    private static func runTimeline(_ text: String) {
        guard let timeline = try? Timeline.decode(text, file: assetFolder + "/fuzz.json", baseDirectory: assetFolder) else {
            return
        }
        _ = timeline.snapBackWarnings()
        draw(timeline)
    }

    private static func runLottie(_ bytes: UnsafeRawBufferPointer) {
        // Read as a user's file is: from a path, its container found by content.
        let path = assetFolder + "/fuzz.lottie"
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)),
            let timeline = try? LottieFile.open(path)
        else { return }
        draw(timeline)
    }

    /// The first, middle and last frames, drawn small.
    private static func draw(_ timeline: Timeline) {
        var timeline = timeline
        let points = timeline.canvas.width * timeline.canvas.height
        timeline.canvas.scale = min(timeline.canvas.scale, (maximumPixels / points).squareRoot())
        guard timeline.canvas.pixelWidth > 0, timeline.canvas.pixelHeight > 0,
            let renderer = try? FrameRenderer(timeline: timeline, memory: MemoryBudget(limit: 512 << 20))
        else { return }
        for time in [0, timeline.canvas.duration / 2, timeline.canvas.duration] {
            _ = renderer.render(time: time)
        }
    }
}
