import Foundation
import ReelCore
import ReelJSON
import ReelLayers

/// Turns timeline JSON (format version 1) into a `Timeline`, collecting every problem with
/// its JSON path instead of stopping at the first. It reads no file: asset paths are resolved
/// as text, and the pipeline's asset step (`TimelineAssets`) checks and decodes them.
final class TimelineDecoder {
    /// What decoding gave: the timeline (nil when there are problems), every problem, and the
    /// warnings, which are kept when there are also problems.
    struct Result {
        var timeline: Timeline?
        var problems: [TimelineProblem]
        var warnings: [TimelineProblem]
        /// Every declared file (used or not) when there are problems: a name misspelt in a
        /// layer leaves its asset unused, and its file is checked all the same.
        var assetFiles: AssetFiles?
    }

    let baseDirectory: String
    /// Layers that do not set `allowsGroupOpacity` take the canvas's (UIViewGroupOpacity).
    private var groupOpacityDefault = true
    /// Asset names `contents` and `font` may refer to.
    private var assetNames: Set<String> = []
    /// Decoded asset paths by name, to tell fonts from images.
    private var assetPaths: [String: String] = [:]
    /// Font collection faces by asset name.
    private var fontIndices: [String: Int] = [:]
    private var clipMatrices: [String: VideoColorspace] = [:]
    /// Asset names some `contents` value refers to: only these are loaded.
    private var usedAssetNames: Set<String> = []
    /// The assets the `audio` sounds name.
    private var audioAssetNames: Set<String> = []
    /// Each `duck.under` name, to be checked once the layers (whose player ids it may name) are known.
    private var duckNames: [(node: JSONNode, name: String, own: String?)] = []

    /// What the canvas takes where the file leaves it out (a clip's, with `--video`).
    let canvasDefaults: Canvas.Defaults?

    init(baseDirectory: String, canvasDefaults: Canvas.Defaults? = nil) {
        self.baseDirectory = baseDirectory
        self.canvasDefaults = canvasDefaults
    }

    static let rootKeys = ["$schema", "version", "name", "variables", "canvas", "assets", "audio", "layers"]
    static let audioKeys = ["id", "asset", "start", "volume", "fadeIn", "fadeOut", "trimStart", "duration", "duck"]
    static let duckKeys = ["under", "level", "attack", "release"]
    static let canvasKeys = ["width", "height", "fps", "duration", "background", "scale", "allowsGroupOpacity"]
    static let assetKeys = ["path", "index", "colorspace"]
    static let layerStructureKeys = ["id", "class", "sublayers", "animations", "mask"] + layerTimingKeys
    /// Every key a layer object may have, in order for suggestions and as a set for lookups.
    static let layerKeyNames = layerStructureKeys + LayerProperty.layerKeys
    static let layerKeySet = Set(layerKeyNames)
    /// What a CATransformLayer does not draw or apply (Apple's CATransformLayer reference):
    /// setting them is allowed, and warned about.
    static let transformLayerIgnores = [
        "backgroundColor", "contents", "borderWidth", "cornerRadius", "shadowOpacity", "shadowPath",
        "masksToBounds", "shouldRasterize", "mask"
    ]
    /// CAMediaTiming as a layer adopts it: where its local time starts, how fast it runs, and its offset.
    static let layerTimingKeys = ["beginTime", "speed", "timeOffset"]
    static let speedText = "a finite speed (0 pauses, negative plays backward)"
    static let timingKeys = [
        "beginTime", "duration", "speed", "timeOffset", "repeatCount", "repeatDuration",
        "autoreverses", "fillMode", "removedOnCompletion"
    ]
    static let animationKeys =
        [
            "keyPath", "type", "timingFunction", "additive", "cumulative",
            "fromValue", "toValue", "byValue", "values", "path", "rotationMode", "pathParameter", "keyTimes", "timingFunctions",
            "calculationMode", "tensionValues", "continuityValues", "biasValues",
            "mass", "stiffness", "damping", "initialVelocity", "animations"
        ]
        + timingKeys
    static let animationKeySet = Set(animationKeys)
    /// Each animation type's own keys, beside `keyPath` (which a group has not).
    static let animationFields: [String: [String]] = [
        "basic": ["fromValue", "toValue", "byValue"],
        "keyframe": [
            "values", "path", "rotationMode", "pathParameter", "keyTimes", "timingFunctions", "calculationMode", "tensionValues",
            "continuityValues", "biasValues"
        ],
        "spring": ["fromValue", "toValue", "byValue", "mass", "stiffness", "damping", "initialVelocity"],
        "group": ["animations"]
    ]
    /// The keys of the other types an animation of each type must not have, in name order.
    static let foreignFields: [String: [String]] = Dictionary(
        uniqueKeysWithValues: animationFields.map { type, own in
            let allowed = Set(own).union(type == "group" ? [] : ["keyPath"])
            return (type, Set(animationFields.values.joined()).union(["keyPath"]).subtracting(allowed).sorted())
        })

    func decode(_ json: JSONValue, defaultName: String) -> Result {
        let report = ProblemReport()
        let root = JSONNode(root: json, report: report)
        guard let members = root.object(allowed: Self.rootKeys) else {
            return Result(timeline: nil, problems: report.problems, warnings: report.warnings)
        }
        if let v = members["version"], v.value != .number(1) { v.problem(expected: "1 (the only format version so far)") }
        let name = members["name"]?.string() ?? defaultName
        var canvas: Canvas?
        if let c = members["canvas"] {
            canvas = decodeCanvas(c)
            if case .object = c.value, let g = c.value["allowsGroupOpacity"] {
                groupOpacityDefault = c.child("allowsGroupOpacity", g).bool() ?? true
            }
        } else if canvasDefaults != nil {
            canvas = decodeCanvas(root.child("canvas", .object([])))
        } else {
            root.problem(expected: "a `canvas` object", found: "none")
        }
        var assets = members["assets"].map(decodeAssets) ?? [:]
        assetPaths = assets
        // Every declared name, valid or not: a bad asset is reported once, at its own path.
        if case .object(let declared)? = members["assets"]?.value { assetNames = Set(declared.map(\.key)) }
        let audio = members["audio"].map { decodeSounds($0, assets: assets) } ?? []
        var layers: [AnimatedLayer] = []
        if let l = members["layers"] {
            layers = decodeLayers(l, inParallel: true)
        } else {
            root.problem(expected: "a `layers` array", found: "none")
        }
        checkDucks(audio, layers: layers)
        if let declared = members["assets"], case .object(let entries) = declared.value {
            // Only images some `contents` shows are kept; the sound goes with `audio`.
            for (name, value) in entries where !usedAssetNames.contains(name) {
                if !audioAssetNames.contains(name) {
                    declared.child(name, value).warn(
                        "an asset no layer's `contents`, `font`, `player` or `captions` nor `audio` names; it is not loaded")
                }
                assets[name] = nil
            }
        }
        // The model's own limits, as every source of a timeline has them checked (`Timeline.problems`).
        for problem in Timeline.limitProblems(of: layers) { report.add(problem) }
        guard let canvas, report.problems.isEmpty else {
            var declared = assetPaths
            for name in audioAssetNames { declared[name] = nil }
            return Result(
                timeline: nil, problems: report.problems, warnings: report.warnings,
                assetFiles: AssetFiles(paths: declared, audio: audio, root: baseDirectory))
        }
        var timeline = Timeline(name: name, canvas: canvas, assets: assets, layers: layers, assetsRoot: baseDirectory)
        timeline.fontIndices = fontIndices.filter { assets[$0.key] != nil }
        timeline.clipMatrices = clipMatrices.filter { assets[$0.key] != nil }
        timeline.audio = audio
        timeline.warnings = report.warnings
        return Result(timeline: timeline, problems: [], warnings: report.warnings)
    }

    private func decodeCanvas(_ node: JSONNode) -> Canvas? {
        guard let m = node.object(allowed: Self.canvasKeys) else { return nil }
        func required(_ key: String) -> JSONNode? {
            if m[key] == nil, canvasDefaults == nil { node.problem(expected: "`\(key)`", found: "none") }
            return m[key]
        }
        let positive = "a positive number"
        let width =
            required("width")?.number(in: 1...16384, rangeText: "a width in 1...16384") ?? canvasDefaults.map { Double($0.width) }
        let height =
            required("height")?.number(in: 1...16384, rangeText: "a height in 1...16384")
            ?? canvasDefaults.map { Double($0.height) }
        let duration =
            required("duration")?.number(in: 0.001...86400, rangeText: "a duration in seconds, 0.001...86400")
            ?? canvasDefaults?.duration
        var fps = canvasDefaults?.fps ?? FrameRate(numerator: 30)
        if let f = m["fps"] {
            if case .number(let v) = f.value, let rate = FrameRate(v) {
                fps = rate
            } else if case .array(let parts) = f.value, parts.count == 2, case .number(let n) = parts[0],
                case .number(let d) = parts[1], n == n.rounded(), d == d.rounded(), n >= 1, d >= 1, n <= 1e9, d <= 1e9,
                (0.001...1000).contains(n / d)
            {
                // An exact fraction: [2997, 100] is 29.97 itself, not NTSC's 30000/1001.
                fps = FrameRate(numerator: Int(n), denominator: Int(d))
            } else {
                f.problem(expected: "a frame rate in 0.001...1000, or [numerator, denominator] of whole numbers")
            }
        }
        var scale = 1.0
        if let s = m["scale"], let v = s.number(in: 0.01...16, rangeText: positive + " up to 16") { scale = v }
        var background = Color.black
        if let b = m["background"], case .color(let c)? = ValueKind.color.decode(b) { background = c }
        guard let width, let height, let duration else { return nil }
        let canvas = Canvas(width: width, height: height, fps: fps, duration: duration, background: background, scale: scale)
        let (pw, ph) = (canvas.pixelWidth, canvas.pixelHeight)
        if pw < 1 || ph < 1 || pw > 16384 || ph > 16384 {
            node.problem(expected: "a pixel size (width x height x scale) from 1 to 16384 each way", found: "\(pw)x\(ph) pixels")
            return nil
        }
        if pw * ph > Canvas.maximumPixels {
            node.problem(
                expected: "at most \(Canvas.maximumPixels) pixels in a frame (16384 x 8192; the encoder refuses more)",
                found: "\(pw)x\(ph) = \(pw * ph) pixels")
            return nil
        }
        if canvas.frameCount < 1 {
            node.problem(
                expected: "a duration of at least one frame (1 / fps seconds)",
                found: "\(duration) s at \(canvas.fps.framesPerSecond) fps, which rounds to 0 frames")
            return nil
        }
        return canvas
    }

    /// The `audio` entry: one sound or a list of them (the extensions page, "Sound").
    private func decodeSounds(_ node: JSONNode, assets: [String: String]) -> [AudioTrack] {
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
    private func decodeSound(_ node: JSONNode, assets: [String: String]) -> AudioTrack? {
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
    private func checkDucks(_ sounds: [AudioTrack], layers: [AnimatedLayer]) {
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

    private func decodeAssets(_ node: JSONNode) -> [String: String] {
        guard case .object(let members) = node.value else {
            node.problem(expected: "an object of assets by name")
            return [:]
        }
        var assets: [String: String] = [:]
        for (name, value) in members {
            let a = node.child(name, value)
            guard let m = a.object(allowed: Self.assetKeys) else { continue }
            guard let p = m["path"] else {
                a.problem(expected: "a `path`", found: "none")
                continue
            }
            guard let rel = p.string() else { continue }
            let path =
                rel.hasPrefix("/") || Timeline.isDataURI(rel)
                ? rel : URL(fileURLWithPath: baseDirectory).appendingPathComponent(rel).standardizedFileURL.path
            if let i = m["index"] {
                guard Timeline.isFontFile(path) else {
                    i.problem(expected: "no `index`: only a font collection (.ttc, .otc) has faces to choose")
                    continue
                }
                guard let index = i.number(in: 0...65535, rangeText: "a face number 0...65535"), index == index.rounded() else {
                    if case .number = i.value { i.problem(expected: "a whole face number") }
                    continue
                }
                fontIndices[name] = Int(index)
            }
            if let c = m["colorspace"] {
                guard Timeline.isVideoFile(path) else {
                    c.problem(expected: "no `colorspace`: only a video asset has a YUV matrix to choose")
                    continue
                }
                guard case .string(let word) = c.value, let matrix = VideoColorspace(rawValue: word) else {
                    c.problem(expected: "one of " + VideoColorspace.allCases.map { "`\($0.rawValue)`" }.joined(separator: ", "))
                    continue
                }
                clipMatrices[name] = matrix
            }
            assets[name] = path
        }
        return assets
    }

    /// Top-level layers from this many on are decoded on two threads.
    static let parallelLayers = 20_000

    /// A layer decoded apart: the layer, and the problems and warnings it reported, in order.
    private struct Decoded {
        var layer: AnimatedLayer?
        var problems: ArraySlice<TimelineProblem>
        var warnings: ArraySlice<TimelineProblem>
    }

    /// A decoder for layers on another thread: the same assets and defaults, its own record
    /// of the asset names used.
    private func sibling() -> TimelineDecoder {
        let d = TimelineDecoder(baseDirectory: baseDirectory, canvasDefaults: canvasDefaults)
        (d.groupOpacityDefault, d.assetNames, d.assetPaths) = (groupOpacityDefault, assetNames, assetPaths)
        (d.fontIndices, d.audioAssetNames) = (fontIndices, audioAssetNames)
        return d
    }

    /// `items` decoded in two halves on two threads (a timeline of many layers spends most of
    /// its load here), each layer's problems kept apart so they are reported in file order.
    /// The halves are returned as they are: the caller moves each layer out (joined, they would be copied).
    private func decodeInHalves(_ items: [JSONNode]) -> [[Decoded]] {
        let half = items.count / 2
        let parts = [0..<half, half..<items.count]
        let decoders = parts.map { _ in sibling() }
        let halves = [[Decoded]](unsafeUninitializedCapacity: 2) { slots, count in
            // Each thread reads its own half and decoder and fills its own slot.
            nonisolated(unsafe) let (shared, workers, input) = (slots, decoders, items)
            DispatchQueue.concurrentPerform(iterations: 2) { k in
                let report = ProblemReport()
                var out: [Decoded] = []
                out.reserveCapacity(parts[k].count)
                for item in input[parts[k]] {
                    let (p, w) = (report.problems.count, report.warnings.count)
                    let layer = workers[k].decodeLayer(item.reporting(into: report))
                    out.append(Decoded(layer: layer, problems: report.problems[p...], warnings: report.warnings[w...]))
                }
                (shared.baseAddress! + k).initialize(to: out)
            }
            count = 2
        }
        for d in decoders { usedAssetNames.formUnion(d.usedAssetNames) }
        return halves
    }

    private func decodeLayers(_ node: JSONNode, inParallel: Bool = false) -> [AnimatedLayer] {
        guard let items = node.array() else { return [] }
        var seen: Set<String> = []
        var layers: [AnimatedLayer] = []
        // Sized once: a large tree's layers are not copied again as the list grows.
        layers.reserveCapacity(items.count)
        seen.reserveCapacity(items.count)
        // Decoded apart on two threads (empty when not).
        var apart = inParallel && items.count >= Self.parallelLayers ? decodeInHalves(items) : []
        for (i, item) in items.enumerated() {
            let decoded: AnimatedLayer?
            if !apart.isEmpty {
                let (k, j) = i < apart[0].count ? (0, i) : (1, i - apart[0].count)
                for p in apart[k][j].problems { item.report.add(p) }
                for w in apart[k][j].warnings { item.report.warn(w) }
                // Moved out, not copied: the halves are left holding nothing large.
                decoded = apart[k][j].layer.take()
            } else {
                decoded = decodeLayer(item)
            }
            guard let layer = decoded else { continue }
            if !seen.insert(layer.model.id).inserted {
                item.child("id", .string(layer.model.id)).problem(
                    expected: "an id unique among its siblings",
                    found: "a second layer named \"\(layer.model.id)\"")
            }
            layers.append(layer)
        }
        return layers
    }

    private func decodeLayer(_ node: JSONNode) -> AnimatedLayer? {
        guard let m = node.object(allowed: Self.layerKeySet, suggesting: Self.layerKeyNames) else { return nil }
        var id = ""
        if let i = m["id"] {
            if let s = i.string() {
                // '/' separates id paths (hit, inspect); '.' separates the steps of sublayers.ID. key paths.
                // Ids are printed by hit and inspect: no control characters (a terminal would obey them).
                // One pass over the scalars; controls are general category Cc, U+0000-001F and U+007F-009F.
                let refused = s.unicodeScalars.contains {
                    $0 == "/" || $0 == "." || $0.value < 0x20 || (0x7F...0x9F).contains($0.value)
                }
                if s.isEmpty || refused {
                    i.problem(expected: "a non-empty id of printable characters without '/' or '.'")
                } else {
                    id = s
                }
            }
        } else {
            node.problem(expected: "an `id`", found: "none")
        }
        var layer = Layer(id: id)
        layer.allowsGroupOpacity = groupOpacityDefault
        if let c = m["class"], let name = c.choice(LayerClass.allCases.map(\.rawValue)) {
            layer.layerClass = LayerClass(rawValue: name)!
            if layer.layerClass == .transformLayer {
                for key in Self.transformLayerIgnores where m[key] != nil {
                    m[key]!.warn("`\(key)` is ignored on a CATransformLayer: only its sublayers draw, each on its own")
                }
            }
        }
        for (key, n) in m.inLayerOrder {
            guard let property = LayerProperty.all[key] else { continue }
            if let owner = property.owner, owner != layer.layerClass {
                n.problem(
                    expected: "a key of CALayer or of this layer's class (\(layer.layerClass.rawValue))",
                    found: "`\(key)`, a \(owner.rawValue) key (set \"class\": \"\(owner.rawValue)\")")
                continue
            }
            guard let v = decodeValue(n, property) else { continue }
            property.setValue(v, on: &layer)
        }
        checkClassValues(layer, m)
        let sublayers = m["sublayers"].map { decodeLayers($0) } ?? []
        let mask = m["mask"].flatMap(decodeLayer)
        if let mask, mask.model.layerClass == .transformLayer, let c = m["mask"]?.value["class"] {
            m["mask"]!.child("class", c).problem(
                expected: "a CALayer (a mask's alpha is a flat picture)", found: "\"CATransformLayer\"")
        }
        var animated = AnimatedLayer(model: layer, sublayers: sublayers, mask: mask)
        if let v = m["beginTime"]?.number(in: -1e9...1e9, rangeText: "a time in seconds") { animated.timing.beginTime = v }
        if let v = m["speed"]?.number(in: -1e9...1e9, rangeText: Self.speedText) { animated.timing.speed = v }
        if let v = m["timeOffset"]?.number(in: -1e9...1e9, rangeText: "a time in seconds") { animated.timing.timeOffset = v }
        animated.animations = m["animations"].map { decodeAnimations($0, on: animated) } ?? []
        return animated
    }

    /// Rules between a class's keys: one location per colour. (The model's limits, dash counts
    /// among them, are `Timeline.problems`.)
    private func checkClassValues(_ layer: Layer, _ m: JSONMembers) {
        let g = layer.gradient
        if let n = m["locations"], !g.locations.isEmpty, g.locations.count != g.colors.count {
            n.problem(expected: "one location per colour (\(g.colors.count))", found: "\(g.locations.count) locations")
        }
        // Captions replace the string; a number does too.
        if let captions = layer.text.captions {
            if let s = m["string"] { s.warn("`string` is ignored: the layer shows its `captions`") }
            if let w = m["captionWordsPerPage"], layer.text.captionWordsPerPage > 0,
                let path = assetPaths[captions], path.lowercased().hasSuffix(".srt")
            {
                w.warn("`captionWordsPerPage` is ignored: an SRT file has no word timing (pages follow captionMaxLines)")
            }
        } else if layer.text.numberValue != nil, let s = m["string"] {
            s.warn("`string` is ignored: the layer shows its `numberValue`")
        }
    }

    /// A property value as the file writes it; `contents` must name a declared asset, and a
    /// `font` that names an asset must name a font file.
    func decodeValue(_ node: JSONNode, _ property: LayerProperty) -> PropertyValue? {
        guard let v = property.kind.decode(node) else { return nil }
        switch v {
        case .string(let font) where property.kind == .fontName:
            guard checkFont(font, node) else { return nil }
        case .text(let runs):
            var ok = true
            for (i, run) in runs.enumerated() {
                guard let font = run.font, case .array(let items) = node.value else { continue }
                let runNode = node.element(i, items[i])
                ok = checkFont(font, runNode.child("font", runNode.value["font"] ?? .null)) && ok
            }
            guard ok else { return nil }
        case .emitterCells(let cells):
            // Each cell's image is an image asset's, as a layer's `contents`.
            guard case .array(let items) = node.value else { break }
            var ok = true
            for (i, cell) in cells.enumerated() where cell.contents != nil {
                let cellNode = node.element(i, items[i])
                let contents = cellNode.child("contents", cellNode.value["contents"] ?? .null)
                ok = decodeValue(contents, LayerProperty.all["contents"]!) != nil && ok
            }
            guard ok else { return nil }
        default: break
        }
        if property.keyPath == "captions", case .string(let name) = node.value {
            guard assetNames.contains(name) else {
                node.problem(
                    expected: "the name of a caption asset declared in `assets`", found: "\"\(name)\"",
                    suggestion: Suggestion.didYouMean(name, in: assetNames.sorted()))
                return nil
            }
            if let path = assetPaths[name], !Timeline.isCaptionFile(path) {
                node.problem(
                    expected: "a caption asset (.srt, .vtt or word-timed .json)",
                    found: "\"\(name)\", \(URL(fileURLWithPath: path).lastPathComponent)")
                return nil
            }
            usedAssetNames.insert(name)
        }
        if property.keyPath == "contents" || property.keyPath == "player", case .string(let name) = node.value {
            guard assetNames.contains(name) else {
                node.problem(
                    expected: "the name of an asset declared in `assets`", found: "\"\(name)\"",
                    suggestion: Suggestion.didYouMean(name, in: assetNames.sorted()))
                return nil
            }
            // A clip plays in a player layer; a picture or a font is no clip, and a clip no picture.
            if let path = assetPaths[name],
                (property.keyPath == "player") != Timeline.isVideoFile(path) || Timeline.isCaptionFile(path)
                    || Timeline.isFontFile(path)
            {
                let file = URL(fileURLWithPath: path).lastPathComponent
                node.problem(
                    expected: property.keyPath == "player"
                        ? "a video asset (\(Timeline.videoFileExtensions.sorted().joined(separator: ", ")))"
                        : "an image asset (a video plays in an AVPlayerLayer's `player`)",
                    found: "\"\(name)\", \(file)")
                return nil
            }
            usedAssetNames.insert(name)
        }
        return v
    }

    /// A font name that is an asset's must be a font file's; it is then loaded. Other names
    /// are the machine's fonts, found when the timeline is loaded.
    private func checkFont(_ name: String, _ node: JSONNode) -> Bool {
        guard assetNames.contains(name) else { return true }
        if let path = assetPaths[name], !Timeline.isFontFile(path) {
            node.problem(
                expected: "a font: a font asset (.ttf, .otf, .ttc, .otc) or a font's name",
                found: "\"\(name)\", an asset that is not a font file (\(URL(fileURLWithPath: path).lastPathComponent))")
            return false
        }
        usedAssetNames.insert(name)
        return true
    }

    /// An animation's timing; a group's child (`inGroup`) ignores its own `removedOnCompletion`.
    func decodeTiming(_ m: JSONMembers, inGroup: Bool) -> MediaTiming? {
        var t = MediaTiming()
        var ok = true
        func number(_ key: String, _ range: ClosedRange<Double>, _ text: String, _ set: (Double) -> Void) {
            guard let n = m[key] else { return }
            if let v = n.number(in: range, rangeText: text) { set(v) } else { ok = false }
        }
        number("beginTime", -1e9...1e9, "a time in seconds") { t.beginTime = $0 }
        number("duration", 0...1e9, "a duration in 0...1000000000 seconds") { t.duration = $0 }
        if t.duration > 0, t.duration < 1e-6 {
            m["duration"]?.problem(expected: "0 (meaning 0.25 s) or at least 0.000001 seconds")
            ok = false
        }
        number("speed", -1e9...1e9, Self.speedText) { t.speed = $0 }
        number("timeOffset", -1e9...1e9, "a time in seconds") { t.timeOffset = $0 }
        number("repeatDuration", 0...1e9, "a duration of 0 or more seconds") { t.repeatDuration = $0 }
        if let r = m["repeatCount"] {
            if case .string("infinity") = r.value {
                t.repeatCount = .infinity
            } else if let v = r.number(in: 0...1e9, rangeText: "a repeat count in 0...1000000000, or \"infinity\"") {
                t.repeatCount = v
            } else {
                ok = false
            }
        }
        if let a = m["autoreverses"] { if let v = a.bool() { t.autoreverses = v } else { ok = false } }
        if t.repeatCount > 0, t.repeatDuration > 0, let r = m["repeatDuration"] {
            r.warn("`repeatCount` and `repeatDuration` both set: the smaller active duration wins")
        }
        if let r = m["removedOnCompletion"] { if let v = r.bool() { t.removedOnCompletion = v } else { ok = false } }
        if let f = m["fillMode"] {
            if let name = f.choice(FillMode.allCases.map(\.rawValue)) {
                t.fillMode = FillMode(rawValue: name)!
            } else {
                ok = false
            }
            if t.removedOnCompletion, !inGroup, t.fillMode == .forwards || t.fillMode == .both {
                f.warn(
                    "fillMode `\(t.fillMode.rawValue)` holds nothing after the end while `removedOnCompletion` is true (the default); set it to false"
                )
            }
        }
        return ok ? t : nil
    }

    func decodeTimingFunction(_ node: JSONNode) -> TimingFunction? {
        if case .array(let items) = node.value, items.count == 4 {
            let v = items.compactMap { if case .number(let n) = $0 { return n } else { return nil } }
            guard v.count == 4 else {
                node.problem(expected: "control points [x1, y1, x2, y2] (numbers)")
                return nil
            }
            // Core Animation accepts any x; clamping keeps the curve a function of time.
            let x1 = min(max(v[0], 0), 1)
            let x2 = min(max(v[2], 0), 1)
            if x1 != v[0] || x2 != v[2] {
                node.warn(
                    "control point x values \(v[0]) and \(v[2]) are clamped into 0...1 (\(x1) and \(x2)) so the curve stays a function of time"
                )
            }
            return TimingFunction(x1, v[1], x2, v[3])
        }
        let names = TimingFunction.named.keys.sorted()
        guard let name = node.choice(names) else { return nil }
        return TimingFunction.named[name]
    }
}
