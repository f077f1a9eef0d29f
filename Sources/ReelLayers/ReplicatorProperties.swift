import ReelCore

/// How a CAReplicatorLayer repeats its sublayers: copy k (0 ..< instanceCount) is transformed
/// by instanceTransform^k about the middle of the bounds, runs k x instanceDelay behind, and is
/// tinted by instanceColor plus k times the offsets.
public struct ReplicatorProperties: Hashable, Sendable {
    /// Copies drawn, the original included; 0 draws no sublayers. Default 1.
    public var instanceCount = 1
    /// Applied once more to each copy than to the one before, about the middle of the bounds. Default identity.
    public var instanceTransform: Transform3D = .identity
    /// Seconds each copy runs behind the one before. Default 0.
    public var instanceDelay: Double = 0
    /// Copy 0's colour multiplier (straight colour and alpha). Default opaque white.
    public var instanceColor: Color = .white
    /// Added per copy to the multiplier's red, green, blue and alpha. Default 0.
    public var instanceRedOffset: Double = 0
    public var instanceGreenOffset: Double = 0
    public var instanceBlueOffset: Double = 0
    public var instanceAlphaOffset: Double = 0
    /// Copies keep their 3D places (a CATransformLayer's way) instead of being flattened. Default false.
    public var preservesDepth = false

    public init() {}

    /// Copy k's colour multiplier: instanceColor plus k times each offset, each clamped to 0...1.
    public func multiplier(copy k: Int) -> Color {
        func c(_ base: Double, _ step: Double) -> Double { min(max(base + Double(k) * step, 0), 1) }
        return Color(
            red: c(instanceColor.red, instanceRedOffset), green: c(instanceColor.green, instanceGreenOffset),
            blue: c(instanceColor.blue, instanceBlueOffset), alpha: c(instanceColor.alpha, instanceAlphaOffset))
    }

    /// The transforms of copies 0 ..< count in the replicator's sublayer space:
    /// instanceTransform^k about `centre`, each power made from the one before.
    public func transforms(count: Int, about centre: Point) -> [Transform3D] {
        let (to, back) = (Transform3D.translation(-centre.x, -centre.y), Transform3D.translation(centre.x, centre.y))
        var power = Transform3D.identity
        return (0..<max(count, 0)).map { k in
            if k > 0 { power = power.concatenating(instanceTransform) }
            return to.concatenating(power).concatenating(back)
        }
    }
}
