import ReelCore

/// One `CAEmitterCell`: what a `CAEmitterLayer` emits, with Core Animation's names and
/// defaults. A ranged value `M` with range `R` is drawn per particle uniformly in
/// [M − R/2, M + R/2]; speeds change a particle's value per second of its life.
public struct EmitterCell: Hashable, Sendable {
    /// Unique among the layer's cells: animations reach the cell by `emitterCells.NAME.KEY`.
    public var name: String
    /// False: the cell emits nothing. Default true.
    public var isEnabled = true
    /// Particles a second (below 0 counts as 0), times the layer's `birthRate`. Default 0.
    public var birthRate: Double = 0
    /// Seconds a particle lives, and its range. Default 0.
    public var lifetime: Double = 0
    public var lifetimeRange: Double = 0
    /// Initial speed in points a second, and its range. Default 0.
    public var velocity: Double = 0
    public var velocityRange: Double = 0
    /// Direction of travel in radians (0 along +x, clockwise on screen), and the spread about it. Default 0.
    public var emissionLongitude: Double = 0
    public var emissionRange: Double = 0
    /// Ignored in 2D. Default 0.
    public var emissionLatitude: Double = 0
    /// Acceleration in points a second squared. Default 0.
    public var xAcceleration: Double = 0
    public var yAcceleration: Double = 0
    /// Size multiplier of the image, its range, and its change a second. Default 1, 0, 0.
    public var scale: Double = 1
    public var scaleRange: Double = 0
    public var scaleSpeed: Double = 0
    /// Turn in radians a second (clockwise on screen), and its range. Default 0.
    public var spin: Double = 0
    public var spinRange: Double = 0
    /// The tint (straight multiply) at birth. Default opaque white.
    public var color: Color = .white
    /// Ranges of each channel of the tint. Default 0.
    public var redRange: Double = 0
    public var greenRange: Double = 0
    public var blueRange: Double = 0
    public var alphaRange: Double = 0
    /// Change of each channel of the tint a second. Default 0.
    public var redSpeed: Double = 0
    public var greenSpeed: Double = 0
    public var blueSpeed: Double = 0
    public var alphaSpeed: Double = 0
    /// The image asset a particle shows; nil draws nothing. Default nil.
    public var contents: String? = nil
    /// The part of the image shown, in unit coordinates. Default (0, 0, 1, 1).
    public var contentsRect = Rect(x: 0, y: 0, width: 1, height: 1)
    /// Image pixels per point. Default 1.
    public var contentsScale: Double = 1
    /// Sampling when a particle's image is enlarged or reduced. Default `linear`.
    public var magnificationFilter: ContentsFilter = .linear
    public var minificationFilter: ContentsFilter = .linear
    /// When the cell emits, in the layer's time: from `beginTime` for the active duration of
    /// `duration` (0: for ever), `repeatCount` and `repeatDuration`, as CAMediaTiming counts it.
    public var beginTime: Double = 0
    public var duration: Double = 0
    public var repeatCount: Double = 0
    public var repeatDuration: Double = 0

    public init(name: String) {
        self.name = name
    }

    /// Seconds after `beginTime` the cell emits for: for ever without a `duration` (or for
    /// `repeatDuration` when only that is set); else the duration times `repeatCount` (0
    /// counts as 1), cut to `repeatDuration` when set (CAMediaTiming's active duration).
    public var emittingDuration: Double {
        guard duration > 0 else { return repeatDuration > 0 ? repeatDuration : .infinity }
        let byCount = repeatCount > 0 ? repeatCount * duration : (repeatDuration > 0 ? .infinity : duration)
        return repeatDuration > 0 ? min(byCount, repeatDuration) : byCount
    }
}
