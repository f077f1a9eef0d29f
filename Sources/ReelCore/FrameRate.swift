/// A frame rate as an exact fraction (30/1, 30000/1001, ...), so frame times and codec time
/// bases never drift.
public struct FrameRate: Hashable, Sendable {
    public let numerator: Int
    public let denominator: Int

    public init(numerator: Int, denominator: Int = 1) {
        precondition(numerator > 0 && denominator > 0, "frame rate must be positive")
        self.numerator = numerator
        self.denominator = denominator
    }

    /// The exact rate for a decimal such as 30, 25, 59.94 or 23.976 (NTSC rates become n*1000/1001);
    /// nil when it is not positive or not a rate a video can carry.
    public init?(_ value: Double) {
        guard value.isFinite, value > 0, value <= 1000 else { return nil }
        if value == value.rounded() {
            self.init(numerator: Int(value))
        } else {
            let ntsc = (value * 1.001).rounded()
            if ntsc >= 1, abs(ntsc * 1000 / 1001 - value) < 0.006 {
                self.init(numerator: Int(ntsc) * 1000, denominator: 1001)
            } else {
                let thousandths = Int((value * 1000).rounded())
                guard thousandths >= 1 else { return nil }
                self.init(numerator: thousandths, denominator: 1000)
            }
        }
    }

    public var framesPerSecond: Double { Double(numerator) / Double(denominator) }

    /// The time at which frame `index` is sampled: its start, `index / fps`.
    public func time(ofFrame index: Int) -> Double {
        Double(index) * Double(denominator) / Double(numerator)
    }

    /// How many frames a video of `duration` seconds has: `round(fps * duration)`.
    public func frameCount(for duration: Double) -> Int {
        Int((duration * framesPerSecond).rounded())
    }
}
