import ReelCore

/// How a layer's `contents` land in its bounds: along each axis, up to three segments (the
/// nine-slice columns and rows of `contentsCenter`, or one for plain gravity) each mapping a
/// span of the layer's coordinates linearly onto a span of image pixels. Samples are clamped
/// to their own segment's pixels, so nothing bleeds across a seam or in from outside
/// `contentsRect`.
public typealias ContentsMapping = AxisMapping

extension Layer {
    /// Where an image of `width` x `height` pixels lands, by `contentsRect`, `contentsScale`,
    /// `contentsGravity` and (for the resize gravities) `contentsCenter`; nil when nothing shows.
    public func contentsMapping(imageWidth: Int, imageHeight: Int) -> ContentsMapping? {
        // The sub-image shown, in pixels, clamped to the image.
        let cr = contentsRect
        let sx0 = max(0, min(1, cr.minX)) * Double(imageWidth)
        let sx1 = max(0, min(1, cr.maxX)) * Double(imageWidth)
        let sy0 = max(0, min(1, cr.minY)) * Double(imageHeight)
        let sy1 = max(0, min(1, cr.maxY)) * Double(imageHeight)
        guard sx1 > sx0, sy1 > sy0, bounds.width > 0, bounds.height > 0, contentsScale > 0 else { return nil }
        let natural = Size(width: (sx1 - sx0) / contentsScale, height: (sy1 - sy0) / contentsScale)
        let dest = gravityRect(natural: natural)
        guard contentsGravity.stretches, contentsCenter != Rect(x: 0, y: 0, width: 1, height: 1) else {
            return ContentsMapping(
                columns: [.init(from: dest.minX...dest.maxX, to: sx0...sx1)],
                rows: [.init(from: dest.minY...dest.maxY, to: sy0...sy1)])
        }
        let cc = contentsCenter
        return ContentsMapping(
            columns: Layer.nineSlice(dest.minX, dest.maxX, sx0, sx1, cc.minX, cc.maxX, contentsScale),
            rows: Layer.nineSlice(dest.minY, dest.maxY, sy0, sy1, cc.minY, cc.maxY, contentsScale))
    }

    /// The rectangle `contentsGravity` gives an image of natural size `natural` in the bounds.
    func gravityRect(natural: Size) -> Rect {
        let b = bounds
        switch contentsGravity {
        case .resize: return b
        case .resizeAspect, .resizeAspectFill:
            let sx = b.width / natural.width
            let sy = b.height / natural.height
            let s = contentsGravity == .resizeAspect ? min(sx, sy) : max(sx, sy)
            let w = natural.width * s
            let h = natural.height * s
            return Rect(x: b.minX + (b.width - w) / 2, y: b.minY + (b.height - h) / 2, width: w, height: h)
        default:
            let place = contentsGravity.placement
            return Rect(
                x: b.minX + (b.width - natural.width) * place.x, y: b.minY + (b.height - natural.height) * place.y,
                width: natural.width, height: natural.height)
        }
    }

    /// Three segments along one axis: the fixed ends keep their size (image pixels / scale)
    /// and shrink proportionally when they do not fit; the middle stretches.
    static func nineSlice(
        _ d0: Double, _ d1: Double, _ s0: Double, _ s1: Double, _ c0: Double, _ c1: Double,
        _ scale: Double
    ) -> [AxisSegment] {
        let span = s1 - s0
        let lo = max(0, min(1, c0))
        let hi = max(lo, min(1, c1))
        let startPixels = lo * span
        let endPixels = (1 - hi) * span
        var start = startPixels / scale
        var end = endPixels / scale
        let available = d1 - d0
        if start + end > available, start + end > 0 {
            let k = available / (start + end)
            start *= k
            end *= k
        }
        // The middle's edges, computed once so rounding can never turn a range around.
        let dA = min(d0 + start, d1)
        let dB = max(dA, d1 - end)
        let sA = min(s0 + startPixels, s1)
        let sB = max(sA, s1 - endPixels)
        let segments: [AxisSegment] = [
            .init(from: d0...dA, to: s0...sA),
            .init(from: dA...dB, to: sA...sB),
            .init(from: dB...d1, to: sB...s1)
        ]
        // A middle of no image pixels (contentsCenter of zero size) still stretches: it repeats the seam's pixels.
        let kept = segments.filter { $0.from.upperBound > $0.from.lowerBound }
        return kept.isEmpty ? [segments[1]] : kept
    }
}
