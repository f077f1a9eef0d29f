import ReelJSON

/// Writes a Lottie property onto a Reel layer: a fixed value as the layer's key, keyframes
/// as a keyframe animation in the layer's own time (one segment per Lottie segment with its
/// cubic timing function, holds as a step) and spatial keyframes as a path animation walked
/// by arc length.
struct AnimationWriter {
    /// Frames a second: keyframe frames become seconds of the layer's time.
    let fps: Double

    /// How far before its keyframe a held value steps, in frames: far enough that a frame
    /// sampled exactly there (through seconds and back) sees the new value.
    static let stepLead = 1e-4

    func write(_ value: Animated, _ key: String, on layer: ReelLayer, _ encode: ([Double]) -> JSONValue) {
        switch value {
        case .fixed(let v):
            layer.set(key, encode(v))
        case .keyed(let keys):
            if keys.allSatisfy({ $0.value == keys[0].value }) {
                layer.set(key, encode(keys[0].value))
                return
            }
            // The animation fills both ways; a key of the layer also starts at its first value
            // (a component such as `position.x` is animation-only).
            if !key.contains(".") { layer.set(key, encode(keys[0].value)) }
            layer.animations.append(animation(key, keys, encode))
        }
    }

    /// A position: a path animation where segments curve in space, else per axis where the
    /// axes ease differently, else one animation.
    func writePosition(_ value: Animated, _ key: String, on layer: ReelLayer, autoOrient: Bool = false) {
        let point: ([Double]) -> JSONValue = { .nums([$0.element(0), $0.element(1)]) }
        guard case .keyed(let keys) = value, !keys.allSatisfy({ $0.value == keys[0].value }) else {
            write(value, key, on: layer, point)
            return
        }
        layer.set(key, point(keys[0].value))
        if keys.contains(where: \.isSpatial) || autoOrient {
            if keys.dropLast().contains(where: \.hold) {
                // A jump inside a curve: samples at every frame.
                let s = Animated.sampled(from: keys.first!.time.rounded(.down), to: keys.last!.time.rounded(.up)) {
                    value.value(at: $0)
                }
                write(s, key, on: layer, point)
                return
            }
            layer.animations.append(pathAnimation(key, keys, autoOrient: autoOrient))
            return
        }
        if keys.allSatisfy({ $0.easeOut.isUniform && $0.easeIn.isUniform }) {
            layer.animations.append(animation(key, keys, point))
            return
        }
        for (d, axis) in ["x", "y"].enumerated() {
            writeComponent(value.component(d), "\(key).\(axis)", on: layer)
        }
    }

    /// A position given as separate x and y (Lottie's split position): the layer's `position`
    /// holds both first values (a component such as `position.x` is no layer key), and each
    /// axis that changes is animated by its own key path.
    func writeSplitPosition(x: Animated, y: Animated, _ key: String, on layer: ReelLayer) {
        layer.set(key, .nums([x.firstValue.element(0), y.firstValue.element(0)]))
        writeComponent(x, "\(key).x", on: layer)
        writeComponent(y, "\(key).y", on: layer)
    }

    /// One axis of a point whose whole value the layer already holds: animated by the
    /// component's key path when it changes, else nothing more to write.
    private func writeComponent(_ value: Animated, _ key: String, on layer: ReelLayer) {
        guard case .keyed(let keys) = value, !keys.allSatisfy({ $0.value == keys[0].value }) else { return }
        layer.animations.append(animation(key, keys) { .num($0.element(0)) })
    }

    /// Shows `layer` only from frame `start` to frame `end` (nil: without that bound), hidden
    /// outside, each step a little before its frame.
    func writeVisible(from start: Double?, to end: Double?, on layer: ReelLayer) {
        let begin = start.map { $0 - Self.stepLead } ?? -1e8
        let finish = end.map { $0 - Self.stepLead } ?? 1e8
        layer.set("hidden", .bool(true))
        guard finish > begin else { return }
        layer.animations.append(
            .obj([
                ("keyPath", .string("hidden")), ("values", .array([.bool(false), .bool(false)])),
                ("beginTime", .num(begin / fps)), ("duration", .num((finish - begin) / fps))
            ]))
    }

    private func timing(_ keys: [LottieKeyframe]) -> [(String, JSONValue)] {
        let t0 = keys.first!.time
        let t1 = keys.last!.time
        return [
            ("beginTime", .num(t0 / fps)), ("duration", .num(max(t1 - t0, 1e-9) / fps)), ("fillMode", .string("both")),
            ("removedOnCompletion", .bool(false))
        ]
    }

    /// Frame `t`'s key time in an animation from frame `t0` to frame `t1`: one division of
    /// frame differences, exactly 0 at the start and exactly 1 at the end (the timeline takes
    /// nothing else), 1 throughout when the two are the same frame.
    static func keyTime(_ t: Double, from t0: Double, to t1: Double) -> Double {
        if t >= t1 { return 1 }
        if t <= t0 { return 0 }
        return min(max((t - t0) / (t1 - t0), 0), 1)
    }

    private func animation(_ key: String, _ keys: [LottieKeyframe], _ encode: ([Double]) -> JSONValue) -> JSONValue {
        let t0 = keys.first!.time
        let t1 = keys.last!.time
        var values: [JSONValue] = []
        var times: [Double] = []
        var functions: [JSONValue] = []
        for (i, k) in keys.enumerated() {
            if i > 0, keys[i - 1].hold {
                // Holds until just before this keyframe, then steps.
                let at = Self.keyTime(max(k.time - Self.stepLead, keys[i - 1].time), from: t0, to: t1)
                values.append(encode(keys[i - 1].value))
                times.append(at)
                functions.append(.string("linear"))
                functions.append(.string("linear"))
                values.append(encode(k.value))
                times.append(at)
            } else {
                if i > 0 { functions.append(.nums(keys[i - 1].ease(0))) }
                values.append(encode(k.value))
                times.append(i == 0 ? 0 : Self.keyTime(k.time, from: t0, to: t1))
            }
        }
        if times.last! < 1 {
            // The last keyframe came by a step just before its frame (after a hold): it holds to the end.
            functions.append(.string("linear"))
            values.append(encode(keys.last!.value))
            times.append(1)
        }
        return .obj(
            [
                ("keyPath", .string(key)), ("values", .array(values)), ("keyTimes", .nums(times)),
                ("timingFunctions", .array(functions))
            ] + timing(keys))
    }

    private func pathAnimation(_ key: String, _ keys: [LottieKeyframe], autoOrient: Bool) -> JSONValue {
        let t0 = keys.first!.time
        let t1 = keys.last!.time
        var elements: [JSONValue] = [.array([.string("move"), .num(keys[0].value.element(0)), .num(keys[0].value.element(1))])]
        var functions: [JSONValue] = []
        for i in 1..<keys.count {
            let a = keys[i - 1]
            let b = keys[i]
            let s = SpatialSegment(
                from: Array(a.value.prefix(2)), to: Array(b.value.prefix(2)), out: a.spatialOut, in: a.spatialIn)
            elements.append(
                .array(
                    [.string("cubic")]
                        + [s.p1.element(0), s.p1.element(1), s.p2.element(0), s.p2.element(1), s.p3.element(0), s.p3.element(1)]
                        .map { .num($0) }))
            functions.append(.nums(a.ease(0)))
        }
        var members: [(String, JSONValue)] = [
            ("keyPath", .string(key)), ("path", .obj([("elements", .array(elements))])),
            ("keyTimes", .nums(keys.indices.map { $0 == 0 ? 0 : Self.keyTime(keys[$0].time, from: t0, to: t1) })),
            ("timingFunctions", .array(functions)),
            ("pathParameter", .string("arcLength"))
        ]
        if autoOrient { members.append(("rotationMode", .string("auto"))) }
        return .obj(members + timing(keys))
    }
}

extension Animated {
    /// Dimension `d` alone, eased as that dimension eases.
    func component(_ d: Int) -> Animated {
        switch self {
        case .fixed(let v): return .fixed([v.element(d)])
        case .keyed(let keys):
            return .keyed(
                keys.map {
                    var k = $0
                    k.value = [k.value.element(d)]
                    let o = k.easeOut.at(d)
                    let i = k.easeIn.at(d)
                    k.easeOut = .init(x: [o.x], y: [o.y])
                    k.easeIn = .init(x: [i.x], y: [i.y])
                    k.spatialOut = nil
                    k.spatialIn = nil
                    return k
                })
        }
    }
}
