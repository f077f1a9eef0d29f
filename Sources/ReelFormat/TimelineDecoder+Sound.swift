import ReelCore
import ReelJSON
import ReelLayers
import ReelTimeline

/// The timeline's `audio`: sound assets with their start, volume, trim, fades and ducks.
extension TimelineDecoder {
    /// The `audio` entry: one sound or a list of them (the extensions page, "Sound").
    func decodeSounds(_ node: JSONNode, assets: [String: String]) -> [AudioTrack] {
        guard case .array = node.value else { return decodeSound(node, assets: assets).map { [$0] } ?? [] }
        guard let items = node.array() else { return [] }
        guard items.count <= Timeline.maximumSounds else {
            node.problem(expected: "a list of at most \(Timeline.maximumSounds) sounds", found: "\(items.count) sounds")
            return []
        }
        var sounds: [AudioTrack] = []
        var ids: [String: String] = [:]
        for item in items {
            guard let sound = decodeSound(item, assets: assets) else { continue }
            if let id = sound.id {
                if let other = ids[id] {
                    item.child("id", .string(id)).problem(
                        expected: "an id no other sound has", found: "\"\(id)\", the id of \(other) too")
                }
                ids[id] = ids[id] ?? item.path
            }
            sounds.append(sound)
        }
        return sounds
    }

    /// One sound: an asset that plays from timeline time `start` (default 0; negative cuts its
    /// beginning) at `volume` (default 1, 0...16), trimmed, faded and ducked.
    func decodeSound(_ node: JSONNode, assets: [String: String]) -> AudioTrack? {
        guard let m = node.object(allowed: Self.audioKeys) else { return nil }
        guard let a = m["asset"] else {
            node.problem(expected: "an `asset`: the name of a sound file declared in `assets`", found: "none")
            return nil
        }
        guard let name = a.string() else { return nil }
        guard assetNames.contains(name) else {
            a.problem(
                expected: "the name of an asset declared in `assets`", found: "\"\(name)\"",
                suggestion: Suggestion.didYouMean(name, in: assetNames.sorted()))
            return nil
        }
        audioAssetNames.insert(name)
        var id: String?
        if let n = m["id"] {
            guard let s = n.string() else { return nil }
            guard !s.isEmpty else {
                n.problem(expected: "a non-empty id", found: "\"\"")
                return nil
            }
            id = s
        }
        func seconds(_ key: String, _ range: ClosedRange<Double>, _ text: String) -> Double?? {
            guard let n = m[key] else { return .some(nil) }
            guard let v = n.number(in: range, rangeText: text) else { return nil }
            return v
        }
        guard let start = seconds("start", -86400...86400, "a start time in seconds, -86400...86400"),
            let volume = seconds("volume", 0...16, "a volume in 0...16 (1 leaves the sound as it is)"),
            let trim = seconds("trimStart", 0...86400, "seconds cut from the file's beginning, 0...86400"),
            let duration = seconds("duration", 0.001...86400, "the seconds played, 0.001...86400"),
            let fadeIn = seconds("fadeIn", 0...86400, "seconds of fade-in, 0...86400"),
            let fadeOut = seconds("fadeOut", 0...86400, "seconds of fade-out, 0...86400")
        else { return nil }
        var duck: AudioDuck?
        if let d = m["duck"] {
            guard let dm = d.object(allowed: Self.duckKeys) else { return nil }
            var made = AudioDuck()
            if let u = dm["under"] {
                guard let names = u.array() else { return nil }
                guard !names.isEmpty else {
                    u.problem(expected: "the ids of the sounds or player layers to duck under", found: "an empty list")
                    return nil
                }
                made.under = names.compactMap { n in
                    guard let s = n.string() else { return nil }
                    duckNames.append((n, s, id))
                    return s
                }
            } else {
                duckNames.append((d.child("under", .array([.string("voice")])), "voice", id))
            }
            if let n = dm["level"] {
                guard let v = n.number(in: -120...0, rangeText: "a gain in dB, -120...0") else { return nil }
                made.level = v
            }
            if let n = dm["attack"] {
                guard let v = n.number(in: 0...60, rangeText: "seconds of attack, 0...60") else { return nil }
                made.attack = v
            }
            if let n = dm["release"] {
                guard let v = n.number(in: 0...60, rangeText: "seconds of release, 0...60") else { return nil }
                made.release = v
            }
            duck = made
        }
        guard let path = assets[name] else { return nil }
        var sound = AudioTrack(path: path, name: name, start: start ?? 0, volume: volume ?? 1)
        sound.id = id
        sound.trimStart = trim ?? 0
        sound.duration = duration
        sound.fadeIn = fadeIn ?? 0
        sound.fadeOut = fadeOut ?? 0
        sound.duck = duck
        return sound
    }

    /// Each name a `duck` goes under is a sound's id or a player layer's id path, not its own.
    func checkDucks(_ sounds: [AudioTrack], layers: [AnimatedLayer]) {
        guard !duckNames.isEmpty else { return }
        let known = Set(sounds.compactMap(\.id)).union(Timeline.playerPaths(of: layers))
        for (node, name, own) in duckNames {
            if name == own {
                node.problem(expected: "the id of another sound (a sound does not duck under itself)", found: "\"\(name)\"")
            } else if !known.contains(name) {
                node.problem(
                    expected: "the id of a sound or the id path of an AVPlayerLayer",
                    found: "\"\(name)\"", suggestion: Suggestion.didYouMean(name, in: known.sorted()))
            }
        }
    }
}
