/// Shared maths of keyframe timing.
enum KeyframeMath {
    /// n key times spread evenly over 0...1.
    static func evenTimes(_ n: Int) -> [Double] {
        (0..<n).map { Double($0) / Double(max(n - 1, 1)) }
    }

    /// The segment of ascending `times` holding `progress`, and the fraction through it. At a
    /// key time two segments share (a duplicated one too) the later segment holds it.
    static func segment(_ times: [Double], _ progress: Double) -> (Int, Double) {
        var i = 0
        while i + 2 < times.count, progress >= times[i + 1] { i += 1 }
        let span = times[i + 1] - times[i]
        return (i, span > 0 ? min(max((progress - times[i]) / span, 0), 1) : 1)
    }
}
