import ReelCore
import ReelLayers
import ReelTimeline

/// Decoding of the `animations` of a layer: basic, keyframe (values or path), spring, group.
extension TimelineDecoder {
    static let animationTypes = ["basic", "keyframe", "spring", "group"]

    /// The animations of `layer` (`inGroup`: the children of a group, which play in its time).
    func decodeAnimations(_ node: JSONNode, on layer: AnimatedLayer, inGroup: Bool = false) -> [Animation] {
        node.array()?.compactMap { decodeAnimation($0, on: layer, inGroup: inGroup) } ?? []
    }

    func decodeAnimation(_ node: JSONNode, on layer: AnimatedLayer, inGroup: Bool) -> Animation? {
        guard let m = node.object(allowed: Self.animationKeySet, suggesting: Self.animationKeys) else { return nil }
        let type: String?
        if let t = m["type"] {
            type = t.choice(Self.animationTypes)
        } else {
            type =
                m["animations"] != nil
                ? "group"
                : (m["values"] != nil || m["path"] != nil)
                    ? "keyframe"
                    : ["mass", "stiffness", "damping", "initialVelocity"].contains { m[$0] != nil } ? "spring" : "basic"
        }
        let timing = decodeTiming(m, inGroup: inGroup)
        var function = TimingFunction.linear
        if let f = m["timingFunction"], let v = decodeTimingFunction(f) { function = v }
        let additive = m["additive"]?.bool() ?? false
        let cumulative = m["cumulative"]?.bool() ?? false
        guard let type else { return nil }
        for key in Self.foreignFields[type]! {
            m[key]?.problem(expected: "no `\(key)` in a \(type) animation", found: "one")
        }
        if type == "group" {
            guard let children = m["animations"] else {
                node.problem(expected: "`animations` in a group", found: "none")
                return nil
            }
            let list = decodeAnimations(children, on: layer, inGroup: true)
            guard let timing else { return nil }  // children decoded first: their problems are reported too
            return Animation(
                keyPath: "", kind: .group(list), timing: timing, timingFunction: function,
                isAdditive: additive, isCumulative: cumulative)
        }
        // Decode the values even when the timing has problems, so that every problem is reported.
        guard let property = decodeKeyPath(node, m["keyPath"], on: layer) else { return nil }
        if property.keyPath == "timeRemap" { checkTimeRemap(node, m, type: type, inGroup: inGroup) }
        let kind: Animation.Kind?
        switch type {
        case "keyframe": kind = decodeKeyframes(node, m, property: property.property)
        case "spring": kind = decodeSpring(node, m, property: property.property)
        default: kind = decodeBasic(node, m, property: property.property)
        }
        guard let kind, let timing else { return nil }
        return Animation(
            keyPath: property.keyPath, kind: kind, timing: timing, timingFunction: function,
            isAdditive: additive, isCumulative: cumulative)
    }

    /// An animation of `timeRemap` runs in the superlayer's time, so it cannot be a group's
    /// child (which plays in the layer's), and it needs values of its own: it defines the time
    /// the model value would be read in (extensions.md).
    private func checkTimeRemap(_ node: JSONNode, _ m: JSONMembers, type: String, inGroup: Bool) {
        if inGroup {
            node.problem(
                expected: "a `timeRemap` animation directly in the layer's `animations` (it runs in the superlayer's time)",
                found: "one in a group")
        }
        for key in ["additive", "cumulative"] where m[key]?.bool() == true {
            m[key]?.problem(expected: "no `\(key)` on a `timeRemap` animation (it needs values of its own)")
        }
        guard type == "basic" || type == "spring" else { return }
        if m["fromValue"] == nil || m["toValue"] == nil {
            node.problem(
                expected: "`fromValue` and `toValue` on a `timeRemap` animation (it needs values of its own)",
                found: m["byValue"] != nil ? "`byValue`" : "no value at both ends")
        }
    }

    /// The key path, checked: an animatable property, reached through sublayers and masks that exist.
    private func decodeKeyPath(_ node: JSONNode, _ k: JSONNode?, on layer: AnimatedLayer) -> (
        keyPath: String, property: LayerProperty
    )? {
        guard let k else {
            node.problem(expected: "a `keyPath`", found: "none")
            return nil
        }
        guard let path = k.string() else { return nil }
        guard let target = AnimationTarget(path) else {
            let prefix = path.components(separatedBy: ".").prefix { $0 == "mask" || $0 == "sublayers" }
            k.problem(
                expected: "an animatable key path", found: "`\(path)`",
                suggestion: Suggestion.didYouMean(
                    path, in: LayerProperty.animatableKeyPaths.map { (prefix + [$0]).joined(separator: ".") }))
            return nil
        }
        // Follow the steps through the decoded tree, so a missing sublayer is reported now
        // (the layer itself is not copied when the key path names one of its own keys).
        guard target.steps.isEmpty else {
            var current = layer
            for step in target.steps {
                switch step {
                case .mask:
                    guard let mask = current.mask else {
                        k.problem(expected: "a layer with a `mask` to animate", found: "`\(path)` on a layer without one")
                        return nil
                    }
                    current = mask
                case .sublayer(let id):
                    guard let sub = current.sublayers.first(where: { $0.model.id == id }) else {
                        k.problem(
                            expected: "the id of a sublayer", found: "\"\(id)\"",
                            suggestion: Suggestion.didYouMean(id, in: current.sublayers.map(\.model.id)))
                        return nil
                    }
                    current = sub
                }
            }
            if target.property.keyPath == "timeRemap" {
                // It would set the time of a layer whose presentation is already made.
                k.problem(
                    expected: "`timeRemap` animated on its own layer (it sets the time that layer's presentation runs in)",
                    found: "`\(path)`")
                return nil
            }
            return fits(target, path, k, on: current.model) ? (path, target.property) : nil
        }
        return fits(target, path, k, on: layer.model) ? (path, target.property) : nil
    }

    /// Whether `target` can animate `model` (a key of its class; a transform that splits into
    /// components for `transform.` key paths), reporting at `k` when not.
    private func fits(_ target: AnimationTarget, _ path: String, _ k: JSONNode, on model: Layer) -> Bool {
        let name = target.property.keyPath
        if name.hasPrefix("filters.") {
            let parts = name.split(separator: ".").map(String.init)
            let wanted = parts[2] == "radius" ? "gaussianBlur" : "colorMatrix"
            let kinds = model.filters.map { f -> (String, String) in
                switch f.kind {
                case .gaussianBlur: return (f.name, "gaussianBlur")
                case .colorMatrix: return (f.name, "colorMatrix")
                }
            }
            guard let found = kinds.first(where: { $0.0 == parts[1] }) else {
                k.problem(
                    expected: "the name of one of the target layer's filters", found: "`\(parts[1])`",
                    suggestion: Suggestion.didYouMean(parts[1], in: kinds.map(\.0)))
                return false
            }
            guard found.1 == wanted else {
                k.problem(
                    expected:
                        "`filters.\(parts[1]).\(found.1 == "gaussianBlur" ? "radius" : "matrix")` for a `\(found.1)` filter",
                    found: "`\(path)`")
                return false
            }
        }
        if let owner = target.property.owner, owner != model.layerClass {
            k.problem(
                expected: "a key path of the target layer's class (\(model.layerClass.rawValue))",
                found: "`\(path)`, a \(owner.rawValue) key")
            return false
        }
        for (prefix, matrix) in [("transform.", model.transform), ("sublayerTransform.", model.sublayerTransform)]
        where name.hasPrefix(prefix) && TransformComponents(matrix) == nil {
            k.problem(
                expected: "a layer whose `\(prefix.dropLast())` splits into translation, rotation and scale",
                found: "a transform with shear or general perspective")
            return false
        }
        return true
    }

    private func decodeBasic(_ node: JSONNode, _ m: JSONMembers, property: LayerProperty) -> Animation.Kind? {
        let (from, to, by) = fromToBy(m, property)
        if from == nil, to == nil, by == nil {
            if ["fromValue", "toValue", "byValue"].allSatisfy({ m[$0] == nil }) {
                node.problem(expected: "at least one of `fromValue`, `toValue`, `byValue`", found: "none")
            }
            return nil
        }
        if let from, let to { warnIfStepping([from, to], node) }
        return .basic(from: from, to: to, by: by)
    }

    /// Paths of different element patterns (and colour or number lists of different lengths)
    /// cannot be mixed: the value steps at the end of each such segment, which the author
    /// may not expect.
    private func warnIfStepping(_ values: [PropertyValue], _ node: JSONNode) {
        // A text's string steps as documented; only lists and paths warn.
        for (i, (a, b)) in zip(values, values.dropFirst()).enumerated() where a.differsInShape(from: b) && !a.isText {
            node.warn(
                "values \(i) and \(i + 1) differ in their elements (or counts) and cannot be mixed: the value steps at the end of that segment"
            )
        }
    }

    private func fromToBy(_ m: JSONMembers, _ property: LayerProperty) -> (PropertyValue?, PropertyValue?, PropertyValue?) {
        (
            m["fromValue"].flatMap { decodeValue($0, property) }, m["toValue"].flatMap { decodeValue($0, property) },
            m["byValue"].flatMap { decodeValue($0, property) }
        )
    }

    private func decodeSpring(_ node: JSONNode, _ m: JSONMembers, property: LayerProperty) -> Animation.Kind? {
        var spring = Spring()
        var ok = true
        for (key, range, set) in [
            ("mass", 1e-6...1e6, { (v: Double) in spring.mass = v }), ("stiffness", 1e-6...1e9, { spring.stiffness = $0 }),
            ("damping", 0...1e9, { spring.damping = $0 }), ("initialVelocity", -1e6...1e6, { spring.initialVelocity = $0 })
        ] {
            guard let n = m[key] else { continue }
            if let v = n.number(in: range, rangeText: "\(key) in \(range.lowerBound)...\(range.upperBound)") {
                set(v)
            } else {
                ok = false
            }
        }
        if spring.damping <= 0, m["damping"] != nil {
            m["damping"]!.problem(expected: "a positive damping (an undamped spring never settles)")
            ok = false
        }
        let (from, to, by) = fromToBy(m, property)
        if from == nil, to == nil, by == nil {
            node.problem(expected: "at least one of `fromValue`, `toValue`, `byValue`", found: "none")
            return nil
        }
        return ok ? .spring(spring, from: from, to: to, by: by) : nil
    }

    private func decodeKeyframes(_ node: JSONNode, _ m: JSONMembers, property: LayerProperty) -> Animation.Kind? {
        var mode = Animation.CalculationMode.linear
        if let c = m["calculationMode"], let name = c.choice(Animation.CalculationMode.allCases.map(\.rawValue)) {
            mode = Animation.CalculationMode(rawValue: name)!
        }
        var functions: [TimingFunction] = []
        if let pathNode = m["path"] {
            if m["values"] != nil { m["values"]!.problem(expected: "either `values` or `path`, not both", found: "both") }
            guard property.kind == .point else {
                pathNode.problem(
                    expected: "a point property such as `position` for a `path` animation", found: "`\(property.keyPath)`")
                return nil
            }
            var rotation: Animation.RotationMode?
            if let r = m["rotationMode"], let name = r.choice(Animation.RotationMode.allCases.map(\.rawValue)) {
                rotation = Animation.RotationMode(rawValue: name)
            }
            var parameter = PathMotion.PathParameter.bezier
            if let p = m["pathParameter"], let name = p.choice(PathMotion.PathParameter.allCases.map(\.rawValue)) {
                parameter = PathMotion.PathParameter(rawValue: name)!
            }
            guard let path = PathCoding.decode(pathNode) else { return nil }
            let motion = PathMotion(path: path, mode: mode)
            guard motion.keyframeCount > 0 else {
                pathNode.problem(expected: "a path with at least one line or curve")
                return nil
            }
            let keyTimes = decodeKeyTimes(m["keyTimes"], count: motion.keyframeCount + 1, mode: mode, unit: "path element")
            if let f = m["timingFunctions"], let fs = f.array() {
                functions = fs.compactMap(decodeTimingFunction)
                if fs.count != motion.keyframeCount {
                    f.problem(expected: "\(motion.keyframeCount) timing functions (one per path element)", found: "\(fs.count)")
                }
            }
            return .path(
                PathMotion(path: path, keyTimes: keyTimes, timingFunctions: functions, mode: mode, parameter: parameter),
                rotation: rotation)
        }
        if let r = m["rotationMode"] { r.problem(expected: "`rotationMode` only with a `path`", found: "one") }
        if let p = m["pathParameter"] { p.problem(expected: "`pathParameter` only with a `path`", found: "one") }
        guard let valuesNode = m["values"] else {
            node.problem(expected: "`values` or `path` in a keyframe animation", found: "none")
            return nil
        }
        guard let items = valuesNode.array() else { return nil }
        if items.isEmpty { valuesNode.problem(expected: "at least one value") }
        let values = items.compactMap { decodeValue($0, property) }
        if mode != .discrete { warnIfStepping(values, valuesNode) }
        if mode == .cubic || mode == .cubicPaced,
            property.kind.isDiscrete
                || [.transform, .path, .shapePath, .colors, .numbers, .text, .optionalTime].contains(property.kind)
        {
            m["calculationMode"]?.problem(
                expected: "`linear`, `discrete` or `paced` for `\(property.keyPath)`", found: "`\(mode.rawValue)`")
            // Not built: a spline through values of different shapes has no meaning (it trapped).
            return nil
        }
        let keyTimes = decodeKeyTimes(
            m["keyTimes"], count: mode == .discrete ? items.count + 1 : items.count, mode: mode, unit: "value")
        if let f = m["timingFunctions"], let fs = f.array() {
            functions = fs.compactMap(decodeTimingFunction)
            if fs.count != max(0, items.count - 1) {
                f.problem(expected: "\(max(0, items.count - 1)) timing functions (one per segment)", found: "\(fs.count)")
            }
        }
        var spline: [[Double]] = []
        for key in ["tensionValues", "continuityValues", "biasValues"] {
            var list: [Double] = []
            if let n = m[key], let entries = n.array() {
                list = entries.compactMap { $0.number(in: -1...1, rangeText: "a number in -1...1") }
                if entries.count != items.count {
                    n.problem(expected: "\(items.count) values (one per keyframe)", found: "\(entries.count)")
                }
            }
            spline.append(list)
        }
        guard values.count == items.count, !values.isEmpty else { return nil }
        return .keyframe(
            Keyframes(
                values: values, keyTimes: keyTimes, timingFunctions: functions, mode: mode,
                tension: spline[0], continuity: spline[1], bias: spline[2]))
    }

    /// `keyTimes`: `count` fractions in ascending order (from 0 to 1 for the interpolating modes).
    private func decodeKeyTimes(_ node: JSONNode?, count: Int, mode: Animation.CalculationMode, unit: String) -> [Double] {
        guard let k = node, let ts = k.array() else { return [] }
        if mode == .paced || mode == .cubicPaced { k.warn("`keyTimes` are ignored in \(mode.rawValue) mode") }
        let keyTimes = ts.compactMap { $0.number(in: 0...1, rangeText: "a key time in 0...1") }
        guard ts.count == count else {
            k.problem(
                expected:
                    "\(count) key times (\(mode == .discrete ? "one more than the \(unit)s" : "one per \(unit)")\(unit == "path element" ? " plus the start" : ""))",
                found: "\(ts.count)")
            return []
        }
        guard keyTimes.count == ts.count else { return [] }
        if let i = (1..<max(1, keyTimes.count)).first(where: { keyTimes[$0] < keyTimes[$0 - 1] }) {
            k.element(i, ts[i].value).problem(expected: "key times in ascending order (at least \(keyTimes[i - 1]))")
            return []
        }
        if mode != .discrete, keyTimes.first != 0 || keyTimes.last != 1 {
            k.problem(expected: "key times from 0 to 1", found: "\(keyTimes.first!) to \(keyTimes.last!)")
            return []
        }
        return keyTimes
    }
}
