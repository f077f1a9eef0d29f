import ReelCore

/// The frames of a timeline's video assets, shared by every planner and thread: the one a
/// player layer shows is asked for while planning, like an image asset.
public protocol VideoFrames: AnyObject, Sendable {
    /// The frame video asset `name` shows at `time` seconds of the clip (the one whose
    /// presentation interval holds it); nil when there is none to show.
    func frame(_ name: String, at time: Double) -> Image?
}
