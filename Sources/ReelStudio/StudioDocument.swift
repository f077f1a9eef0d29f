import Foundation
import Reel
import ReelCore
import ReelFormat
import ReelJSON
import ReelLayers
import ReelMedia
import ReelRender
import ReelTimeline

/// The timeline a studio shows: its last good version with decoded assets, reloaded when the
/// file or an asset it names changes on disk. A file that stops being valid keeps the last
/// good version on screen and reports its problems instead. Frames are drawn here, one at a
/// time, by a renderer per preview scale (each keeps its caches between requests).
actor StudioDocument {
    /// What changed, for the page's event stream; `ping` now and then, so a page that went
    /// away is noticed when writing to it fails.
    enum Event: Sendable {
        case reload(version: Int)
        case problems(version: Int, [TimelineProblem])
        case ping
    }

    /// How often a listener is pinged.
    static let pingInterval = Duration.seconds(15)

    let path: String
    let assetsRoot: String?
    private(set) var timeline: Timeline
    private var assets: DrawingAssets
    /// Counts every change seen on disk, good or not.
    private(set) var version = 1
    /// The current file's problems; empty while it is valid.
    private(set) var problems: [TimelineProblem] = []
    private var renderers: [Double: FrameRenderer] = [:]
    private var stamps: [String: FileStamp] = [:]
    private var listeners: [UUID: AsyncStream<Event>.Continuation] = [:]
    /// Per-frame drawing costs of the current version (measured in the background).
    private(set) var profile: ProfileReport?
    private var profiling: Task<Void, Never>?

    /// Loads `path` (assets inside `assetsRoot`, or the timeline's folder); throws when it is
    /// not a timeline Reel can draw now.
    init(path: String, assetsRoot: String?) throws {
        self.path = path
        self.assetsRoot = assetsRoot
        let (timeline, assets) = try Self.load(path, assetsRoot: assetsRoot)
        (self.timeline, self.assets) = (timeline, assets)
        stamps = Self.stamps(path, timeline)
    }

    private static func load(_ path: String, assetsRoot: String?) throws -> (Timeline, DrawingAssets) {
        let timeline = try TimelineFile.open(path, assetsRoot: assetsRoot)
        return (timeline, try TimelineAssets.load(timeline))
    }

    /// The files whose change reloads the document: the timeline and every asset it names.
    private static func stamps(_ path: String, _ timeline: Timeline) -> [String: FileStamp] {
        Dictionary(uniqueKeysWithValues: ([path] + Set(timeline.assets.values).sorted()).map { ($0, FileStamp(of: $0)) })
    }

    /// Reloads when a watched file changed: a new version, good or with problems.
    func checkForChanges() {
        let now = stamps.keys.map { ($0, FileStamp(of: $0)) }
        guard now.contains(where: { stamps[$0.0] != $0.1 }) else { return }
        version += 1
        do {
            let (timeline, assets) = try Self.load(path, assetsRoot: assetsRoot)
            (self.timeline, self.assets) = (timeline, assets)
            stamps = Self.stamps(path, timeline)
            problems = []
            renderers = [:]
            profile = nil
            profiling?.cancel()
            profiling = nil
            broadcast(.reload(version: version))
        } catch {
            // Watch the same files until the timeline loads again.
            stamps = Dictionary(uniqueKeysWithValues: now)
            problems = Self.problems(of: error)
            broadcast(.problems(version: version, problems))
        }
    }

    /// A load failure as problems with their JSON paths.
    static func problems(of error: Error) -> [TimelineProblem] {
        switch error {
        case let e as TimelineError: return e.problems
        default: return [TimelineProblem(path: "", expected: "a timeline Reel can draw", found: "\(error)")]
        }
    }

    /// The events from now on.
    func events() -> AsyncStream<Event> {
        let id = UUID()
        let (stream, continuation) = AsyncStream<Event>.makeStream(bufferingPolicy: .bufferingNewest(16))
        listeners[id] = continuation
        let pinger = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: Self.pingInterval)
                continuation.yield(.ping)
            }
        }
        continuation.onTermination = { _ in
            pinger.cancel()
            Task { await self.removeListener(id) }
        }
        return stream
    }

    private func removeListener(_ id: UUID) { listeners[id] = nil }

    private func broadcast(_ event: Event) {
        for continuation in listeners.values { continuation.yield(event) }
    }

    /// The frame at `time` drawn at `scale` times the canvas's pixel size, as PNG bytes.
    func frame(time: Double, scale: Double) throws -> Data {
        let renderer = self.renderer(scale: scale)
        let buffer = renderer.makeBuffer()
        renderer.render(time: time, into: buffer)
        return try ImageWriter.pngData(buffer, fast: true)
    }

    /// A renderer of the current version at `scale` (kept for the next request).
    private func renderer(scale: Double) -> FrameRenderer {
        if let kept = renderers[scale] { return kept }
        if renderers.count >= 4 { renderers = [:] }
        let made = FrameRenderer(timeline: timeline.scaled(by: scale), assets: assets)
        renderers[scale] = made
        return made
    }

    /// The id path of the layer hit at canvas point (x, y) at `time` (Core Animation's
    /// hitTest, as `reel hit`); empty when none is.
    func hit(time: Double, x: Double, y: Double) -> [String] {
        guard let path = timeline.presentation(at: time).hitTest(Point(x: x, y: y)), path.count > 1 else { return [] }
        return path.dropFirst().map(\.id)
    }

    /// The presentation values of `layer` at `time` (key to value), as `reel inspect --layer`
    /// prints them for it.
    func inspect(time: Double, layer: String) throws -> JSONValue {
        let all = try LayerInspector.inspect(timeline, at: time, layer: layer, key: nil, laidOut: [:])
        guard case .object(let layers)? = all["layers"], let values = layers.first?.value else { return .object([]) }
        return values
    }

    /// Starts measuring the current version's per-frame costs in the background (at half
    /// the canvas's pixel size, on one thread), unless it is measured or being measured.
    func startProfile() {
        guard profile == nil, profiling == nil else { return }
        let measured = timeline.scaled(by: 0.5)
        let version = self.version
        profiling = Task.detached(priority: .background) {
            guard let report = try? FrameProfiler.profile(measured, threads: 1) else { return }
            await self.finishProfile(report, version: version)
        }
    }

    private func finishProfile(_ report: ProfileReport, version: Int) {
        guard version == self.version else { return }
        profile = report
        profiling = nil
    }
}

/// A file's modification time and size: what tells a studio it changed.
struct FileStamp: Equatable, Sendable {
    let seconds: Int
    let nanoseconds: Int
    let size: Int64

    init(of path: String) {
        var info = stat()
        if stat(path, &info) == 0 {
            (seconds, nanoseconds, size) = (Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec), Int64(info.st_size))
        } else {
            (seconds, nanoseconds, size) = (-1, 0, -1)
        }
    }
}
