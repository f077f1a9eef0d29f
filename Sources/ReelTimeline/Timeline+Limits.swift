import Foundation
import ReelCore
import ReelLayers

extension Timeline {
    /// What the model must hold whatever made it (a timeline file, a clip overlay, an importer,
    /// code): opacities in 0...1, dash patterns that lay at most `StrokeStyle.maximumDashes`
    /// dashes along their path, at most `AnimatedLayer.maximumDrawnLayers` layers drawn in a
    /// frame. Each problem at the JSON path the value would have in a timeline file.
    public func problems() -> [TimelineProblem] { Self.limitProblems(of: layers) + Self.limitProblems(of: scenes) }

    /// The limits over the scenes' layers, each at its path in the file (`scenes[K].layers[I]`).
    public static func limitProblems(of scenes: [Scene]) -> [TimelineProblem] {
        var problems: [TimelineProblem] = []
        for k in scenes.indices {
            let content = scenes[k].content
            for i in content.sublayers.indices {
                content.sublayers[i].collectLimitProblems(path: "scenes[\(k)].layers[\(i)]", into: &problems)
            }
        }
        return problems
    }

    /// The limits of `problems()` over a list of top-level layers (the decoder checks them
    /// before it has a timeline).
    public static func limitProblems(of layers: [AnimatedLayer]) -> [TimelineProblem] {
        var problems: [TimelineProblem] = []
        for i in layers.indices { layers[i].collectLimitProblems(path: "layers[\(i)]", into: &problems) }
        let drawn = layers.reduce(0) { $0 + $1.drawnLayerCount }
        if drawn > AnimatedLayer.maximumDrawnLayers {
            problems.append(
                TimelineProblem(
                    path: "layers",
                    expected:
                        "at most \(Int(AnimatedLayer.maximumDrawnLayers)) layers drawn in a frame, replicated copies counted",
                    found: String(format: "%.3g layers (replicators' instanceCount multiply their sublayers)", drawn)))
        }
        return problems
    }
}

extension AnimatedLayer {
    /// This layer's and every layer below it's problems with the model's limits.
    fileprivate func collectLimitProblems(path: String, into problems: inout [TimelineProblem]) {
        let layer = model
        if !(0...1).contains(layer.opacity) {
            problems.append(
                TimelineProblem(
                    path: path + ".opacity", expected: "an opacity in 0...1",
                    found: TimelineProblem.describe(layer.opacity)))
        }
        let stroke = layer.shape.stroke
        if let shape = layer.shape.path, !stroke.evenDashes.isEmpty {
            // The control polygon is at least as long as the curves it holds.
            let points = shape.points
            let length = zip(points, points.dropFirst()).reduce(0) { $0 + ($1.1 - $1.0).length }
            let dashes = length / stroke.evenDashes.reduce(0, +) * Double(stroke.evenDashes.count / 2)
            if dashes > Double(StrokeStyle.maximumDashes) {
                problems.append(
                    TimelineProblem(
                        path: path + ".lineDashPattern",
                        expected: "a dash pattern that lays at most \(StrokeStyle.maximumDashes) dashes along the path",
                        found: String(format: "about %.3g dashes along a path of about %.0f points", dashes, length)))
            }
        }
        let particles = particleBound
        if particles > AnimatedLayer.maximumParticles {
            problems.append(
                TimelineProblem(
                    path: path + ".emitterCells",
                    expected: "at most \(Int(AnimatedLayer.maximumParticles)) particles alive at once",
                    found: String(
                        format: "up to %.3g particles (birth rates times lifetimes, times the layer's birthRate and lifetime)",
                        particles)))
        }
        for k in sublayers.indices { sublayers[k].collectLimitProblems(path: "\(path).sublayers[\(k)]", into: &problems) }
        mask?.collectLimitProblems(path: path + ".mask", into: &problems)
    }
}
