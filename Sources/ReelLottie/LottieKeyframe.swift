/// One keyframe of an animated Lottie property: its frame, its value as numbers (a shape's
/// vertices and tangents flattened), and how the segment to the next keyframe runs.
struct LottieKeyframe: Hashable {
    var time: Double
    var value: [Double]
    /// The value holds until the next keyframe (`h` 1).
    var hold = false
    /// The segment's cubic ease: this keyframe's out handle (`o`) and the next one's in
    /// handle (`i`), one entry per dimension, or one for all.
    var easeOut = Handle.linearOut
    var easeIn = Handle.linearIn
    /// Spatial tangents of the segment (`to` at this keyframe, `ti` at the next), relative to
    /// the values they leave and reach; nil or zero for a straight segment.
    var spatialOut: [Double]?
    var spatialIn: [Double]?

    /// A bezier handle of an ease, per dimension.
    struct Handle: Hashable {
        var x: [Double]
        var y: [Double]
        static let linearOut = Handle(x: [0], y: [0])
        static let linearIn = Handle(x: [1], y: [1])

        func at(_ d: Int) -> (x: Double, y: Double) {
            (x[min(d, x.count - 1)], y[min(d, y.count - 1)])
        }

        /// Whether every dimension has the same handle.
        var isUniform: Bool { Set(x).count <= 1 && Set(y).count <= 1 }
    }

    /// Whether the segment from this keyframe curves in space.
    var isSpatial: Bool {
        (spatialOut ?? []).contains { $0 != 0 } || (spatialIn ?? []).contains { $0 != 0 }
    }

    /// The segment's timing in dimension `d`, as [x1, y1, x2, y2] with x in 0...1 (as the
    /// players clamp it).
    func ease(_ d: Int) -> [Double] {
        let o = easeOut.at(d)
        let i = easeIn.at(d)
        return [min(max(o.x, 0), 1), o.y, min(max(i.x, 0), 1), i.y]
    }
}
