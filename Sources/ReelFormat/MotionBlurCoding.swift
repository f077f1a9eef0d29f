import ReelCore
import ReelJSON
import ReelTimeline

/// Reads `motionBlur` (on the canvas or a layer): `true` for the defaults, `false` or null for
/// none, or `{"shutterAngle", "shutterPhase", "samples"}` with the defaults for what it leaves
/// out; every problem at its own path.
enum MotionBlurCoding {
    /// `.some(nil)`: the file says no motion blur; nil: a problem was reported.
    static func decode(_ node: JSONNode) -> MotionBlur?? {
        switch node.value {
        case .bool(let on): return .some(on ? MotionBlur() : nil)
        case .null: return .some(nil)
        case .object: break
        default:
            node.problem(expected: "true, false, or {\"shutterAngle\", \"shutterPhase\", \"samples\"}")
            return nil
        }
        guard let m = node.object(allowed: ["shutterAngle", "shutterPhase", "samples"]) else { return nil }
        var blur = MotionBlur()
        var fine = true
        if let a = m["shutterAngle"] {
            if let v = a.number(in: MotionBlur.shutterAngles, rangeText: "a shutter angle in degrees, 0...720") {
                blur.shutterAngle = v
            } else {
                fine = false
            }
        }
        if let p = m["shutterPhase"] {
            if let v = p.number(in: MotionBlur.shutterPhases, rangeText: "a shutter phase in degrees, -360...360") {
                blur.shutterPhase = v
            } else {
                fine = false
            }
        }
        if let s = m["samples"] {
            let range = MotionBlur.sampleCounts
            let text = "a whole number of samples, 1...64"
            if let v = s.number(in: Double(range.lowerBound)...Double(range.upperBound), rangeText: text) {
                if v == v.rounded() {
                    blur.samples = Int(v)
                } else {
                    s.problem(expected: text)
                    fine = false
                }
            } else {
                fine = false
            }
        }
        return fine ? .some(blur) : nil
    }
}
