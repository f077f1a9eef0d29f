import ReelJSON
import ReelTimeline

/// A value of a Lottie file with its JSON path (`layers[3].ks.p.k[1].s`), so that every
/// problem and every unsupported feature names where it is.
struct LottieNode {
    let value: JSONValue
    let path: String
    let report: LottieReport

    subscript(_ key: String) -> LottieNode? {
        value[key].map { LottieNode(value: $0, path: path.isEmpty ? key : "\(path).\(key)", report: report) }
    }

    /// The elements of an array (none for any other value).
    var items: [LottieNode] {
        guard case .array(let a) = value else { return [] }
        return a.enumerated().map { LottieNode(value: $1, path: "\(path)[\($0)]", report: report) }
    }

    var isArray: Bool {
        if case .array = value { return true }
        return false
    }

    /// A number (a boolean reads as 0 or 1, as players read Lottie's flags).
    var number: Double? {
        switch value {
        case .number(let n): return n.isFinite ? n : nil
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
        case .number(let n): return n.isFinite ? [n] : nil
        case .array(let a):
            var out: [Double] = []
            out.reserveCapacity(a.count)
            for v in a {
                guard case .number(let n) = v, n.isFinite else { return nil }
                out.append(n)
            }
            return out
        default: return nil
        }
    }

    func number(_ key: String) -> Double? { self[key]?.number }
    func string(_ key: String) -> String? { self[key]?.string }

    /// Reports a problem that stops the import.
    func problem(expected: String, found: String? = nil) {
        report.problems.append(TimelineProblem(path: path, expected: expected, found: found ?? value.kindDescription))
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
    private(set) var warnings: [TimelineProblem] = []
    private var warned: Set<String> = []

    func warn(path: String, _ message: String) {
        guard warned.insert(path + "\u{0}" + message).inserted else { return }
        warnings.append(TimelineProblem(path: path, expected: "", found: message))
    }
}
