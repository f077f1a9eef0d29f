import Foundation

/// The gain of each sound of a mix at a timeline time (the extensions page, "Sound"): its
/// `volume`, its fades over its played part, its `duck` under the sounds it names while they
/// play (the lowest where ducks overlap) and its `gain` curve, multiplied. The one
/// implementation of the rule, for the mixer and for checking it.
public struct SoundEnvelope: Sendable {
    /// The sounds, and the timeline seconds each one's played part spans (nil: its end is not
    /// known, which only a sound without `fadeOut` that no duck names may leave open).
    public let tracks: [AudioTrack]
    public let parts: [(start: Double, end: Double?)]
    /// For each sound, the parts of the sounds its duck names, and the duck's gain.
    private let ducks: [(gain: Double, under: [(start: Double, end: Double?)])]

    public init(tracks: [AudioTrack], parts: [(start: Double, end: Double?)]) {
        self.tracks = tracks
        self.parts = parts
        ducks = tracks.map { track in
            guard let duck = track.duck else { return (1, []) }
            let named = tracks.indices.filter { j in tracks[j].id.map(duck.under.contains) == true }
            return (pow(10, duck.level / 20), named.map { parts[$0] })
        }
    }

    /// The gain of sound `i` at timeline time `t` (seconds).
    public func gain(of i: Int, at t: Double) -> Double {
        let track = tracks[i]
        let part = parts[i]
        var g = track.volume
        if track.fadeIn > 0 { g *= min(1, max(0, (t - part.start) / track.fadeIn)) }
        if track.fadeOut > 0, let end = part.end { g *= min(1, max(0, (end - t) / track.fadeOut)) }
        if let duck = track.duck {
            var lowest = 1.0
            let floor = ducks[i].gain
            for under in ducks[i].under {
                lowest = min(lowest, Self.duck(at: t, under: under, floor: floor, attack: duck.attack, release: duck.release))
            }
            g *= lowest
        }
        if let curve = track.gain { g *= curve.value(t) }
        return g
    }

    /// The duck's gain at `t` under one sound playing over `under`: 1 before the attack, a
    /// linear ramp to `floor` over `attack` seconds ending at its start, `floor` while it
    /// plays, a linear ramp back to 1 over `release` seconds after its end.
    static func duck(at t: Double, under: (start: Double, end: Double?), floor: Double, attack: Double, release: Double)
        -> Double
    {
        if t < under.start {
            guard attack > 0, t > under.start - attack else { return 1 }
            return 1 - (1 - floor) * (t - (under.start - attack)) / attack
        }
        guard let end = under.end, t > end else { return floor }
        guard release > 0, t < end + release else { return 1 }
        return floor + (1 - floor) * (t - end) / release
    }
}
