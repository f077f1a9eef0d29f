import ReelJSON

#if canImport(Glibc)
    import Glibc
#endif

/// Runs a file's expressions (`x`) in one JavaScript engine with After Effects' globals
/// (`ExpressionLibrary`): each at every whole frame of its layer's time, the result becoming
/// the property's value there. One that fails keeps its keyframes and is named with its path
/// and the engine's message; each call has a time limit, the engine a memory limit, and the
/// import a total time for all of them.
final class LottieExpressions {
    /// The time one evaluation may take, in seconds (a thousand times what a rig's takes).
    static let callSeconds = 0.1
    /// The time all expressions of one import may take, in seconds: a file whose expressions
    /// need more draws the rest with their keyframes rather than keep its user waiting.
    static let importSeconds = 8.0
    /// The most memory the engine's heap may hold.
    static let memoryLimit = 96 << 20

    private let document: JSONValue
    private let fps: Double
    /// The composition's frames: root layers are run only inside them.
    private let frames: ClosedRange<Double>
    /// Nodes the host reads are read with their own report: what they lack is not the file's problem.
    private let scratch = LottieReport()
    private var engine: JavaScriptEngine?
    private var startFailure: String?
    private var started = false
    private var spent = 0.0
    private var count = 0
    private var values: [String: Animated?] = [:]

    init(document: JSONValue, fps: Double, frames: ClosedRange<Double>) {
        (self.document, self.fps, self.frames) = (document, fps, frames)
    }

    /// The value of the property at `node` whose keyframed value is `keyed`, with its
    /// expression run; `keyed` itself when there is none or it fails (then reported).
    func evaluate(_ node: LottieNode, keyed: Animated) -> Animated {
        guard let expression = node["x"], let source = expression.string else { return keyed }
        let path = node.path
        guard let cut = path.range(of: "layers[", options: .backwards), let close = path[cut.upperBound...].firstIndex(of: "]")
        else {
            expression.unsupported("an expression outside a layer is not run; its keyframed values are used")
            return keyed
        }
        let layerPath = String(path[..<path.index(after: close)])
        guard let layer = LottieNode(value: document, path: "", report: scratch).descendant(layerPath) else { return keyed }
        var from = (layer.number("ip") ?? frames.lowerBound).rounded(.down)
        var to = (layer.number("op") ?? frames.upperBound).rounded(.up)
        if !layerPath.hasPrefix("assets") {
            from = max(from, frames.lowerBound.rounded(.down))
            to = min(to, frames.upperBound.rounded(.up))
        }
        to = min(to, from + Double(Animated.maximumSamples))
        guard to >= from else { return keyed }
        guard let engine = start() else {
            expression.unsupported("the expression is not run (\(startFailure ?? "no engine")); its keyframed values are used")
            return keyed
        }
        let id = count
        count += 1
        let define = "__define(\(id), \(JSONValue.quote(source)), \(JSONValue.quote(layerPath)), \(JSONValue.quote(path)))"
        if let message = engine.run(define, seconds: Self.callSeconds) {
            expression.unsupported("the expression does not compile (\(message)); its keyframed values are used")
            return keyed
        }
        var samples: [[Double]] = []
        samples.reserveCapacity(Int(to - from) + 1)
        var frame = from
        while frame <= to {
            guard spent < Self.importSeconds else {
                expression.unsupported(
                    "the file's expressions ran past \(Int(Self.importSeconds)) s in all; this one keeps its keyframed values")
                return keyed
            }
            let before = Self.now()
            let value = keyed.value(at: frame)
            let outcome = engine.call("__evaluate", id: id, frame: frame, value: value, seconds: Self.callSeconds)
            spent += Self.now() - before
            switch outcome {
            case .failed(let message):
                expression.unsupported(
                    "the expression fails at frame \(Self.frameText(frame)): \(message); its keyframed values are used")
                return keyed
            case .numbers(let result):
                guard let fitted = Self.fit(result, to: value) else {
                    let found =
                        result.contains { !$0.isFinite || abs($0) > LottieNode.limit }
                        ? "a number that is not finite (or past ±\(Int(LottieNode.limit)))"
                        : "\(result.count) number(s) where the property has \(value.count)"
                    expression.unsupported(
                        "the expression gives \(found) at frame \(Self.frameText(frame)); its keyframed values are used")
                    return keyed
                }
                samples.append(fitted)
            }
            frame += 1
        }
        return Animated.sampled(from: from, to: from + Double(samples.count - 1)) { samples[Int($0 - from)] }
    }

    /// A result made to the property's dimensions: a shorter one keeps the value's remaining
    /// numbers (a 2D result for a 3D position keeps z), a longer one is cut; nil when it has
    /// no number, or is not finite.
    static func fit(_ result: [Double], to value: [Double]) -> [Double]? {
        guard !result.isEmpty, result.allSatisfy({ $0.isFinite && abs($0) <= LottieNode.limit }) else { return nil }
        guard result.count > 1 || value.count <= 1 else { return nil }
        if result.count >= value.count { return Array(result.prefix(max(value.count, 1))) }
        return result + value[result.count...]
    }

    private static func frameText(_ f: Double) -> String { f == f.rounded() ? "\(Int(f))" : "\(f)" }

    private static func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) * 1e-9
    }

    /// The engine, started on first use with the library and the file's outline.
    private func start() -> JavaScriptEngine? {
        if started { return engine }
        started = true
        guard
            let made = JavaScriptEngine(
                memoryLimit: Self.memoryLimit, host: { [unowned self] in self.answer($0, $1, $2) })
        else {
            startFailure = "the JavaScript engine did not start"
            return nil
        }
        if let message = made.run(ExpressionLibrary.source, seconds: 5) {
            startFailure = "the expression library failed: \(message)"
            return nil
        }
        let outline = Self.outline(document).serialized
        if let message = made.run("__doc = \(outline); __fps = \(fps);", seconds: 5) {
            startFailure = "the file's outline did not load: \(message)"
            return nil
        }
        engine = made
        return engine
    }

    /// The host's answers to the library (see `ExpressionLibrary`).
    private func answer(_ operation: Int, _ path: String, _ argument: Double) -> [Double]? {
        switch operation {
        case 0: return property(path)?.value(at: argument)
        case 1:
            guard let p = property(path) else { return nil }
            if case .keyed(let keys) = p { return [Double(keys.count)] }
            return [0]
        case 2:
            guard case .keyed(let keys) = property(path), argument >= 0, argument < Double(keys.count) else { return nil }
            let key = keys[Int(argument)]
            return [key.time] + key.value
        case 3:
            let c = path.split(separator: ",").compactMap { Double($0) }
            guard c.count == 4 else { return nil }
            return [CubicEase(c).value(argument)]
        case 4: return [SmoothNoise(seed: path.hashValueStable).value(argument)]
        default: return nil
        }
    }

    /// The keyframed value of the property at a JSON path (expressions are not run there).
    private func property(_ path: String) -> Animated? {
        if let known = values[path] { return known }
        let node = LottieNode(value: document, path: "", report: scratch).descendant(path)
        let read = node.flatMap { LottieProperty.read($0, runningExpressions: false) }
        values[path] = read
        return read
    }

    /// The document as the library sees it: every key but the keyframes, shapes' vertices and
    /// long strings (image data), which it asks the host for.
    static func outline(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(let members):
            let isProperty = members.contains { $0.key == "k" } && members.contains { $0.key == "a" || $0.key == "x" }
            return .object(
                members.compactMap { member in
                    if member.key == "chars" { return nil }
                    if isProperty && (member.key == "k" || member.key == "x") { return (member.key, .null) }
                    return (member.key, outline(member.value))
                })
        case .array(let items): return .array(items.map(outline))
        case .string(let s): return s.utf8.count > 256 ? .string("") : value
        default: return value
        }
    }
}

/// Smooth 1D gradient noise in -1...1 (the `wiggle` and `noise` of expressions): the same
/// seed and position give the same value on every run and machine.
struct SmoothNoise {
    let seed: UInt64

    func value(_ x: Double) -> Double {
        guard x.isFinite else { return 0 }
        let i = x.rounded(.down)
        let f = x - i
        let g0 = gradient(Int64(clamping: Int(max(min(i, 1e15), -1e15))))
        let g1 = gradient(Int64(clamping: Int(max(min(i, 1e15), -1e15))) &+ 1)
        let fade = f * f * f * (f * (f * 6 - 15) + 10)
        // Each lattice point's gradient times the distance to it, blended: 0 at the lattice points.
        return min(max((g0 * f + (g1 * (f - 1) - g0 * f) * fade) * 2, -1), 1)
    }

    private func gradient(_ i: Int64) -> Double {
        var h = UInt64(bitPattern: i) &* 0x9E37_79B9_7F4A_7C15 ^ seed
        h ^= h >> 31
        h = h &* 0xBF58_476D_1CE4_E5B9
        h ^= h >> 29
        return Double(h >> 11) / Double(1 << 53) * 2 - 1
    }
}

extension String {
    /// A hash that is the same on every run (Swift's own is seeded per process).
    var hashValueStable: UInt64 {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        for b in utf8 {
            h ^= UInt64(b)
            h = h &* 0x100_0000_01B3
        }
        return h
    }
}
