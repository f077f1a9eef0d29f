import Foundation
import ReelCore
import ReelMedia
import ReelRender

/// The frames of a timeline's clips for every worker: each frame is decoded once, however
/// many workers or layers need it, and kept in a small window of recent frames per clip (not
/// the clip), so a frame several workers draw at once, or that a decode passed on its way, is
/// there when they ask. A clip decodes under its own lock: workers asking for frames of one
/// clip take turns, workers on different clips do not wait for each other.
public final class ClipFrames: VideoFrames, @unchecked Sendable {
    /// Frames kept per clip.
    public let window: Int

    private final class Entry {
        let clip: VideoClip
        let lock = NSLock()
        var frames: [Int: (image: Image, used: Int)] = [:]
        var planes: [Int: (picture: YUVPicture, used: Int)] = [:]
        var clock = 0

        init(clip: VideoClip) { self.clip = clip }
    }

    private let clips: [String: Entry]
    private let damageLock = NSLock()
    private var firstDamage: VideoDamage?

    /// Frames of `clips` (opened video assets by name), `window` of them kept per clip.
    public init(clips: [String: VideoClip], window: Int = 8) {
        self.clips = clips.mapValues(Entry.init)
        self.window = max(window, 2)
    }

    /// Frames decoded so far, over every clip (each once in a straight render).
    public var decodedFrames: Int {
        clips.values.reduce(0) { total, entry in
            entry.lock.lock()
            defer { entry.lock.unlock() }
            return total + entry.clip.decodedFrames
        }
    }

    /// The most bytes the kept frames take: a window of RGBA frames per clip.
    public var keptBytes: Int { clips.values.reduce(0) { $0 + window * $1.clip.info.width * $1.clip.info.height * 4 } }

    /// What the opened clips say about themselves, by asset name.
    public var info: [String: VideoClip.Info] { clips.mapValues(\.clip.info) }

    public var damage: VideoDamage? {
        damageLock.lock()
        defer { damageLock.unlock() }
        return firstDamage
    }

    /// Whether clip `name`'s frames can go to the encoder as they are (`VideoClip.givesPlanes`).
    func givesPlanes(_ name: String) -> Bool { clips[name]?.clip.givesPlanes ?? false }

    /// The frame clip `name` shows at `time` as its YUV planes (a clip that gives planes), kept
    /// in a window as RGBA frames are; nil when it cannot be decoded (`damage` says why).
    func planes(_ name: String, at time: Double) -> YUVPicture? {
        guard let entry = clips[name] else { return nil }
        entry.lock.lock()
        defer { entry.lock.unlock() }
        let index = entry.clip.frameIndex(at: time)
        entry.clock += 1
        if let kept = entry.planes[index] {
            entry.planes[index] = (kept.picture, entry.clock)
            return kept.picture
        }
        func keep(_ i: Int, _ picture: YUVPicture) {
            entry.clock += 1
            entry.planes[i] = (picture, entry.clock)
            while entry.planes.count > window, let oldest = entry.planes.min(by: { $0.value.used < $1.value.used })?.key {
                entry.planes[oldest] = nil
            }
        }
        do {
            let picture = try entry.clip.planes(index, passing: keep)
            keep(index, picture)
            return picture
        } catch {
            record(VideoDamage(clip: name, path: entry.clip.path, time: time, reason: error.message))
            return nil
        }
    }

    private func record(_ damage: VideoDamage) {
        damageLock.lock()
        defer { damageLock.unlock() }
        if firstDamage == nil { firstDamage = damage }
    }

    public func frame(_ name: String, at time: Double) -> Image? {
        guard let entry = clips[name] else { return nil }
        entry.lock.lock()
        defer { entry.lock.unlock() }
        let index = entry.clip.frameIndex(at: time)
        entry.clock += 1
        if let kept = entry.frames[index] {
            entry.frames[index] = (kept.image, entry.clock)
            return kept.image
        }
        func keep(_ i: Int, _ pixels: PixelBuffer) -> Image {
            let image = Image(pixels: pixels, mipmapped: false)
            entry.clock += 1
            entry.frames[i] = (image, entry.clock)
            while entry.frames.count > window, let oldest = entry.frames.min(by: { $0.value.used < $1.value.used })?.key {
                entry.frames[oldest] = nil
            }
            return image
        }
        do {
            return keep(index, try entry.clip.frame(index, passing: { i, p in _ = keep(i, p) }))
        } catch {
            // Drawn as nothing; the render decides whether that stops it (`damage`).
            record(VideoDamage(clip: name, path: entry.clip.path, time: time, reason: error.message))
            return nil
        }
    }
}
