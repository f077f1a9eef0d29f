import ReelCore
import ReelLayers

/// Scenes' sounds (extension-rules.md, "Scenes and transitions"): a scene's sounds (its
/// timeline's `audio`, its clips') play while it shows, moved to its start; across an overlap
/// the outgoing scene's gain falls 1 → 0 and the incoming one's rises 0 → 1, linearly in time,
/// unless the transition says `"sound": "cut"` (the outgoing sound stops where the overlap
/// starts, the incoming one starts there at full gain).
extension Timeline {
    /// The scenes' own `audio` sounds, placed and faded.
    public var sceneSounds: [AudioTrack] {
        scenes.indices.flatMap { k in
            scenes[k].sounds.compactMap { sound -> AudioTrack? in
                var placed = sound
                placed.start += scenes[k].start
                return windowed(placed, scene: k)
            }
        }
    }

    /// The sounds of the scenes' player layers (their clips), placed and faded.
    public var scenePlayerSounds: [AudioTrack] {
        scenes.indices.flatMap { k in playerSounds(of: [scenes[k].content]).compactMap { windowed($0, scene: k) } }
    }

    /// `sound` cut to the time scene `k` is heard, with the overlaps' ramps at its ends.
    func windowed(_ sound: AudioTrack, scene k: Int) -> AudioTrack? {
        let scene = scenes[k]
        let incoming = k > 0 ? scenes[k - 1].transition : nil
        let outgoing = scene.transition
        let fadeIn = incoming.map { $0.cutsSound ? 0 : $0.duration } ?? 0
        let fadeOut = outgoing.map { $0.cutsSound ? 0 : $0.duration } ?? 0
        let from = scene.start
        let to = scene.end - (outgoing.map { $0.cutsSound ? $0.duration : 0 } ?? 0)
        var s = sound
        if s.start < from {
            s.trimStart += (from - s.start) * s.speed
            s.duration = s.duration.map { $0 - (from - s.start) * s.speed }
            s.start = from
        }
        let heard = (to - s.start) * s.speed
        guard heard > 0, s.duration.map({ $0 > 0 }) ?? true else { return nil }
        let reachesEnd = s.duration.map { $0 >= heard - 1e-9 } ?? true
        s.duration = min(s.duration ?? heard, heard)
        if abs(s.start - from) < 1e-9 { s.fadeIn = max(s.fadeIn, fadeIn) }
        if reachesEnd { s.fadeOut = max(s.fadeOut, fadeOut) }
        return s
    }
}
