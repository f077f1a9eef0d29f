import ReelCore
import ReelJSON
import ReelLayers
import ReelTimeline

/// Timing shared by layers and animations: `beginTime`, `duration`, `speed`, `timeOffset`,
/// repeats, `autoreverses`, `fillMode`, and timing functions.
extension TimelineDecoder {
    /// An animation's timing; a group's child (`inGroup`) ignores its own `removedOnCompletion`.
    func decodeTiming(_ m: JSONMembers, inGroup: Bool) -> MediaTiming? {
        var t = MediaTiming()
        var ok = true
        func number(_ key: String, _ range: ClosedRange<Double>, _ text: String, _ set: (Double) -> Void) {
            guard let n = m[key] else { return }
            if let v = n.number(in: range, rangeText: text) { set(v) } else { ok = false }
        }
        number("beginTime", -1e9...1e9, "a time in seconds") { t.beginTime = $0 }
        number("duration", 0...1e9, "a duration in 0...1000000000 seconds") { t.duration = $0 }
        if t.duration > 0, t.duration < 1e-6 {
            m["duration"]?.problem(expected: "0 (meaning 0.25 s) or at least 0.000001 seconds")
            ok = false
        }
        number("speed", -1e9...1e9, Self.speedText) { t.speed = $0 }
        number("timeOffset", -1e9...1e9, "a time in seconds") { t.timeOffset = $0 }
        number("repeatDuration", 0...1e9, "a duration of 0 or more seconds") { t.repeatDuration = $0 }
        if let r = m["repeatCount"] {
            if case .string("infinity") = r.value {
                t.repeatCount = .infinity
            } else if let v = r.number(in: 0...1e9, rangeText: "a repeat count in 0...1000000000, or \"infinity\"") {
                t.repeatCount = v
            } else {
                ok = false
            }
        }
        if let a = m["autoreverses"] { if let v = a.bool() { t.autoreverses = v } else { ok = false } }
        if t.repeatCount > 0, t.repeatDuration > 0, let r = m["repeatDuration"] {
            r.warn("`repeatCount` and `repeatDuration` both set: the smaller active duration wins")
        }
        if let r = m["removedOnCompletion"] { if let v = r.bool() { t.removedOnCompletion = v } else { ok = false } }
        if let f = m["fillMode"] {
            if let name = f.choice(FillMode.allCases.map(\.rawValue)) {
                t.fillMode = FillMode(rawValue: name)!
            } else {
                ok = false
            }
            if t.removedOnCompletion, !inGroup, t.fillMode == .forwards || t.fillMode == .both {
                f.warn(
                    "fillMode `\(t.fillMode.rawValue)` holds nothing after the end while `removedOnCompletion` is true (the default); set it to false"
                )
            }
        }
        return ok ? t : nil
    }

    func decodeTimingFunction(_ node: JSONNode) -> TimingFunction? {
        if case .array(let items) = node.value, items.count == 4 {
            let v = items.compactMap { if case .number(let n) = $0 { return n } else { return nil } }
            guard v.count == 4 else {
                node.problem(expected: "control points [x1, y1, x2, y2] (numbers)")
                return nil
            }
            // Core Animation accepts any x; clamping keeps the curve a function of time.
            let x1 = min(max(v[0], 0), 1)
            let x2 = min(max(v[2], 0), 1)
            if x1 != v[0] || x2 != v[2] {
                node.warn(
                    "control point x values \(v[0]) and \(v[2]) are clamped into 0...1 (\(x1) and \(x2)) so the curve stays a function of time"
                )
            }
            return TimingFunction(x1, v[1], x2, v[3])
        }
        let names = TimingFunction.named.keys.sorted()
        guard let name = node.choice(names) else { return nil }
        return TimingFunction.named[name]
    }
}
