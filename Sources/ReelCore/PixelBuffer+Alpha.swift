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

    /// Straight-alpha copy of the pixels, row by row without padding (what PNG stores).
    public func unpremultipliedBytes() -> [UInt8] {
        var out = packedBytes
        for i in Swift.stride(from: 0, to: out.count, by: 4) {
            let a = UInt32(out[i + 3])
            guard a != 255 else { continue }
            for c in 0..<3 { out[i + c] = a == 0 ? 0 : UInt8(min(255, (UInt32(out[i + c]) * 255 + a / 2) / a)) }
        }
        return out
    }
}
