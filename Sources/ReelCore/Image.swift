/// A decoded image: premultiplied pixels and their mipmap chain (each level half the size of
/// the one before, 2x2 box-filtered), built once and shared by every layer and frame that
/// shows it. Immutable after creation, which is why the unchecked `Sendable` is safe.
public final class Image: @unchecked Sendable, Hashable {
    /// Level 0 is the image itself; the last level is 1x1.
    public let levels: [PixelBuffer]

    /// An image of `pixels`, with its mipmap chain unless `mipmapped` is false (then level 0 only).
    public init(pixels: PixelBuffer, mipmapped: Bool = true) {
        var levels = [pixels]
        while mipmapped, let last = levels.last, last.width > 1 || last.height > 1 {
            levels.append(Image.halve(last))
        }
        self.levels = levels
    }

    public var pixels: PixelBuffer { levels[0] }
    public var width: Int { levels[0].width }
    public var height: Int { levels[0].height }

    /// The next mipmap level: each pixel the rounded mean of the (up to) 2x2 pixels below it.
    static func halve(_ p: PixelBuffer) -> PixelBuffer {
        let w = max(1, (p.width + 1) / 2)
        let h = max(1, (p.height + 1) / 2)
        let out = PixelBuffer(width: w, height: h)
        for y in 0..<h {
            let r0 = p.row(min(2 * y, p.height - 1))
            let r1 = p.row(min(2 * y + 1, p.height - 1))
            let o = out.row(y)
            for x in 0..<w {
                let x0 = min(2 * x, p.width - 1)
                let x1 = min(2 * x + 1, p.width - 1)
                var v: UInt32 = 0
                for shift: UInt32 in [0, 8, 16, 24] {
                    let s =
                        (r0[x0] >> shift & 0xFF) + (r0[x1] >> shift & 0xFF) + (r1[x0] >> shift & 0xFF) + (r1[x1] >> shift & 0xFF)
                    v |= ((s + 2) / 4) << shift
                }
                o[x] = v
            }
        }
        return out
    }

    public static func == (a: Image, b: Image) -> Bool { a === b }
    public func hash(into h: inout Hasher) { h.combine(ObjectIdentifier(self)) }
}
