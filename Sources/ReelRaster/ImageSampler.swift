import ReelCore

/// Reads a premultiplied image at a real-valued position (pixel centres at +0.5), edges
/// clamped so nothing outside the image bleeds in.
public enum ImageSampler {
    /// How samples between pixel centres are made.
    public enum Filter: String, Hashable, Sendable, CaseIterable {
        /// The pixel whose square contains the point: blocky, keeps pixel art sharp.
        case nearest
        /// Bilinear: the four nearest centres weighted by distance.
        case linear
    }

    @inline(__always)
    static func nearest(_ image: PixelBuffer, _ u: Double, _ v: Double) -> UInt32 {
        let x = min(max(Int(u.rounded(.down)), 0), image.width - 1)
        let y = min(max(Int(v.rounded(.down)), 0), image.height - 1)
        return image.row(y)[x]
    }

    /// Bilinear with weights in 1/256 steps, each channel rounded to nearest.
    @inline(__always)
    static func bilinear(_ image: PixelBuffer, _ u: Double, _ v: Double) -> UInt32 {
        let fx = u - 0.5, fy = v - 0.5
        let x0f = fx.rounded(.down), y0f = fy.rounded(.down)
        let wx = UInt32(((fx - x0f) * 256).rounded()), wy = UInt32(((fy - y0f) * 256).rounded())
        let maxX = image.width - 1, maxY = image.height - 1
        let x0 = min(max(Int(x0f), 0), maxX), x1 = min(max(Int(x0f) + 1, 0), maxX)
        let y0 = min(max(Int(y0f), 0), maxY), y1 = min(max(Int(y0f) + 1, 0), maxY)
        let r0 = image.row(y0), r1 = image.row(y1)
        let (a, b, c, d) = (r0[x0], r0[x1], r1[x0], r1[x1])
        var out: UInt32 = 0
        for shift: UInt32 in [0, 8, 16, 24] {
            let top = ((a >> shift) & 0xFF) * (256 - wx) + ((b >> shift) & 0xFF) * wx
            let bottom = ((c >> shift) & 0xFF) * (256 - wx) + ((d >> shift) & 0xFF) * wx
            out |= ((top * (256 - wy) + bottom * wy + 32768) >> 16) << shift
        }
        return out
    }
}
