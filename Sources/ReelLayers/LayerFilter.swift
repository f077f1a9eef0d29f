/// One of a layer's `filters` (Reel's extension, extensions.md): a Gaussian blur or a colour
/// matrix, applied in list order to the layer's picture; its `name` (unique in the list) is
/// how animations reach its values (`filters.NAME.radius`, `filters.NAME.matrix`).
public struct LayerFilter: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// Sigma in the layer's points, scaled like `shadowRadius`; 0 or more.
        case gaussianBlur(radius: Double)
        /// Rows for R, G, B, A of five numbers each: `r·m0 + g·m1 + b·m2 + a·m3 + m4` on
        /// straight sRGB-encoded colour, clamped to 0...1.
        case colorMatrix([Double])
    }

    public var name: String
    public var kind: Kind

    public init(name: String, kind: Kind) {
        self.name = name
        self.kind = kind
    }

    /// The names of the kinds, as the file writes them in `type`.
    public static let typeNames = ["gaussianBlur", "colorMatrix"]
    /// Numbers in a colour matrix: four rows of five.
    public static let matrixCount = 20
    /// The matrix that changes nothing.
    public static let identityMatrix: [Double] = (0..<20).map { $0 % 6 == 0 ? 1 : 0 }
}
