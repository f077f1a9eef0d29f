import Foundation
import ReelCore
import ReelLayers
import ReelTimeline

extension Timeline {
    /// Animations that end before the timeline does, without `fillMode` forwards and
    /// `removedOnCompletion` false, on a key whose model value differs from where they end,
    /// while the layer shows: the key snaps back (the faded-out title that reappears). One
    /// warning each, naming the time, the key and the fix; `reel validate` prints them.
    public func snapBackWarnings() -> [TimelineProblem] {
        var warnings: [TimelineProblem] = []
        for i in layers.indices {
            layers[i].collectSnapBacks(path: "layers[\(i)]", toTimeline: { $0 }, before: canvas.duration, into: &warnings)
        }
        return warnings
    }
}

extension AnimatedLayer {
    /// This layer's and its sublayers' snap-backs; `toTimeline` maps the superlayer's local
    /// time to the timeline's (nil where it cannot be told).
    fileprivate func collectSnapBacks(
        path: String, toTimeline: @escaping (Double) -> Double?, before end: Double, into warnings: inout [TimelineProblem]
    ) {
        let timing = self.timing
        // A remapped layer's time is not a line through the timeline's: nothing is said below it.
        if model.timeRemap != nil || animations.contains(where: \.remapsTime) { return }
        let local: (Double) -> Double? = { t in
            timing.speed == 0 ? nil : toTimeline(timing.beginTime + (t - timing.timeOffset) / timing.speed)
        }
        for (j, animation) in animations.enumerated() {
            // Most animations repeat forever or are held: told from their timing alone, first.
            guard let endsAt = animation.endTime, !animation.remapsTime, let shown = local(endsAt), shown < end,
                let property = LayerProperty.all[animation.keyPath]
            else { continue }
            var held = animation
            held.timing.fillMode = .forwards
            held.timing.removedOnCompletion = false
            var ending = model
            held.apply(at: endsAt + 1, to: &ending)
            // Just after the end, with every animation of the layer as it is.
            var after = model
            for a in animations { a.apply(at: endsAt + 1e-6, to: &after) }
            let (last, then, modelValue) = (property.value(of: ending), property.value(of: after), property.value(of: model))
            guard then == modelValue, after.opacity > 0, !after.isHidden,
                Self.jumpShows(from: last, to: then, property: property, size: after.bounds.size)
            else { continue }
            let key = animation.keyPath
            warnings.append(
                TimelineProblem(
                    path: "\(path).animations[\(j)]", expected: "",
                    found:
                        "`\(key)` ends at \(String(format: "%g", shown)) s at \(Self.text(last)) and snaps back to the model value \(Self.text(modelValue)) while the layer shows; to hold the end value set \"fillMode\": \"forwards\" and \"removedOnCompletion\": false, or set the layer's `\(key)` to \(Self.text(last))"
                ))
        }
        for k in sublayers.indices {
            sublayers[k].collectSnapBacks(path: "\(path).sublayers[\(k)]", toTimeline: local, before: end, into: &warnings)
        }
    }

    /// Keys whose numbers are fractions of a whole (0...1): a jump shows by the colour it moves.
    private static let fractionKeys: Set<String> = ["opacity", "shadowOpacity", "strokeStart", "strokeEnd"]

    /// Whether a jump from `a` to `b` on `property` shows on a layer of `size`: more than half a
    /// level of 8-bit colour (colours and fractions such as opacity), or more than a tenth of a
    /// point of motion (lengths as they are; angles, scales and a transform's linear part by
    /// how far they move the layer's corners from its centre). Values that step show when they differ.
    static func jumpShows(from a: PropertyValue, to b: PropertyValue, property: LayerProperty, size: Size) -> Bool {
        guard a != b else { return false }
        let (x, y) = (a.components, b.components)
        guard x.count == y.count, !x.isEmpty else { return true }
        let colorLevel = 0.5 / 255
        let motion = 0.1
        let reach = max((size.width * size.width + size.height * size.height).squareRoot() / 2, 1)
        let differences = zip(x, y).map { abs($0 - $1) }
        switch property.kind {
        case .color, .optionalColor, .colors:
            return differences.contains { $0 > colorLevel }
        case .angle:
            return differences.contains { $0 * reach > motion }
        case .transform:
            // Rows of a 4x4 matrix: the translation is the last row; the rest turns and scales.
            return differences.enumerated().contains { i, d in (i >= 12 && i < 15 ? d : d * reach) > motion }
        default:
            if Self.fractionKeys.contains(property.keyPath) { return differences.contains { $0 > colorLevel } }
            if property.keyPath.contains("scale") { return differences.contains { $0 * reach > motion } }
            return differences.contains { $0 > motion }
        }
    }

    /// A value as the file would write it.
    private static func text(_ value: PropertyValue) -> String {
        (try? JSONEncoder().encode(value.json)).map { String(decoding: $0, as: UTF8.self) } ?? "\(value)"
    }
}

extension Animation {
    /// When the animation stops in its layer's local time, if it then snaps back: it plays
    /// forward for a finite time, with no offset, and is not held by `fillMode` forwards with
    /// `removedOnCompletion` false. Nil otherwise, and for groups.
    var endTime: Double? {
        var timing = self.timing
        if case .group = kind { return nil }
        if case .spring(let spring, _, _, _) = kind, timing.duration == 0 { timing.duration = spring.settlingDuration }
        let holds = !timing.removedOnCompletion && (timing.fillMode == .forwards || timing.fillMode == .both)
        guard !holds, timing.speed > 0, timing.timeOffset == 0, timing.activeDuration.isFinite else { return nil }
        return timing.beginTime + timing.activeDuration / timing.speed
    }
}
