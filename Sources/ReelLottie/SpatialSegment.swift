/// A position keyframe segment that curves in space: a cubic from one value to the next
/// through the spatial tangents, walked by arc length as the players walk it.
struct SpatialSegment {
    let p0, p1, p2, p3: [Double]

    init(from a: [Double], to b: [Double], out: [Double]?, in tangentIn: [Double]?) {
        p0 = a
        p3 = b
        p1 = a.indices.map { a[$0] + (out ?? []).element($0) }
        p2 = b.indices.map { b[$0] + (tangentIn ?? []).element($0) }
    }

    func point(_ u: Double) -> [Double] {
        let v = 1 - u
        let (c0, c1, c2, c3) = (v * v * v, 3 * v * v * u, 3 * v * u * u, u * u * u)
        return p0.indices.map { c0 * p0[$0] + c1 * p1[$0] + c2 * p2[$0] + c3 * p3[$0] }
    }

    /// The point a fraction `f` of the way along the curve's length (clamped to its ends).
    func point(atLength f: Double) -> [Double] {
        if f <= 0 { return p0 }
        if f >= 1 { return p3 }
        let n = 128
        var lengths = [0.0]
        lengths.reserveCapacity(n + 1)
        var previous = p0
        for i in 1...n {
            let q = point(Double(i) / Double(n))
            let d = zip(q, previous).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) }.squareRoot()
            lengths.append(lengths[i - 1] + d)
            previous = q
        }
        let target = f * lengths[n]
        guard lengths[n] > 0 else { return point(f) }
        var i = 1
        while i < n && lengths[i] < target { i += 1 }
        let span = lengths[i] - lengths[i - 1]
        let local = span > 0 ? (target - lengths[i - 1]) / span : 0
        return point((Double(i - 1) + local) / Double(n))
    }
}

extension Array where Element == Double {
    /// The element at `i`, 0 past the end (a tangent with fewer dimensions than its value).
    func element(_ i: Int) -> Double { i < count ? self[i] : 0 }
}
