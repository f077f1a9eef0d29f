import Foundation
import ReelCore
import ReelJSON
import ReelLayers
import ReelTimeline

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
    var groupOpacityDefault = true
    /// Asset names `contents` and `font` may refer to.
    var assetNames: Set<String> = []
    /// Decoded asset paths by name, to tell fonts from images.
    var assetPaths: [String: String] = [:]
    /// Font collection faces by asset name.
    var fontIndices: [String: Int] = [:]
    var clipMatrices: [String: VideoColorspace] = [:]
    /// Asset names some `contents` value refers to: only these are loaded.
    private var usedAssetNames: Set<String> = []
    /// The assets the `audio` sounds name.
    var audioAssetNames: Set<String> = []
    /// Each `duck.under` name, to be checked once the layers (whose player ids it may name) are known.
    var duckNames: [(node: JSONNode, name: String, own: String?)] = []

    /// What the canvas takes where the file leaves it out (a clip's, with `--video`).
    let canvasDefaults: Canvas.Defaults?

    /// How scenes' timeline and clip sources are opened.
    let sceneSources: SceneSources
    /// Files scenes bring (their timelines' assets, their clips), by asset name.
    var sceneAssets: [String: String] = [:]

    init(baseDirectory: String, canvasDefaults: Canvas.Defaults? = nil, sceneSources: SceneSources = .reelFilesOnly) {
        self.baseDirectory = baseDirectory
        self.canvasDefaults = canvasDefaults
        self.sceneSources = sceneSources
    }

    static let rootKeys = ["$schema", "version", "name", "variables", "canvas", "assets", "audio", "layers", "scenes"]
    static let audioKeys = ["id", "asset", "start", "volume", "fadeIn", "fadeOut", "trimStart", "duration", "duck"]
    static let duckKeys = ["under", "level", "attack", "release"]
    static let canvasKeys = ["width", "height", "fps", "duration", "background", "scale", "allowsGroupOpacity", "motionBlur"]
    static let assetKeys = ["path", "index", "colorspace"]
    static let layerStructureKeys = ["id", "class", "sublayers", "animations", "mask", "motionBlur"] + layerTimingKeys
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
        // With scenes, the canvas's duration may be left out: the scenes' length.
        let hasScenes = members["scenes"] != nil
        let lengthFromScenes = hasScenes && (members["canvas"].map { $0.value["duration"] == nil } ?? false)
        if let c = members["canvas"] {
            canvas = decodeCanvas(c, durationIfMissing: hasScenes ? 1 : nil)
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
        } else if !hasScenes {
            root.problem(expected: "a `layers` array", found: "none")
        }
        var scenes: [Scene] = []
        if let s = members["scenes"], let c = canvas {
            scenes = decodeScenes(s, canvas: c) ?? []
            if lengthFromScenes, !scenes.isEmpty { canvas?.duration = Timeline.length(of: scenes) }
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
        for problem in Timeline.limitProblems(of: layers) + Timeline.limitProblems(of: scenes) { report.add(problem) }
        guard let canvas, report.problems.isEmpty else {
            var declared = assetPaths
            for name in audioAssetNames { declared[name] = nil }
            return Result(
                timeline: nil, problems: report.problems, warnings: report.warnings,
                assetFiles: AssetFiles(paths: declared, audio: audio, root: baseDirectory))
        }
        assets.merge(sceneAssets) { mine, _ in mine }
        var timeline = Timeline(name: name, canvas: canvas, assets: assets, layers: layers, assetsRoot: baseDirectory)
        timeline.scenes = scenes
        timeline.fontIndices = fontIndices.filter { assets[$0.key] != nil }
        timeline.clipMatrices = clipMatrices.filter { assets[$0.key] != nil }
        timeline.audio = audio
        timeline.warnings = report.warnings
        return Result(timeline: timeline, problems: [], warnings: report.warnings)
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

    func decodeLayers(_ node: JSONNode, inParallel: Bool = false) -> [AnimatedLayer] {
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
        if let b = m["motionBlur"], let blur = MotionBlurCoding.decode(b) { animated.motionBlur = blur }
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

}
