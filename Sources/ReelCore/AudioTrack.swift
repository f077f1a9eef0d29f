/// A sound file placed on a timeline (the extensions page, "Sound"): its played part (from
/// `trimStart` seconds into the file, `duration` seconds or the rest) starts at timeline time
/// `start` (seconds; negative cuts its beginning), at `speed` times its rate, scaled by
/// `volume`, ramped by `fadeIn` and `fadeOut`, lowered by `duck` while the sounds it names
/// play, and by `gain` (a player layer's animated `volume`). From the timeline's `audio`,
/// `reel render --audio FILE`, or a video layer's sound.
public struct AudioTrack: Hashable, Sendable {
    /// Where the file is (absolute, or relative to the working folder).
    public var path: String
    /// What messages call it: the asset's JSON path, or the `--audio` file.
    public var name: String
    /// What a `duck` names it by: the sound's `id`, or a player layer's id path.
    public var id: String?
    public var start: Double
    public var volume: Double
    /// How fast the file plays: its time t sounds at timeline time start + t / speed. Default 1.
    public var speed: Double = 1
    /// Seconds cut from the file's beginning.
    public var trimStart: Double = 0
    /// Seconds played; nil plays the rest of the file.
    public var duration: Double?
    /// Seconds of linear gain ramp from 0 to 1 at the played part's beginning, and 1 to 0 at its end.
    public var fadeIn: Double = 0
    public var fadeOut: Double = 0
    /// Lowers the sound while others play.
    public var duck: AudioDuck?
    /// A gain that changes over timeline time (a player layer's `volume` animation); nil is 1.
    public var gain: AudioGain?

    public init(path: String, name: String, start: Double = 0, volume: Double = 1, speed: Double = 1) {
        (self.path, self.name, self.start, self.volume, self.speed) = (path, name, start, volume, speed)
    }

    /// Whether the file sounds as it is from the video's start: nothing to trim, place, scale
    /// or ramp, so its packets may be copied.
    public var isUnchanged: Bool {
        start == 0 && volume == 1 && speed == 1 && trimStart == 0 && duration == nil && fadeIn == 0 && fadeOut == 0
            && duck == nil && gain == nil
    }
}

/// `duck`: a sound multiplied by 10^(level/20) while any sound it names plays, ramped linearly
/// over `attack` seconds ending at that sound's start and `release` seconds after its end.
public struct AudioDuck: Hashable, Sendable {
    /// The ids of the sounds (or player layers' id paths) it goes under.
    public var under: [String]
    /// The gain in dB, 0 or below.
    public var level: Double
    public var attack: Double
    public var release: Double

    public init(under: [String] = ["voice"], level: Double = -12, attack: Double = 0.2, release: Double = 0.5) {
        (self.under, self.level, self.attack, self.release) = (under, level, attack, release)
    }
}

/// A gain as a function of timeline seconds, compared by identity (it is a closure).
public final class AudioGain: Hashable, Sendable {
    public let value: @Sendable (Double) -> Double

    public init(_ value: @escaping @Sendable (Double) -> Double) { self.value = value }

    public static func == (a: AudioGain, b: AudioGain) -> Bool { a === b }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
