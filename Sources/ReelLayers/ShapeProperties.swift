import ReelCore

/// What a CAShapeLayer draws: its path filled under its own rule, then stroked, both as the
/// layer's contents (above the background, below the sublayers), in the layer's own space.
public struct ShapeProperties: Hashable, Sendable {
    /// The outline in the layer's own coordinates, not cut to the bounds. Default nil: nothing drawn.
    public var path: Path? = nil
    /// Fills the path; clear draws no fill (the file's null). Default opaque black.
    public var fillColor: Color = .black
    /// What the fill encloses where the path's parts overlap. Default `nonZero`.
    public var fillRule: FillRule = .nonZero
    /// Strokes the path, centred on it, over the fill; clear draws no stroke (the file's null). Default clear.
    public var strokeColor: Color = .clear
    /// Width, ends, corners, dashes and the trimmed part of the stroke.
    public var stroke = StrokeStyle()

    public init() {}
}
