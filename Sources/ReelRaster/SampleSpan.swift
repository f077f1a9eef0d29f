import ReelCore

/// The fetch stage of image drawing: for a run of output pixels, which four image pixels
/// each one blends and with what weights (1/256 steps). Bilinear reads (x0, y0), (x1, y0),
/// (x0, y1), (x1, y1); nearest is the same with x1 = x0, y1 = y0 and zero weights. Indices
/// are clamped to the pixels of the sample's own segment, so nothing bleeds across seams.
public struct SampleSpan {
    public var x0: [Int32], x1: [Int32], y0: [Int32], y1: [Int32]
    public var wx: [UInt32], wy: [UInt32]

    public init(capacity: Int) {
        x0 = .init(repeating: 0, count: capacity)
        x1 = x0
        y0 = x0
        y1 = x0
        wx = .init(repeating: 0, count: capacity)
        wy = wx
    }

    /// Fills entry `i` for sample position (u, v) in level pixels, clamped to columns
    /// `minX...maxX` and rows `minY...maxY` (whole pixel indices).
    @inline(__always)
    mutating func set(_ i: Int, u: Double, v: Double, nearest: Bool, minX: Int, maxX: Int, minY: Int, maxY: Int) {
        if nearest {
            let x = Int32(min(max(Int(u.rounded(.down)), minX), maxX))
            let y = Int32(min(max(Int(v.rounded(.down)), minY), maxY))
            (x0[i], x1[i], y0[i], y1[i], wx[i], wy[i]) = (x, x, y, y, 0, 0)
            return
        }
        let fx = u - 0.5
        let fy = v - 0.5
        let bx = fx.rounded(.down)
        let by = fy.rounded(.down)
        var ix = Int(bx)
        var iy = Int(by)
        var ax = UInt32(((fx - bx) * 256).rounded())
        var ay = UInt32(((fy - by) * 256).rounded())
        if ax == 256 {
            ix += 1
            ax = 0
        }
        if ay == 256 {
            iy += 1
            ay = 0
        }
        x0[i] = Int32(min(max(ix, minX), maxX))
        x1[i] = Int32(min(max(ix + 1, minX), maxX))
        y0[i] = Int32(min(max(iy, minY), maxY))
        y1[i] = Int32(min(max(iy + 1, minY), maxY))
        wx[i] = ax
        wy[i] = ay
    }
}
