import ReelCore
import ReelLayers

extension Timeline {
    /// The sound of every player layer that plays: its clip placed where the layer's local
    /// time runs it. A layer's local time is a·t + c of the timeline's time t (each ancestor's
    /// `beginTime`, `speed` and `timeOffset` composed), so clip time 0 sounds at −c/a, at a
    /// times its rate, scaled by `volume`. Muted layers, and layers whose time stands still or
    /// runs backward (a ≤ 0), are silent, as are layers under a `timeRemap` (their time is not
    /// a line through the timeline's; extensions.md's sound of a remapped clip, where it
    /// advances at speed 1, is not yet followed). (Animations of `volume` are not followed:
    /// the model's volume holds.)
    public var playerSounds: [AudioTrack] {
        var sounds: [AudioTrack] = []
        func visit(_ layers: [AnimatedLayer], _ path: String, a: Double, c: Double) {
            for layer in layers {
                if layer.model.timeRemap != nil || layer.animations.contains(where: \.remapsTime) { continue }
                let t = layer.timing
                let (la, lc) = (t.speed * a, t.speed * (c - t.beginTime) + t.timeOffset)
                let id = path.isEmpty ? layer.model.id : path + "/" + layer.model.id
                let player = layer.model.player
                if layer.model.layerClass == .playerLayer, let name = player.player, let file = assets[name], !player.isMuted,
                    la > 0, player.volume > 0
                {
                    sounds.append(AudioTrack(path: file, name: "layer \(id)", start: -lc / la, volume: player.volume, speed: la))
                }
                visit(layer.sublayers, id, a: la, c: lc)
            }
        }
        visit(layers, "", a: 1, c: 0)
        return sounds
    }
}
