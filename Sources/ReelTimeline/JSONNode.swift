/// A JSON value with its path in the document, and the problem list it reports into, so
/// that decoding goes on after a mistake and reports every problem at once.
struct JSONNode {
    let value: JSONValue
    let path: String
    let report: ProblemReport

    func child(_ key: String, _ value: JSONValue) -> JSONNode {
        JSONNode(value: value, path: path.isEmpty ? key : "\(path).\(key)", report: report)
    }

    func element(_ i: Int, _ value: JSONValue) -> JSONNode {
        JSONNode(value: value, path: "\(path)[\(i)]", report: report)
    }

    /// Something legal that probably does not do what the author meant.
    func warn(_ message: String) {
        report.warn(TimelineProblem(path: path, expected: "", found: message))
    }

    func problem(expected: String, found: String? = nil, suggestion: String? = nil) {
        report.add(TimelineProblem(path: path, expected: expected, found: found ?? value.kindDescription, suggestion: suggestion))
    }

    /// The members of an object, reporting keys outside `allowed` (with a suggestion).
    func object(allowed: [String]) -> [String: JSONNode]? {
        guard case .object(let members) = value else {
            problem(expected: "an object")
            return nil
        }
        var result: [String: JSONNode] = [:]
        for (key, v) in members {
            let node = child(key, v)
            if allowed.contains(key) {
                result[key] = node
            } else {
                node.problem(
                    expected: "one of the known keys", found: "unknown key `\(key)`",
                    suggestion: Suggestion.didYouMean(key, in: allowed))
            }
        }
        return result
    }

    func array() -> [JSONNode]? {
        guard case .array(let items) = value else {
            problem(expected: "an array")
            return nil
        }
        return items.enumerated().map { element($0.offset, $0.element) }
    }

    func number(in range: ClosedRange<Double>? = nil, rangeText: String? = nil) -> Double? {
        guard case .number(let v) = value else {
            problem(expected: rangeText ?? "a number")
            return nil
        }
        if let range, !range.contains(v) {
            problem(expected: rangeText ?? "a number in \(range.lowerBound)...\(range.upperBound)")
            return nil
        }
        return v
    }

    func string() -> String? {
        guard case .string(let s) = value else {
            problem(expected: "a string")
            return nil
        }
        return s
    }

    func bool() -> Bool? {
        guard case .bool(let b) = value else {
            problem(expected: "true or false")
            return nil
        }
        return b
    }

    /// One of a fixed set of names.
    func choice(_ names: [String]) -> String? {
        guard case .string(let s) = value, names.contains(s) else {
            let list = names.map { "`\($0)`" }.joined(separator: ", ")
            if case .string(let s) = value {
                problem(expected: "one of \(list)", suggestion: Suggestion.didYouMean(s, in: names))
            } else {
                problem(expected: "one of \(list)")
            }
            return nil
        }
        return s
    }
}

/// The problems found while decoding one document.
final class ProblemReport {
    private(set) var problems: [TimelineProblem] = []
    private(set) var warnings: [TimelineProblem] = []

    func add(_ p: TimelineProblem) { problems.append(p) }
    func warn(_ p: TimelineProblem) { warnings.append(p) }
}
