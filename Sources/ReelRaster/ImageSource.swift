import ReelCore

/// An image as it is drawn: which pixels a point of the drawing's own space shows, axis by
/// axis (piecewise-linear for nine-slice), and how samples between pixel centres are made.
public struct ImageSource: Sendable {
    /// How samples between pixel centres are made.
    public enum Filter: Hashable, Sendable {
        /// The pixel whose square holds the point: blocky, keeps pixel art sharp.
        case nearest
        /// Bilinear: the four nearest centres weighted by distance.
        case linear
        /// Bilinear in two mipmap levels around `level` (0 = full size), mixed.
        case trilinear(level: Double)
    }

    public let image: Image
    /// The drawing's own space onto image pixels.
    public let mapping: AxisMapping
    public let filter: Filter

    public init(image: Image, mapping: AxisMapping, filter: Filter) {
        self.image = image
        self.mapping = mapping
        self.filter = filter
    }

    /// The whole image at one image pixel per unit.
    public init(image: Image, filter: Filter) {
        let w = Double(image.width)
        let h = Double(image.height)
        self.init(
            image: image,
            mapping: AxisMapping(columns: [AxisSegment(from: 0...w, to: 0...w)], rows: [AxisSegment(from: 0...h, to: 0...h)]),
            filter: filter)
    }
}
