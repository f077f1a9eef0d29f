import Foundation
import ReelCore

/// The frames of a timeline's video assets, shared by every planner and thread: the one a
/// player layer shows is asked for while planning, like an image asset.
public protocol VideoFrames: AnyObject, Sendable {
    /// The frame video asset `name` shows at `time` seconds of the clip (the one whose
    /// presentation interval holds it); nil when there is none to show.
    func frame(_ name: String, at time: Double) -> Image?

    /// The first frame asked for that could not be decoded (drawn as nothing); nil when none.
    var damage: VideoDamage? { get }
}

/// A clip frame that could not be decoded: which clip, at what time of it, and why.
public struct VideoDamage: Error, Hashable, Sendable, CustomStringConvertible {
    /// The video asset's name.
    public let clip: String
    public let path: String
    /// Seconds into the clip.
    public let time: Double
    public let reason: String

    public init(clip: String, path: String, time: Double, reason: String) {
        (self.clip, self.path, self.time, self.reason) = (clip, path, time, reason)
    }

    public var description: String {
        "video \(clip) (\(path)): the frame at \(String(format: "%.3f", time)) s of the clip could not be decoded (\(reason)); pass --allow-damaged-video to draw such frames as nothing"
    }
}
