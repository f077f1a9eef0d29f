/// A counter-based generator: the number drawn for a key is a pure function of the key, so a
/// particle's ranged values need no state carried from frame to frame, thread to thread or
/// segment to segment (Reel's choice for `CAEmitterLayer`, core-animation.md). Each word of
/// the key is folded in and mixed by SplitMix64's finaliser.
public enum CounterRandom {
    /// The (seed, cell, particle) part of a key, mixed once for all of a particle's draws.
    public struct Particle: Sendable {
        let mixed: UInt64

        public init(seed: UInt32, cell: Int, particle: Int64) {
            var h = CounterRandom.mix(UInt64(seed) &+ 0x9E37_79B9_7F4A_7C15)
            h = CounterRandom.mix(h ^ UInt64(truncatingIfNeeded: cell))
            mixed = CounterRandom.mix(h ^ UInt64(bitPattern: particle))
        }
    }

    /// A number uniform in [0, 1) for a particle's key and `draw`: 53 bits of the mixed key.
    @inline(__always)
    public static func uniform(_ key: Particle, draw: Int) -> Double {
        Double(mix(key.mixed ^ UInt64(truncatingIfNeeded: draw)) >> 11) * 0x1p-53
    }

    /// SplitMix64's finaliser: every input bit reaches every output bit.
    @inline(__always) static func mix(_ x: UInt64) -> UInt64 {
        var z = x &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
