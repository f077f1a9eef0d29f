/// SplitMix64: a seeded generator for tests, so a failure repeats with its seed.
public struct SeededGenerator: RandomNumberGenerator {
    public var state: UInt64

    public init(state: UInt64) { self.state = state }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// A valid premultiplied pixel (no channel above alpha).
public func randomPixel(_ g: inout SeededGenerator) -> UInt32 {
    let a = UInt32.random(in: 0...255, using: &g)
    let special = UInt32.random(in: 0..<8, using: &g)
    let alpha: UInt32 = special == 0 ? 0 : (special == 1 ? 255 : a)
    func c() -> UInt32 { UInt32.random(in: 0...alpha, using: &g) }
    return c() | c() << 8 | c() << 16 | alpha << 24
}
