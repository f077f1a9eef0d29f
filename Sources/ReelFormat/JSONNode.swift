import ReelJSON
import ReelTimeline

/// A JSON value with its path in the document, and the problem list it reports into, so
/// that decoding goes on after a mistake and reports every problem at once. The path is put
/// into words only when a problem is reported: a node holds its own key or index and a link
/// to its container's place, made once per container, so a large document's millions of
/// values cost no text.
struct JSONNode {
    let value: JSONValue
    let report: ProblemReport
    private let place: JSONPlace
    private let within: JSONPlace.Link?

    /// The document's root.
    init(root value: JSONValue, report: ProblemReport) {
        (self.value, self.report, place, within) = (value, report, .root, nil)
    }

    private init(value: JSONValue, report: ProblemReport, place: JSONPlace, within: JSONPlace.Link?) {
        (self.value, self.report, self.place, self.within) = (value, report, place, within)
    }

    /// The node's path, as problems name it: `layers[2].animations[0].keyPath`.
    var path: String { place.text(within: within) }

    /// A link to this node's place, for its members or elements.
    private var link: JSONPlace.Link { JSONPlace.Link(place: place, within: within) }

    func child(_ key: String, _ value: JSONValue) -> JSONNode {
        JSONNode(value: value, report: report, place: .key(key), within: link)
    }

    func element(_ i: Int, _ value: JSONValue) -> JSONNode {
        JSONNode(value: value, report: report, place: .index(i), within: link)
    }

    /// The same place reporting into `other`.
    func reporting(into other: ProblemReport) -> JSONNode {
        JSONNode(value: value, report: other, place: place, within: within)
    }

    /// Something legal that probably does not do what the author meant.
    func warn(_ message: String) {
        report.warn(TimelineProblem(path: path, expected: "", found: message))
    }

    func problem(expected: String, found: String? = nil, suggestion: String? = nil) {
        report.add(TimelineProblem(path: path, expected: expected, found: found ?? value.kindDescription, suggestion: suggestion))
    }

    /// The members of an object, reporting keys outside `allowed` (with a suggestion).
    func object(allowed: [String]) -> JSONMembers? {
        object(allowed: Set(allowed), suggesting: allowed)
    }

    /// The members of an object, reporting keys outside `allowed` (with a suggestion from
    /// `suggesting`, in its order).
    func object(allowed: Set<String>, suggesting names: [String]) -> JSONMembers? {
        guard case .object(let members) = value else {
            problem(expected: "an object")
            return nil
        }
        var result = JSONMembers()
        result.members.reserveCapacity(members.count)
        let container = link
        for (key, v) in members {
            let node = JSONNode(value: v, report: report, place: .key(key), within: container)
            if allowed.contains(key) {
                result.members.append((key, node))
            } else {
                node.problem(
                    expected: "one of the known keys", found: "unknown key `\(key)`",
                    suggestion: Suggestion.didYouMean(key, in: names))
            }
        }
        return result
    }

    func array() -> [JSONNode]? {
        guard case .array(let items) = value else {
            problem(expected: "an array")
            return nil
        }
        let container = link
        return items.enumerated().map {
            JSONNode(value: $0.element, report: report, place: .index($0.offset), within: container)
        }
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

/// The known members of an object, by key. Found by a scan, not a hash: objects in a
/// timeline hold a few keys each, and there are millions of them in a large one.
struct JSONMembers {
    fileprivate(set) var members: [(key: String, node: JSONNode)] = []

    /// A layer's keys in name order with `frame` last: it is derived from anchorPoint,
    /// position and bounds, so it is applied after them.
    var inLayerOrder: [(key: String, node: JSONNode)] {
        members.sorted { ($0.key == "frame" ? 1 : 0, $0.key) < ($1.key == "frame" ? 1 : 0, $1.key) }
    }

    /// Lengths are compared first: they are at hand, and most keys differ in length.
    subscript(key: String) -> JSONNode? {
        let length = key.utf8.count
        return members.first { $0.key.utf8.count == length && $0.key == key }?.node
    }
}

/// Where a value sits in its container: the root, a member's key or an element's index.
enum JSONPlace {
    case root
    case key(String)
    case index(Int)

    /// A container's place, shared by its members.
    final class Link {
        let place: JSONPlace
        let within: Link?

        init(place: JSONPlace, within: Link?) { (self.place, self.within) = (place, within) }
    }

    /// The path to this place inside the container at `within`.
    func text(within: Link?) -> String {
        var parts: [JSONPlace] = [self]
        var link = within
        while let l = link {
            parts.append(l.place)
            link = l.within
        }
        return parts.reversed().reduce(into: "") { path, place in
            switch place {
            case .root: break
            case .key(let k): path += path.isEmpty ? k : ".\(k)"
            case .index(let i): path += "[\(i)]"
            }
        }
    }
}

extension JSONMembers {
    /// The object's `name`: a string, not empty, without a dot (animations reach the item by
    /// `LIST.NAME.KEY`), not in `names` yet (it is added); reported at `item` or the name
    /// otherwise. `list` names the list for messages ("the layer's filters").
    func uniqueName(of item: JSONNode, in names: inout Set<String>, list: String) -> String? {
        guard let nameNode = self["name"] else {
            item.problem(expected: "a `name` (unique in \(list))", found: "none")
            return nil
        }
        guard let name = nameNode.string() else { return nil }
        guard !name.isEmpty, !name.contains("."), names.insert(name).inserted else {
            nameNode.problem(
                expected: "a name unique in \(list), not empty, without a dot",
                found: name.isEmpty ? "an empty name" : name.contains(".") ? "`\(name)`" : "`\(name)` a second time")
            return nil
        }
        return name
    }
}
