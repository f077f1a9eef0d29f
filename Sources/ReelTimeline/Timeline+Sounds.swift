import ReelCore
import ReelLayers

extension Timeline {
    /// The most sounds a timeline's `audio` list may hold: each is a decoder of its own.
    public static let maximumSounds = 256

    /// The sounds of a render: the timeline's `audio` (or `replacing` it, `--audio`), and the
    /// sound of every playing player layer whose clip `hasSound`.
    /// With scenes, each scene's sounds play while it shows (`sceneSounds`).
    public func sounds(replacing given: AudioTrack? = nil, hasSound: (String) -> Bool) -> [AudioTrack] {
        (given.map { [$0] } ?? audio + sceneSounds) + (playerSounds + scenePlayerSounds).filter { hasSound($0.path) }
    }

    /// The id path of every player layer (`group/clip`), the names a sound's `duck` may go under.
    public static func playerPaths(of layers: [AnimatedLayer]) -> [String] {
        var paths: [String] = []
        func visit(_ layers: [AnimatedLayer], _ path: String) {
            for layer in layers {
                let id = path.isEmpty ? layer.model.id : path + "/" + layer.model.id
                if layer.model.layerClass == .playerLayer { paths.append(id) }
                visit(layer.sublayers, id)
            }
        }
        visit(layers, "")
        return paths
    }

    /// The sound of every player layer that plays: its clip placed where the layer's local
    /// time runs it, named by its id path (for ducks). A layer's local time is a·t + c of the
    /// timeline's time t (each ancestor's `beginTime`, `speed` and `timeOffset` composed), so
    /// clip time 0 sounds at −c/a, at a times its rate, scaled by `volume`, whose own
    /// animations are followed at every sample's time. Muted layers, and layers whose time
    /// stands still or runs backward (a ≤ 0), are silent, as are layers under a `timeRemap`
    /// (their time is not a line through the timeline's; extensions.md's sound of a remapped
    /// clip, where it advances at speed 1, is not yet followed).
    public var playerSounds: [AudioTrack] { playerSounds(of: layers) }

    /// The sounds of the player layers among `layers` (see `playerSounds`).
    func playerSounds(of layers: [AnimatedLayer]) -> [AudioTrack] {
        var sounds: [AudioTrack] = []
        func visit(_ layers: [AnimatedLayer], _ path: String, a: Double, c: Double) {
            for layer in layers {
                if layer.model.timeRemap != nil || layer.animations.contains(where: \.remapsTime) { continue }
                let t = layer.timing
                let (la, lc) = (t.speed * a, t.speed * (c - t.beginTime) + t.timeOffset)
                let id = path.isEmpty ? layer.model.id : path + "/" + layer.model.id
                let player = layer.model.player
                let animated = layer.animations.filter {
                    if case .group = $0.kind { return true }
                    return $0.keyPath == "volume"
                }
                if layer.model.layerClass == .playerLayer, let name = player.player, let file = assets[name], !player.isMuted,
                    la > 0, player.volume > 0 || !animated.isEmpty
                {
                    var sound = AudioTrack(path: file, name: "layer \(id)", start: -lc / la, volume: player.volume, speed: la)
                    sound.id = id
                    if !animated.isEmpty {
                        // Only the volume is read: the animations play on a bare player layer.
                        var bare = Layer(id: id)
                        bare.layerClass = .playerLayer
                        bare.player.volume = player.volume
                        sound.volume = 1
                        sound.gain = AudioGain { [bare] time in
                            var l = bare
                            for animation in animated { animation.apply(at: la * time + lc, to: &l) }
                            return l.player.volume
                        }
                    }
                    sounds.append(sound)
                }
                visit(layer.sublayers, id, a: la, c: lc)
            }
        }
        visit(layers, "", a: 1, c: 0)
        return sounds
    }
}
