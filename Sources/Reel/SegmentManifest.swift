import Foundation
import ReelTimeline

/// What a piece carries beside it for the join to check (`segment-K-of-N.json`): which
/// timeline (by a fingerprint of its file and of the clip under it) and settings made it,
/// which piece it is and which frames it holds.
public struct SegmentManifest: Codable, Hashable, Sendable {
    public var timeline: String
    public var fingerprint: String
    public var video: String?
    /// The captions file burned in (`--captions`), whose text is in the fingerprint.
    public var captions: String?
    public var index: Int
    public var count: Int
    public var firstFrame: Int
    public var frameCount: Int
    public var totalFrames: Int
    /// Width, height, frame rate, codec, pixel format, crf and preset: what must agree for the
    /// pieces to join by stream copy.
    public var settings: [String: String]
    /// The piece's video file, beside the manifest.
    public var file: String

    public init(
        timeline: String, fingerprint: String, video: String?, captions: String? = nil, segment: Segment, frames: Range<Int>,
        totalFrames: Int, settings: [String: String], file: String
    ) {
        self.captions = captions
        self.timeline = timeline
        self.fingerprint = fingerprint
        self.video = video
        index = segment.index
        count = segment.count
        firstFrame = frames.lowerBound
        frameCount = frames.count
        self.totalFrames = totalFrames
        self.settings = settings
        self.file = file
    }

    /// A fingerprint of the files a render depends on (FNV-1a over the timeline's bytes and
    /// the clip's path and size): pieces from another timeline, or another version of it, differ.
    public static func fingerprint(timeline: String, video: String?, captions: String? = nil) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func add<S: Sequence>(_ bytes: S) where S.Element == UInt8 {
            for b in bytes {
                hash ^= UInt64(b)
                hash = hash &* 0x100_0000_01b3
            }
        }
        add(FileManager.default.contents(atPath: timeline) ?? Data())
        if let video {
            add(Array(video.utf8))
            let size = (try? FileManager.default.attributesOfItem(atPath: video)[.size] as? Int) ?? 0
            add(Array(String(size).utf8))
        }
        if let captions { add(FileManager.default.contents(atPath: captions) ?? Data()) }
        return String(format: "%016llx", hash)
    }
}
