/// A sound file placed on a timeline: it starts playing at timeline time `start` (seconds;
/// negative cuts its beginning), at `speed` times its rate, scaled by `volume` (1 leaves it as
/// it is). From the timeline's `audio` entry, `reel render --audio FILE`, or a video layer's
/// sound.
public struct AudioTrack: Hashable, Sendable {
    /// Where the file is (absolute, or relative to the working folder).
    public var path: String
    /// What messages call it: the asset's JSON path, or the `--audio` file.
    public var name: String
    public var start: Double
    public var volume: Double
    /// How fast the file plays: its time t sounds at timeline time start + t / speed. Default 1.
    public var speed: Double = 1

    public init(path: String, name: String, start: Double = 0, volume: Double = 1, speed: Double = 1) {
        (self.path, self.name, self.start, self.volume, self.speed) = (path, name, start, volume, speed)
    }
}
