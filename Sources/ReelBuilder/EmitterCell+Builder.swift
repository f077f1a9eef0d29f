import ReelLayers

extension EmitterCell {
    /// A cell showing the image asset `image`: `rate` particles a second, each living
    /// `lifetime` seconds; set the rest of its keys on the value (`velocity`, `spin`, ...).
    public init(_ name: String, image: String, rate: Double, lifetime: Double) {
        self.init(name: name)
        (contents, birthRate, self.lifetime) = (image, rate, lifetime)
    }

    /// A burst: `count` particles of `image` born evenly over `duration` seconds from `time`,
    /// each living `lifetime` seconds, then none.
    public static func burst(
        _ name: String, image: String, count: Int, at time: Double, over duration: Double = 0.25, lifetime: Double
    ) -> EmitterCell {
        var cell = EmitterCell(name, image: image, rate: Double(count) / duration, lifetime: lifetime)
        (cell.beginTime, cell.duration) = (time, duration)
        return cell
    }
}
