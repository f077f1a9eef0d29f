import ReelCore
import ReelRaster

extension FramePlan {
    /// Occluders kept while culling: the largest opaque areas seen so far.
    static let maximumOccluders = 16

    /// Drops what an opaque area drawn later hides: walking from the front step to the back,
    /// each top-level unit (a step, or a group with its masks and shadow, as one) whose pixels
    /// all lie inside the opaque interior of a fill drawn after it is left out. An opaque fill
    /// stores its colour whatever lay beneath, so the frame is the same to the byte; a
    /// timeline of 200,000 stacked opaque cards then draws the cards that show.
    mutating func cullHidden() {
        var occluders: [PixelRect] = []
        var hidden: [Range<Int>] = []
        for unit in topLevelUnits().reversed() {
            let area = unit.area
            // An operator that clears where its source is transparent reaches past its area.
            if !area.isEmpty, occluders.contains(where: { $0.contains(area) }), !clearsOutside(unit.steps) {
                hidden.append(unit.steps)
                continue
            }
            guard unit.steps.count == 1, let opaque = steps[unit.steps.lowerBound].opaqueArea,
                !occluders.contains(where: { $0.contains(opaque) })
            else { continue }
            occluders.removeAll { opaque.contains($0) }
            occluders.append(opaque)
            if occluders.count > Self.maximumOccluders {
                occluders.remove(at: occluders.indices.min { occluders[$0].pixelCount < occluders[$1].pixelCount }!)
            }
        }
        guard !hidden.isEmpty else { return }
        // The steps between the hidden units, front to back (`hidden` is back to front).
        var shown: [DrawStep] = []
        shown.reserveCapacity(steps.count)
        var next = 0
        for range in hidden.reversed() {
            shown.append(contentsOf: steps[next..<range.lowerBound])
            next = range.upperBound
        }
        shown.append(contentsOf: steps[next...])
        steps = shown
    }

    /// Whether any group among `range` lands with an operator that clears its whole target
    /// outside its own area (`sourceIn`, ...).
    func clearsOutside(_ range: Range<Int>) -> Bool {
        steps[range].contains { step in
            if case .endGroup(_, _, let blend) = step.operation { return blend.clearsOutsideSource }
            return false
        }
    }

    /// The top-level units of the plan in drawing order: each step outside every group, and
    /// each group from its first `beginGroup` (its mask's or shadow picture's, when it has
    /// them) to the `endGroup` that composites it, with the pixels they may touch in the frame.
    func topLevelUnits() -> [(steps: Range<Int>, area: PixelRect)] {
        var units: [(steps: Range<Int>, area: PixelRect)] = []
        var depth = 0
        var start = 0
        var area = PixelRect(x: 0, y: 0, width: 0, height: 0)
        for (i, step) in steps.enumerated() {
            let before = depth
            switch step.operation {
            case .beginGroup: depth += 1
            case .endMask, .endGroup: depth -= 1
            default: break
            }
            // Steps at the top level draw into the frame: their areas are the frame's pixels.
            if before == 0 || depth == 0 { area = area.isEmpty ? step.area : area.union(step.area) }
            // A unit ends at a top-level step or at the `endGroup` that returns to the top;
            // an `endMask` returning there leaves its picture for the group after it.
            let ends: Bool
            if case .endMask = step.operation { ends = false } else { ends = depth == 0 }
            if ends {
                units.append((start..<(i + 1), area))
                start = i + 1
                area = PixelRect(x: 0, y: 0, width: 0, height: 0)
            }
        }
        return units
    }
}

extension DrawStep {
    /// The frame pixels this step sets to an opaque colour whatever lay beneath: the fully
    /// covered interior of an opaque rectangle fill, within the step's area; nil for others.
    var opaqueArea: PixelRect? {
        guard case .fillRect(let r, let color) = operation, color >> 24 == 255 else { return nil }
        let minX = r.minX.rounded(.up)
        let minY = r.minY.rounded(.up)
        let maxX = r.maxX.rounded(.down)
        let maxY = r.maxY.rounded(.down)
        guard maxX > minX, maxY > minY, abs(minX) < 1e9, abs(minY) < 1e9, abs(maxX) < 1e9, abs(maxY) < 1e9 else { return nil }
        let interior = PixelRect(x: Int(minX), y: Int(minY), width: Int(maxX - minX), height: Int(maxY - minY))
            .intersection(area)
        return interior.isEmpty ? nil : interior
    }
}
