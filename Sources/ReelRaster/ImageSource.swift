import ReelCore

/// An image as it is drawn: which pixels a point of the drawing's own space shows, axis by
/// axis (piecewise-linear for nine-slice), and how samples between pixel centres are made.
public struct ImageSource {
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
    /// x of the drawing's space onto image pixels, in ascending order of x.
    public let columns: [AxisSegment]
    /// y of the drawing's space onto image pixels.
    public let rows: [AxisSegment]
    public let filter: Filter

    public init(image: Image, columns: [AxisSegment], rows: [AxisSegment], filter: Filter) {
        self.image = image
        self.columns = columns
        self.rows = rows
        self.filter = filter
    }

    /// The whole image at one image pixel per unit.
    public init(image: Image, filter: Filter) {
        self.init(image: image, columns: [AxisSegment(from: 0...Double(image.width), to: 0...Double(image.width))],
                  rows: [AxisSegment(from: 0...Double(image.height), to: 0...Double(image.height))], filter: filter)
    }

    /// The rectangle of the drawing's space the image covers.
    public var destination: Rect {
        Rect(x: columns[0].from.lowerBound, y: rows[0].from.lowerBound,
             width: columns[columns.count - 1].from.upperBound - columns[0].from.lowerBound,
             height: rows[rows.count - 1].from.upperBound - rows[0].from.lowerBound)
    }
}
