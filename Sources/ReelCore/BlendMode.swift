/// How a picture lands on its backdrop (Reel's `compositingFilter`, extensions.md): source-over,
/// a W3C blend mode, `plusLighter`, or a Porter-Duff operator. The names are the JSON's.
public enum BlendMode: String, Hashable, Sendable, CaseIterable {
    case normal
    // W3C separable blend modes.
    case multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, hardLight, softLight, difference, exclusion
    // W3C non-separable blend modes (on the spec's Lum, Sat and ClipColor).
    case hue, saturation, color, luminosity
    /// The sum, clamped to 1 (After Effects' and Lottie's "add").
    case plusLighter
    // Porter-Duff operators over the whole isolation group.
    case sourceIn, sourceOut, sourceAtop, destinationIn, destinationOut, destinationAtop, xor

    /// Whether the result is 0 wherever the source is transparent, so the backdrop outside
    /// the layer's picture is cleared (`sourceIn`, `sourceOut`, `destinationIn`, `destinationAtop`).
    public var clearsOutsideSource: Bool {
        switch self {
        case .sourceIn, .sourceOut, .destinationIn, .destinationAtop: return true
        default: return false
        }
    }

    /// Whether the mode mixes colour channels (hue, saturation, color, luminosity).
    public var isNonSeparable: Bool {
        switch self {
        case .hue, .saturation, .color, .luminosity: return true
        default: return false
        }
    }
}
