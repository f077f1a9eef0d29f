import ReelCore
import Testing

/// The counter-based generator: a pure function of its key, spread evenly over [0, 1).
@Suite struct CounterRandomTests {
    @Test func aKeyAlwaysDrawsTheSameNumberAndNeighboursDiffer() {
        let key = CounterRandom.Particle(seed: 7, cell: 1, particle: 12_345)
        #expect(
            CounterRandom.uniform(key, draw: 3)
                == CounterRandom.uniform(CounterRandom.Particle(seed: 7, cell: 1, particle: 12_345), draw: 3))
        let neighbours = [
            CounterRandom.uniform(CounterRandom.Particle(seed: 8, cell: 1, particle: 12_345), draw: 3),
            CounterRandom.uniform(CounterRandom.Particle(seed: 7, cell: 2, particle: 12_345), draw: 3),
            CounterRandom.uniform(CounterRandom.Particle(seed: 7, cell: 1, particle: 12_346), draw: 3),
            CounterRandom.uniform(key, draw: 4)
        ]
        #expect(!neighbours.contains(CounterRandom.uniform(key, draw: 3)))
    }

    /// 100,000 consecutive particles: every draw in [0, 1), each tenth of the interval within 3 % of its share.
    @Test func drawsAreUniform() {
        var bins = [Int](repeating: 0, count: 10)
        for i in 0..<100_000 {
            let u = CounterRandom.uniform(CounterRandom.Particle(seed: 0, cell: 0, particle: Int64(i)), draw: 0)
            #expect(u >= 0 && u < 1)
            bins[Int(u * 10)] += 1
        }
        #expect(bins.allSatisfy { abs($0 - 10_000) < 300 }, "\(bins)")
    }
}
