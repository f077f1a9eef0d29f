import Foundation
import ReelCore
import ReelJSON
import ReelLayers
import ReelTimeline

/// Values as the file writes them: each kind decoded from its JSON forms, every problem at its path.
extension ValueKind {
    /// Decodes a value written in the file, reporting a problem and returning nil when it does not fit.
    func decode(_ node: JSONNode) -> PropertyValue? {
        guard let v = decodeForm(node) else { return nil }
        guard v.components.allSatisfy({ abs($0) <= ValueKind.limit }) else {
            node.problem(expected: "numbers within ±\(Int(ValueKind.limit))")
            return nil
        }
        return v
    }

    /// Decodes the value's form, without the range check.
    fileprivate func decodeForm(_ node: JSONNode) -> PropertyValue? {
        switch self {
        case .scalar:
            if case .number(let v) = node.value { return .number(v) }
        case .angle:
            if case .number(let v) = node.value { return .number(v) }
            if case .string(let s) = node.value, s.hasSuffix("deg"),
                let d = Double(s.dropLast(3).trimmingCharacters(in: .whitespaces))
            {
                return .number(d * .pi / 180)
            }
        case .bool:
            if case .bool(let b) = node.value { return .bool(b) }
        case .point: return numbers(node, count: 2, names: ["x", "y"]).map { .point(Point(x: $0[0], y: $0[1])) }
        case .size: return numbers(node, count: 2, names: ["width", "height"]).map { .size(Size(width: $0[0], height: $0[1])) }
        case .rect:
            return numbers(node, count: 4, names: ["x", "y", "width", "height"]).map {
                .rect(Rect(x: $0[0], y: $0[1], width: $0[2], height: $0[3]))
            }
        case .color:
            if case .string(let s) = node.value, let c = Color(css: s) { return .color(c) }
            if case .array(let items) = node.value, items.count == 3 || items.count == 4 {
                let v = Self.elementNumbers(node, items, in: 0...1, rangeText: "a colour component in 0...1")
                return v.map { .color(Color(red: $0[0], green: $0[1], blue: $0[2], alpha: $0.count == 4 ? $0[3] : 1)) }
            }
        case .transform:
            return decodeTransform(node).map { .transform($0) }
        case .path, .shapePath:
            if case .null = node.value { return .path(nil) }
            return PathCoding.decode(node, isShape: self == .shapePath).map { .path($0) }
        case .optionalColor:
            if case .null = node.value { return .color(.clear) }
            return ValueKind.color.decodeForm(node)
        case .count(let maximum):
            if case .number(let v) = node.value, v == v.rounded(), v >= 0, v <= Double(maximum) { return .count(Int(v)) }
        case .numbers:
            if case .null = node.value { return .numbers([]) }
            if case .array = node.value {
                // An item that is no number is reported at its own path, once.
                guard let v = numberArray(node) else { return nil }
                if zip(v, v.dropFirst()).allSatisfy({ $0 <= $1 }) { return .numbers(v) }
            }
        case .colors:
            if case .null = node.value { return .colors([]) }
            guard case .array(let items) = node.value else { break }
            let colors = items.enumerated().compactMap { i, item -> Color? in
                if case .color(let c)? = ValueKind.color.decode(node.element(i, item)) { return c } else { return nil }
            }
            return colors.count == items.count ? .colors(colors) : nil
        case .dashes:
            if case .null = node.value { return .dashes([]) }
            if case .array = node.value {
                guard let v = numberArray(node) else { return nil }
                if v.allSatisfy({ $0 >= 0 && $0 <= ValueKind.limit }), v.isEmpty || v.contains(where: { $0 > 0 }) {
                    return .dashes(v)
                }
            }
        case .name:
            if case .null = node.value { return .image(nil) }
            if case .string(let s) = node.value, !s.isEmpty { return .image(s) }
        case .nonNegative:
            if case .number(let v) = node.value, v >= 0 { return .number(v) }
        case .positive(let maximum):
            if case .number(let v) = node.value, v > 0, v <= maximum { return .number(v) }
        case .text:
            return TextCoding.decode(node)
        case .fontName:
            if case .string(let s) = node.value, !s.isEmpty, !s.unicodeScalars.contains(where: TextCoding.isControl) {
                return .string(s)
            }
        case .filters:
            return FilterCoding.decode(node).map { .filters($0) }
        case .emitterCells:
            return EmitterCellCoding.decode(node).map { .emitterCells($0) }
        case .colorMatrix:
            if case .array(let items) = node.value, items.count == LayerFilter.matrixCount {
                return Self.elementNumbers(node, items).map { .numbers($0) }
            }
            if case .array(let items) = node.value {
                node.problem(expected: expectation, found: "\(items.count) numbers")
                return nil
            }
        case .optionalTime, .optionalNumber:
            if case .null = node.value { return .optionalNumber(nil) }
            if case .number(let v) = node.value { return .optionalNumber(v) }
        case .numberFormat:
            guard let m = node.object(allowed: ["decimals", "prefix", "suffix", "grouping"]) else { return nil }
            var format = NumberFormat()
            if let d = m["decimals"] {
                guard
                    let v = d.number(
                        in: 0...Double(NumberFormat.maximumDecimals),
                        rangeText: "a whole number of decimals in 0...\(NumberFormat.maximumDecimals)"), v == v.rounded()
                else {
                    if case .number = d.value { d.problem(expected: "a whole number of decimals") }
                    return nil
                }
                format.decimals = Int(v)
            }
            for (key, kp) in [("prefix", \NumberFormat.prefix), ("suffix", \.suffix)] {
                guard let n = m[key] else { continue }
                guard case .string(let s) = n.value, s.unicodeScalars.count <= 100 else {
                    n.problem(expected: "a string of at most 100 characters")
                    return nil
                }
                format[keyPath: kp] = s
            }
            if let g = m["grouping"] {
                guard case .bool(let b) = g.value else {
                    g.problem(expected: "true or false")
                    return nil
                }
                format.grouping = b
            }
            return .numberFormat(format)
        case .choice(let names):
            if case .string(let s) = node.value, names.contains(s) { return .choice(s) }
            node.problem(
                expected: expectation,
                suggestion: {
                    if case .string(let s) = node.value { return Suggestion.didYouMean(s, in: names) } else { return nil }
                }())
            return nil
        }
        node.problem(expected: expectation)
        return nil
    }

    /// The numbers of an array of numbers only; nil for anything else (an item that is no
    /// number is reported at its own path).
    private func numberArray(_ node: JSONNode) -> [Double]? {
        guard case .array(let items) = node.value else { return nil }
        return Self.elementNumbers(node, items)
    }

    /// The items of an array as numbers (in `range` when given); each item that is not is
    /// reported at its own path (`frame[3]: expected a number, found the string "90"`), and
    /// the array gives nil.
    static func elementNumbers(
        _ node: JSONNode, _ items: [JSONValue], in range: ClosedRange<Double>? = nil, rangeText: String = "a number"
    ) -> [Double]? {
        var numbers: [Double] = []
        numbers.reserveCapacity(items.count)
        for (i, item) in items.enumerated() {
            if case .number(let n) = item, range?.contains(n) ?? true {
                numbers.append(n)
            } else {
                node.element(i, item).problem(expected: rangeText)
            }
        }
        return numbers.count == items.count ? numbers : nil
    }

    private func numbers(_ node: JSONNode, count: Int, names: [String]) -> [Double]? {
        switch node.value {
        case .array(let items) where items.count == count:
            return Self.elementNumbers(node, items)
        case .object(let members) where Set(members.map(\.key)) == Set(names):
            var numbers: [Double] = []
            for name in names {
                guard let value = node.value[name] else { continue }
                if case .number(let n) = value {
                    numbers.append(n)
                } else {
                    node.child(name, value).problem(expected: "a number")
                }
            }
            return numbers.count == count ? numbers : nil
        default:
            node.problem(expected: expectation)
            return nil
        }
    }

    private func decodeTransform(_ node: JSONNode) -> Transform3D? {
        if case .array(let items) = node.value {
            guard items.count == 16 else {
                node.problem(expected: expectation)
                return nil
            }
            return Self.elementNumbers(node, items).map { Transform3D(rows: $0) }
        }
        guard let members = node.object(allowed: ["translation", "rotation", "scale", "m34"]) else { return nil }
        var c = TransformComponents()
        var ok = true
        if let t = members["translation"] {
            if let v = Self.vector(t, counts: [2, 3], expected: "[x, y] or [x, y, z]") {
                c.translation = (v[0], v[1], v.count == 3 ? v[2] : 0)
            } else {
                ok = false
            }
        }
        if let r = members["rotation"] {
            if case .number(let z)? = ValueKind.angle.decodeQuietly(r) {
                c.rotation.z = z
            } else if let axes = r.object(allowed: ["x", "y", "z"]) {
                for (axis, n) in axes.members {
                    guard case .number(let v)? = ValueKind.angle.decode(n) else {
                        ok = false
                        continue
                    }
                    switch axis {
                    case "x": c.rotation.x = v
                    case "y": c.rotation.y = v
                    default: c.rotation.z = v
                    }
                }
            } else {
                ok = false
            }
        }
        if let s = members["scale"] {
            if case .number(let k) = s.value {
                c.scale = (k, k, 1)
            } else if let v = Self.vector(s, counts: [2, 3], expected: "a number or [sx, sy] or [sx, sy, sz]") {
                c.scale = (v[0], v[1], v.count == 3 ? v[2] : 1)
            } else {
                ok = false
            }
        }
        if let p = members["m34"] {
            if let v = p.number() { c.perspective = v } else { ok = false }
        }
        return ok ? c.matrix : nil
    }

    /// Decodes without reporting; for trying one form before another.
    func decodeQuietly(_ node: JSONNode) -> PropertyValue? {
        let scratch = node.reporting(into: ProblemReport())
        return decode(scratch)
    }

    /// An array of one of `counts` numbers; the array (when of another form) or each item
    /// that is no number is reported.
    private static func vector(_ node: JSONNode, counts: [Int], expected: String) -> [Double]? {
        guard case .array(let items) = node.value, counts.contains(items.count) else {
            node.problem(expected: expected)
            return nil
        }
        return elementNumbers(node, items)
    }
}
