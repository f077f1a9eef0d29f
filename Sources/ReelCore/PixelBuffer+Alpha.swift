extension PixelBuffer {
    /// Turns straight-alpha pixels (as decoders deliver) into premultiplied ones, rounding to nearest.
    public func premultiplyInPlace() {
        for y in 0..<height {
            let p = row(y)
            for x in 0..<width {
                let v = p[x]
                let a = v >> 24
                guard a != 255 else { continue }
                func m(_ shift: UInt32) -> UInt32 { ((((v >> shift) & 0xFF) * a + 127) / 255) << shift }
                p[x] = m(0) | m(8) | m(16) | (a << 24)
            }
        }
    }

    /// The straight-alpha form of premultiplied pixel `v`: each colour times 255 / alpha,
    /// rounded to nearest (all zero where alpha is 0).
    public static func unpremultiplied(_ v: UInt32) -> UInt32 {
        let a = v >> 24
        if a == 255 { return v }
        if a == 0 { return 0 }
        func c(_ shift: UInt32) -> UInt32 { min(255, (((v >> shift) & 0xFF) * 255 + a / 2) / a) << shift }
        return c(0) | c(8) | c(16) | (a << 24)
    }

    /// Writes row `y` in straight alpha into `out` (`width` pixels).
    public func unpremultiplyRow(_ y: Int, into out: UnsafeMutablePointer<UInt32>) {
        let p = row(y)
        for x in 0..<width { out[x] = PixelBuffer.unpremultiplied(p[x]) }
    }

    /// Straight-alpha copy of the pixels, row by row without padding (what PNG stores).
    public func unpremultipliedBytes() -> [UInt8] {
        let out = PixelBuffer(width: width, height: height)
        for y in 0..<height { unpremultiplyRow(y, into: out.row(y)) }
        return out.packedBytes
    }
}
