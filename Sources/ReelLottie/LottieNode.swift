import ReelJSON
import ReelTimeline

/// A value of a Lottie file with its JSON path (`layers[3].ks.p.k[1].s`), so that every
/// problem and every unsupported feature names where it is.
struct LottieNode {
    let value: JSONValue
    let report: LottieReport
    /// Where the value is, put into words only when a problem or warning names it.
    private let place: Place

    indirect enum Place {
        case root(String)
        case key(Place, String)
        case index(Place, Int)

        var text: String {
            switch self {
            case .root(let path): return path
            case .key(let parent, let key):
                let p = parent.text
                return p.isEmpty ? key : "\(p).\(key)"
            case .index(let parent, let i): return "\(parent.text)[\(i)]"
            }
        }
    }

    init(value: JSONValue, path: String, report: LottieReport) {
        (self.value, self.place, self.report) = (value, .root(path), report)
    }

    private init(value: JSONValue, place: Place, report: LottieReport) {
        (self.value, self.place, self.report) = (value, place, report)
    }

    /// The value's JSON path: `layers[3].ks.p.k[1].s`.
    var path: String { place.text }

    subscript(_ key: String) -> LottieNode? {
        value[key].map { LottieNode(value: $0, place: .key(place, key), report: report) }
    }

    /// The value at `path` below this one (`layers[3].ks.p`), nil when there is none.
    func descendant(_ path: String) -> LottieNode? {
        var node: LottieNode? = self
        var key = ""
        var index: Int?
        func step() {
            if !key.isEmpty { node = node?[key] }
            if let i = index { node = node.flatMap { $0.items.indices.contains(i) ? $0.items[i] : nil } }
            (key, index) = ("", nil)
        }
        for c in path {
            switch c {
            case ".": step()
            case "[":
                if !key.isEmpty { node = node?[key] }
                key = ""
                index = 0
            case "]": step()
            default:
                if let i = index, let d = c.wholeNumberValue { index = i * 10 + d } else { key.append(c) }
            }
        }
        step()
        return node
    }

    /// The elements of an array (none for any other value).
    var items: [LottieNode] {
        guard case .array(let a) = value else { return [] }
        return a.enumerated().map { LottieNode(value: $1, place: .index(place, $0), report: report) }
    }

    /// How many elements an array has (0 for any other value), without reading them.
    var count: Int {
        if case .array(let a) = value { return a.count }
        return 0
    }

    /// The first element of an array.
    var first: LottieNode? {
        guard case .array(let a) = value, let v = a.first else { return nil }
        return LottieNode(value: v, place: .index(place, 0), report: report)
    }

    var isArray: Bool {
        if case .array = value { return true }
        return false
    }

    /// The largest magnitude a Lottie number may have: far past any frame, size or count a
    /// file needs, small enough that no sum or count made of it overflows or stops moving.
    static let limit = 1e9

    /// A number (a boolean reads as 0 or 1, as players read Lottie's flags); nil past ±`limit`.
    var number: Double? {
        switch value {
        case .number(let n): return abs(n) <= Self.limit ? n : nil
        case .bool(let b): return b ? 1 : 0
        default: return nil
        }
    }

    var string: String? {
        if case .string(let s) = value { return s }
        return nil
    }

    /// A number or an array of numbers, as a vector.
    var numbers: [Double]? {
        switch value {
        case .number(let n): return abs(n) <= Self.limit ? [n] : nil
        case .array(let a):
            var out: [Double] = []
            out.reserveCapacity(a.count)
            for v in a {
                guard case .number(let n) = v, abs(n) <= Self.limit else { return nil }
                out.append(n)
            }
            return out
        default: return nil
        }
    }

    func number(_ key: String) -> Double? { self[key]?.number }
    func string(_ key: String) -> String? { self[key]?.string }

    /// Reports a problem that stops the import (once, however many mappings read the value).
    func problem(expected: String, found: String? = nil) {
        let problem = TimelineProblem(path: path, expected: expected, found: found ?? value.kindDescription)
        guard !report.problems.contains(where: { $0.path == problem.path && $0.expected == problem.expected }) else { return }
        report.problems.append(problem)
    }

    /// Reports something Reel draws differently or not at all.
    func unsupported(_ message: String) {
        report.warn(path: path, message)
    }
}

/// What an import found: problems that stop it, and warnings that name what is not drawn as
/// the file says (each once per path).
final class LottieReport {
    var problems: [TimelineProblem] = []
    /// The import's expression engine, which the properties read run their expressions in.
    var expressions: LottieExpressions?
    /// The file's slots (`slots`): each id's property (`slots.ID.p`), which a property naming it with `sid` takes.
    var slots: [String: LottieNode] = [:]
    private(set) var warnings: [TimelineProblem] = []
    private var warned: Set<String> = []

    func warn(path: String, _ message: String) {
        guard warned.insert(path + "\u{0}" + message).inserted else { return }
        warnings.append(TimelineProblem(path: path, expected: "", found: message))
    }
}
