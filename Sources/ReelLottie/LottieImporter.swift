import Foundation
import ReelJSON
import ReelTimeline

/// Turns a Lottie animation into the Reel timeline it becomes: the composition is the
/// canvas (`w` × `h` at `fr`, from `ip` to `op`, transparent), and every construct maps onto
/// Core Animation layers and Reel's extensions. What cannot be drawn is named in the
/// warnings by its Lottie JSON path.
public enum LottieImporter {
    /// The keys that make a JSON object a Lottie animation.
    public static let recognisingKeys: Set<String> = ["v", "fr", "ip", "op", "w", "h", "layers"]

    /// Whether an object with these top-level keys is read as Lottie: most of Lottie's keys
    /// (one or more may be missing or wrong, and are then reported in Lottie's terms) and not
    /// Reel's `canvas`.
    public static func isLottie(keys: Set<String>) -> Bool {
        !keys.contains("canvas") && keys.intersection(recognisingKeys).count >= 4
    }

    /// What an import gives: the timeline document and the warnings about what it draws
    /// differently from the file.
    public struct Result {
        public let document: JSONValue
        public let warnings: [TimelineProblem]
        /// The timeline's name (the file's, or the dotLottie animation's id).
        public let name: String
        /// The folder relative image paths resolve against.
        public let baseDirectory: String
        /// Each layer's path in `document` and the Lottie path it is made from.
        public let sources: [String: String]

        /// `problem` as the Lottie file names it: at the Lottie path of the layer its timeline
        /// path lies in (the nearest above it), the rest of the timeline path said after what
        /// was found. A problem outside any layer is left as it is.
        public func lottie(_ problem: TimelineProblem) -> TimelineProblem {
            var key = problem.path
            while !key.isEmpty, sources[key] == nil {
                guard let cut = key.lastIndex(where: { $0 == "." || $0 == "[" }) else {
                    key = ""
                    break
                }
                key = String(key[..<cut])
            }
            guard let source = sources[key] else { return problem }
            let rest = problem.path.dropFirst(key.count).drop { $0 == "." }
            let found = rest.isEmpty ? problem.found : "\(problem.found) (at `\(rest)` of the timeline it becomes)"
            return TimelineProblem(path: source, expected: problem.expected, found: found, suggestion: problem.suggestion)
        }
    }

    /// The timeline document of the Lottie animation `json`; `packaged` holds a dotLottie's
    /// images by file name; relative image paths resolve against `baseDirectory`.
    public static func convert(
        _ json: JSONValue, file: String, name: String, baseDirectory: String, packaged: [String: Data] = [:]
    ) throws(TimelineError) -> Result {
        let report = LottieReport()
        let root = LottieNode(value: json, path: "", report: report)
        func fail() -> TimelineError { TimelineError(file: file, problems: report.problems, warnings: report.warnings) }
        func number(_ key: String, _ range: ClosedRange<Double>, _ what: String) -> Double? {
            guard let node = root[key] else {
                report.problems.append(TimelineProblem(path: key, expected: what, found: "nothing"))
                return nil
            }
            guard let v = node.number, range.contains(v) else {
                node.problem(expected: what)
                return nil
            }
            return v
        }
        let fr = number("fr", 0.001...1000, "the composition's frame rate, frames a second in 0.001...1000")
        let w = number("w", 1...16384, "the composition's width in pixels, 1...16384")
        let h = number("h", 1...16384, "the composition's height in pixels, 1...16384")
        let ip = number("ip", -1e7...1e7, "the composition's in point, a frame number")
        let op = number("op", -1e7...1e7, "the composition's out point, a frame number")
        guard let fr, let w, let h, let ip, let op else { throw fail() }
        guard op > ip, (op - ip) / fr <= 86400 else {
            root["op"]!.problem(expected: "an out point after the in point (\(ip)), at most a day later", found: "\(op)")
            throw fail()
        }
        guard w * h <= 16384 * 8192 else {
            root["w"]!.problem(expected: "a canvas of at most \(16384 * 8192) pixels", found: "\(Int(w)) x \(Int(h))")
            throw fail()
        }
        report.expressions = LottieExpressions(document: json, fps: fr, frames: ip...op)
        if let slots = root["slots"], case .object(let members) = slots.value {
            for member in members { if let p = slots[member.key]?["p"] { report.slots[member.key] = p } }
        }
        let version = root.string("v") ?? "5.0.0"
        var context = LottieContext(
            writer: AnimationWriter(fps: fr), report: report,
            colorScale: Self.isBefore419(version) ? 255 : 1, budget: LayerBudget(LayerMapping.maximumLayers))
        if let mb = root["mb"] { context.motionBlur = Self.shutter(mb) }
        let assets = LottieAssets(root, packaged: packaged, baseDirectory: baseDirectory)
        guard let layerList = root["layers"], layerList.isArray else {
            (root["layers"] ?? root).problem(expected: "`layers`, an array")
            throw fail()
        }
        let composition = ReelLayer(id: root.string("nm") ?? name, [("anchorPoint", .nums([0, 0]))])
        if ip != 0 { composition.set("beginTime", .num(-ip / fr)) }
        composition.sublayers = LayerMapping(context: context, assets: assets).layers(layerList)
        guard report.problems.isEmpty else { throw fail() }
        let rate = Self.exactRate(fr)
        let document = JSONValue.obj([
            ("version", .num(1)), ("name", .string(name)),
            (
                "canvas",
                .obj([
                    ("width", .num(w)), ("height", .num(h)), ("fps", .nums([Double(rate.0), Double(rate.1)])),
                    ("duration", .num((op - ip) / fr)), ("background", .string("#00000000"))
                ])
            ),
            ("assets", .obj(assets.files.sorted { $0.key < $1.key }.map { ($0.key, .obj([("path", .string($0.value))])) })),
            ("layers", .array([composition.json]))
        ])
        var sources: [String: String] = [:]
        composition.sources(at: "layers[0]", within: "layers", into: &sources)
        return Result(
            document: document, warnings: report.warnings, name: name, baseDirectory: baseDirectory, sources: sources)
    }

    /// `fr` as an exact fraction of whole numbers (29.97 is 2997/100).
    static func exactRate(_ fr: Double) -> (Int, Int) {
        var denominator = 1
        while denominator < 1_000_000, (fr * Double(denominator)).rounded() != fr * Double(denominator) { denominator *= 10 }
        return (Int((fr * Double(denominator)).rounded()), denominator)
    }

    /// Bodymovin before 4.1.9 wrote shape colours in 0...255.
    static func isBefore419(_ version: String) -> Bool {
        let parts = version.split(separator: ".").map { Int($0) ?? 0 }
        return parts.lexicographicallyPrecedes([4, 1, 9])
    }

    /// The composition's motion blur settings (`sa` shutter angle, `sp` shutter phase, `spf`
    /// samples a frame) within the ranges Reel takes; what is missing keeps Reel's default.
    static func shutter(_ mb: LottieNode) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = []
        if let a = mb.number("sa") { members.append(("shutterAngle", .number(min(max(a, 0), 720)))) }
        if let p = mb.number("sp") { members.append(("shutterPhase", .number(min(max(p, -360), 360)))) }
        if let n = mb.number("spf") { members.append(("samples", .number(min(max(n.rounded(), 1), 64)))) }
        return .object(members)
    }
}
