import ReelCore

/// Motion blur (extension-rules.md, "Motion blur"): a frame exposed over the shutter as the
/// average of `samples` pictures drawn at sub-frame times. On the canvas it blurs the whole
/// frame; on a layer, that layer's subtree alone.
public struct MotionBlur: Hashable, Sendable {
    /// Degrees of a frame's interval the shutter is open, 0...720 (180: half the frame).
    public var shutterAngle: Double
    /// Degrees from the frame's time to where the shutter opens, −360...360 (−90: a quarter
    /// frame before, so a 180° exposure is centred on the frame's time).
    public var shutterPhase: Double
    /// Sub-frame pictures averaged, 1...64.
    public var samples: Int

    public init(shutterAngle: Double = 180, shutterPhase: Double = -90, samples: Int = 16) {
        self.shutterAngle = shutterAngle
        self.shutterPhase = shutterPhase
        self.samples = samples
    }

    public static let shutterAngles: ClosedRange<Double> = 0...720
    public static let shutterPhases: ClosedRange<Double> = -360...360
    public static let sampleCounts: ClosedRange<Int> = 1...64

    /// The sub-frame times that expose the frame at `time` (t0 = frame / fps):
    /// t_k = t0 + (shutterPhase + shutterAngle · (k + ½) / samples) / 360 / fps, each clamped
    /// to 0...`duration`.
    public func exposure(at time: Double, fps: FrameRate, duration: Double) -> [Double] {
        let n = Double(samples)
        return (0..<samples).map { k in
            let offset =
                (shutterPhase + shutterAngle * (Double(k) + 0.5) / n) / 360 * Double(fps.denominator)
                / Double(fps.numerator)
            return min(max(time + offset, 0), duration)
        }
    }
}
