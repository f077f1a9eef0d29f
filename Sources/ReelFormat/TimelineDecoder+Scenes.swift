import Foundation
import ReelCore
import ReelJSON
import ReelLayers
import ReelTimeline

/// `scenes`: the pieces of a video, each from inline layers, another timeline or Lottie file,
/// or a clip, joined by transitions (extension-rules.md, "Scenes and transitions").
extension TimelineDecoder {
    static let sceneKeys = ["id", "layers", "timeline", "video", "duration", "transition"]
    static let transitionKeys = ["type", "duration", "timingFunction", "direction", "color", "sound"]

    /// The scenes placed end to end on `canvas`; nil after a problem (reported at its path).
    func decodeScenes(_ node: JSONNode, canvas: Canvas) -> [Scene]? {
        guard let items = node.array() else { return nil }
        guard !items.isEmpty else {
            node.problem(expected: "at least one scene", found: "an empty list")
            return nil
        }
        var scenes: [Scene] = []
        var ids: Set<String> = []
        var transitionNodes: [JSONNode?] = []
        for (k, item) in items.enumerated() {
            guard let m = item.object(allowed: Self.sceneKeys) else { continue }
            guard
                let id = m["id"]?.string()
                    ?? {
                        item.problem(expected: "an `id`", found: "none")
                        return nil
                    }()
            else { continue }
            if id.isEmpty || id.contains("/") || id.contains(".") {
                m["id"]!.problem(expected: "an id without `/` or `.`")
                continue
            }
            guard ids.insert(id).inserted else {
                m["id"]!.problem(expected: "an id unique among the scenes", found: "a second scene named \"\(id)\"")
                continue
            }
            let sources = ["layers", "timeline", "video"].filter { m[$0] != nil }
            guard sources.count == 1 else {
                item.problem(
                    expected: "one source: `layers`, `timeline` or `video`",
                    found: sources.isEmpty ? "none" : sources.map { "`\($0)`" }.joined(separator: " and "))
                continue
            }
            var given: Double?
            if let d = m["duration"] {
                guard let v = d.number(in: 0.001...86400, rangeText: "a duration in seconds, 0.001...86400") else { continue }
                given = v
            }
            var container = Layer(id: "scene.\(id)")
            container.frame = Rect(x: 0, y: 0, width: canvas.width, height: canvas.height)
            container.masksToBounds = true
            var content = AnimatedLayer(model: container)
            var length: Double?
            var sounds: [AudioTrack] = []
            switch sources[0] {
            case "layers":
                content.sublayers = decodeLayers(m["layers"]!)
                if given == nil { item.problem(expected: "a `duration` for a scene of inline layers", found: "none") }
            case "timeline":
                guard let (source, own) = openSceneTimeline(m["timeline"]!) else { continue }
                content.sublayers = [Self.fitted(source, in: canvas)]
                sounds = source.audio
                length = own
            default:
                guard let (player, own) = sceneClip(m["video"]!, id: id, canvas: canvas) else { continue }
                content.sublayers = [player]
                length = own
                if given == nil, own == nil {
                    m["video"]!.problem(expected: "a clip whose length can be read, or a `duration`")
                }
            }
            guard let duration = given ?? length else { continue }
            var transition: SceneTransition?
            if let t = m["transition"] {
                if k == items.count - 1 {
                    t.problem(expected: "no transition on the last scene (a transition leads to the next scene)")
                    continue
                }
                guard let decoded = decodeTransition(t) else { continue }
                transition = decoded
            }
            transitionNodes.append(m["transition"])
            var scene = Scene(id: id, content: content, duration: duration, transition: transition)
            scene.sounds = sounds
            scenes.append(scene)
        }
        guard scenes.count == items.count else { return nil }
        var fine = true
        for k in scenes.indices {
            guard let t = scenes[k].transition, let transitionNode = transitionNodes[k] else { continue }
            let node = transitionNode.value["duration"].map { transitionNode.child("duration", $0) } ?? transitionNode
            let incoming = k > 0 ? scenes[k - 1].transition?.duration ?? 0 : 0
            if t.duration > scenes[k].duration || t.duration > scenes[k + 1].duration {
                node.problem(
                    expected:
                        "a transition no longer than either scene it joins (\(scenes[k].duration) s and \(scenes[k + 1].duration) s)",
                    found: "\(t.duration) s")
                fine = false
            } else if incoming + t.duration > scenes[k].duration {
                node.problem(
                    expected:
                        "transitions into and out of scene \"\(scenes[k].id)\" no longer together than it (\(scenes[k].duration) s)",
                    found: "\(incoming) s + \(t.duration) s")
                fine = false
            }
        }
        return fine ? Timeline.placed(scenes) : nil
    }

    /// A transition object: its type (with a suggestion for a near miss) and settings.
    func decodeTransition(_ node: JSONNode) -> SceneTransition? {
        guard let m = node.object(allowed: Self.transitionKeys) else { return nil }
        let names = SceneTransition.Kind.allCases.map(\.rawValue)
        guard let typeNode = m["type"] else {
            node.problem(expected: "a `type`: " + names.map { "`\($0)`" }.joined(separator: ", "), found: "none")
            return nil
        }
        guard let type = typeNode.choice(names), let kind = SceneTransition.Kind(rawValue: type) else { return nil }
        var transition = SceneTransition(kind: kind)
        if let d = m["duration"] {
            guard let v = d.number(in: 0...86400, rangeText: "a duration in seconds, 0 or more") else { return nil }
            transition.duration = v
        }
        if let f = m["timingFunction"] {
            guard let timing = decodeTimingFunction(f) else { return nil }
            transition.timingFunction = timing
        }
        if let d = m["direction"] {
            guard let name = d.choice(SceneTransition.Direction.allCases.map(\.rawValue)),
                let direction = SceneTransition.Direction(rawValue: name)
            else { return nil }
            transition.direction = direction
        }
        if let c = m["color"] {
            guard case .color(let color)? = ValueKind.color.decode(c) else { return nil }
            transition.color = color
        }
        if let s = m["sound"] {
            guard let name = s.choice(["crossfade", "cut"]) else { return nil }
            transition.cutsSound = name == "cut"
        }
        return transition
    }

    /// The timeline a `timeline` source names, opened as the caller opens files, and its length.
    private func openSceneTimeline(_ node: JSONNode) -> (Timeline, Double)? {
        guard let relative = node.string() else { return nil }
        let path = resolved(relative)
        guard !sceneSources.opening.contains(path), sceneSources.opening.count < SceneSources.maximumDepth else {
            node.problem(expected: "a timeline that does not include itself", found: "\"\(relative)\" inside itself")
            return nil
        }
        var inner = sceneSources
        inner.opening.append(path)
        let source: Timeline
        do {
            source = try sceneSources.openTimeline(path, inner)
        } catch {
            let first = error.problems.first.map { ": \($0)" } ?? ""
            node.problem(
                expected: "a timeline or Lottie file that opens",
                found: "\(error.problems.count) problem\(error.problems.count == 1 ? "" : "s") in \(relative)\(first)")
            return nil
        }
        for (name, file) in source.assets {
            if let mine = assetPaths[name], mine != file {
                node.problem(
                    expected: "assets named apart from this timeline's", found: "a second asset \"\(name)\" in \(relative)")
                return nil
            }
            sceneAssets[name] = file
        }
        for (name, index) in source.fontIndices { fontIndices[name] = index }
        for (name, matrix) in source.clipMatrices { clipMatrices[name] = matrix }
        return (source, source.canvas.duration)
    }

    /// A clip filling the canvas as a player layer (`resizeAspect`), its asset named after the scene.
    private func sceneClip(_ node: JSONNode, id: String, canvas: Canvas) -> (AnimatedLayer, Double?)? {
        guard let relative = node.string() else { return nil }
        let path = resolved(relative)
        guard Timeline.isVideoFile(path) else {
            node.problem(expected: "a video file (" + Timeline.videoFileExtensions.sorted().joined(separator: ", ") + ")")
            return nil
        }
        let name = "scene.\(id)"
        sceneAssets[name] = path
        var player = Layer(id: "video")
        player.layerClass = .playerLayer
        player.frame = Rect(x: 0, y: 0, width: canvas.width, height: canvas.height)
        player.player.player = name
        player.player.videoGravity = .resizeAspect
        return (AnimatedLayer(model: player), sceneSources.clipLength(path))
    }

    /// A timeline's layers over its background at its own size, scaled uniformly to fit
    /// `canvas` and centred; outside its own canvas nothing shows.
    static func fitted(_ source: Timeline, in canvas: Canvas) -> AnimatedLayer {
        let (w, h) = (source.canvas.width, source.canvas.height)
        let scale = min(canvas.width / w, canvas.height / h)
        var stage = Layer(id: "timeline")
        stage.bounds = Rect(x: 0, y: 0, width: w, height: h)
        stage.position = Point(x: canvas.width / 2, y: canvas.height / 2)
        stage.transform = .scale(scale, scale)
        stage.masksToBounds = true
        if source.canvas.background.alpha > 0 { stage.backgroundColor = source.canvas.background }
        return AnimatedLayer(model: stage, sublayers: source.scenes.map(\.content) + source.layers)
    }
}
