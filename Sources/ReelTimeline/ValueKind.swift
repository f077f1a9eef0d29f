import ReelCore

/// The type of a layer property's value, as the file writes it and as animations
/// interpolate it: every value is a short vector of numbers, interpolated per component.
public enum ValueKind: Hashable, Sendable {
    /// A number.
    case scalar
    /// A number of radians; the file may also write `"45deg"`.
    case angle
    /// `[x, y]` or `{"x", "y"}`.
    case point
    /// `[width, height]` or `{"width", "height"}`.
    case size
    /// `[x, y, width, height]` or `{"x", "y", "width", "height"}`.
    case rect
    /// `"#RRGGBB"`, `"#RRGGBBAA"` or `[red, green, blue, alpha?]` in 0...1.
    case color
    /// `true` / `false`; steps instead of interpolating.
    case bool
    /// 16 numbers (CATransform3D m11...m44) or components
    /// `{"translation": [x, y, z?], "rotation": {"x", "y", "z"} or z, "scale": s or [sx, sy, sz?], "m34": p}`.
    case transform
    /// A path: `{"rect": [x, y, w, h]}`, `{"roundedRect": [x, y, w, h], "cornerRadius": r}`,
    /// `{"ellipse": [x, y, w, h]}` or `{"elements": [["move", x, y], ["line", x, y],
    /// ["quad", cx, cy, x, y], ["cubic", c1x, c1y, c2x, c2y, x, y], ["close"]]}`. Paths with the same
    /// elements interpolate point by point; others step.
    case path
    /// A name (an asset of the timeline, or null for none); steps. It travels as its UTF-8 code units.
    case name
    /// One of a fixed set of names; steps. It travels as its index.
    case choice([String])

    /// How the file writes it, for error messages.
    public var expectation: String {
        switch self {
        case .scalar: return "a number"
        case .angle: return "an angle: radians, or a string like \"45deg\""
        case .point: return "a point [x, y]"
        case .size: return "a size [width, height]"
        case .rect: return "a rect [x, y, width, height]"
        case .color: return "a colour \"#RRGGBB\", \"#RRGGBBAA\" or [red, green, blue, alpha] in 0...1"
        case .bool: return "true or false"
        case .transform: return "a transform: 16 numbers or {\"translation\", \"rotation\", \"scale\", \"m34\"}"
        case .path: return "a path: {\"rect\"}, {\"roundedRect\", \"cornerRadius\"}, {\"ellipse\"} or {\"elements\"}"
        case .name: return "an asset name or null"
        case .choice(let names): return "one of " + names.map { "`\($0)`" }.joined(separator: ", ")
        }
    }

    /// Whether animations step between values instead of interpolating.
    public var isDiscrete: Bool {
        switch self {
        case .bool, .name, .choice: return true
        default: return false
        }
    }

    /// The largest magnitude a number in a value may have: far beyond any canvas, small enough
    /// that pixel and time arithmetic never overflows.
    static let limit = 1e7

    /// Decodes a value written in the file, reporting a problem and returning nil when it does not fit.
    func decode(_ node: JSONNode) -> [Double]? {
        guard let v = decodeForm(node) else { return nil }
        guard v.allSatisfy({ abs($0) <= ValueKind.limit }) || self == .name else {
            node.problem(expected: "numbers within ±\(Int(ValueKind.limit))")
            return nil
        }
        return v
    }

    /// Decodes the value's form, without the range check.
    private func decodeForm(_ node: JSONNode) -> [Double]? {
        switch self {
        case .scalar:
            if case .number(let v) = node.value { return [v] }
        case .angle:
            if case .number(let v) = node.value { return [v] }
            if case .string(let s) = node.value, s.hasSuffix("deg"), let d = Double(s.dropLast(3).trimmingCharacters(in: .whitespaces)) {
                return [d * .pi / 180]
            }
        case .bool:
            if case .bool(let b) = node.value { return [b ? 1 : 0] }
        case .point: return numbers(node, count: 2, names: ["x", "y"])
        case .size: return numbers(node, count: 2, names: ["width", "height"])
        case .rect: return numbers(node, count: 4, names: ["x", "y", "width", "height"])
        case .color:
            if case .string(let s) = node.value, let c = Color(hex: s) { return [c.red, c.green, c.blue, c.alpha] }
            if case .array(let items) = node.value, items.count == 3 || items.count == 4 {
                let v = items.compactMap { if case .number(let n) = $0, (0...1).contains(n) { return n } else { return nil } }
                if v.count == items.count { return v.count == 3 ? v + [1] : v }
            }
        case .transform:
            return decodeTransform(node)
        case .path:
            if let path = PathCoding.decode(node) { return PathCoding.numbers(path) }
            return nil
        case .name:
            if case .null = node.value { return [] }
            if case .string(let s) = node.value, !s.isEmpty { return s.utf8.map(Double.init) }
        case .choice(let names):
            if case .string(let s) = node.value, let i = names.firstIndex(of: s) { return [Double(i)] }
            node.problem(expected: expectation, suggestion: { if case .string(let s) = node.value { return Suggestion.didYouMean(s, in: names) } else { return nil } }())
            return nil
        }
        node.problem(expected: expectation)
        return nil
    }

    private func numbers(_ node: JSONNode, count: Int, names: [String]) -> [Double]? {
        switch node.value {
        case .array(let items) where items.count == count:
            let v = items.compactMap { if case .number(let n) = $0 { return n } else { return nil } }
            if v.count == count { return v }
        case .object(let members) where Set(members.map(\.key)) == Set(names):
            let v = names.compactMap { name -> Double? in if case .number(let n)? = node.value[name] { return n } else { return nil } }
            if v.count == count { return v }
        default: break
        }
        node.problem(expected: expectation)
        return nil
    }

    private func decodeTransform(_ node: JSONNode) -> [Double]? {
        if case .array(let items) = node.value {
            let v = items.compactMap { if case .number(let n) = $0 { return n } else { return nil } }
            if v.count == 16, items.count == 16 { return v }
            node.problem(expected: expectation)
            return nil
        }
        guard let members = node.object(allowed: ["translation", "rotation", "scale", "m34"]) else { return nil }
        var c = TransformComponents()
        var ok = true
        if let t = members["translation"] {
            if let v = Self.vector(t, counts: [2, 3]) { c.translation = (v[0], v[1], v.count == 3 ? v[2] : 0) } else {
                t.problem(expected: "[x, y] or [x, y, z]"); ok = false
            }
        }
        if let r = members["rotation"] {
            if let z = ValueKind.angle.decodeQuietly(r) {
                c.rotation.z = z[0]
            } else if let axes = r.object(allowed: ["x", "y", "z"]) {
                for (axis, n) in axes {
                    guard let v = ValueKind.angle.decode(n) else { ok = false; continue }
                    switch axis {
                    case "x": c.rotation.x = v[0]
                    case "y": c.rotation.y = v[0]
                    default: c.rotation.z = v[0]
                    }
                }
            } else { ok = false }
        }
        if let s = members["scale"] {
            if case .number(let k) = s.value { c.scale = (k, k, 1) } else if let v = Self.vector(s, counts: [2, 3]) {
                c.scale = (v[0], v[1], v.count == 3 ? v[2] : 1)
            } else {
                s.problem(expected: "a number or [sx, sy] or [sx, sy, sz]"); ok = false
            }
        }
        if let p = members["m34"] {
            if let v = p.number() { c.perspective = v } else { ok = false }
        }
        return ok ? c.matrix.rows : nil
    }

    /// Decodes without reporting; for trying one form before another.
    func decodeQuietly(_ node: JSONNode) -> [Double]? {
        let scratch = JSONNode(value: node.value, path: node.path, report: ProblemReport())
        return decode(scratch)
    }

    private static func vector(_ node: JSONNode, counts: [Int]) -> [Double]? {
        guard case .array(let items) = node.value, counts.contains(items.count) else { return nil }
        let v = items.compactMap { if case .number(let n) = $0 { return n } else { return nil } }
        return v.count == items.count ? v : nil
    }
}

import Foundation
