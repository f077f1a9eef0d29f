/// How a layer's `mask` lets it show (Reel's `maskMode`, extensions.md): by the mask's alpha
/// (Core Animation's rule), by its luminance, or by either inverted; After Effects' track mattes.
public enum MaskMode: String, Hashable, Sendable, CaseIterable {
    /// The mask's alpha.
    case alpha
    /// 1 − the mask's alpha: the layer shows where the mask does not.
    case alphaInverted
    /// 0.2126 R + 0.7152 G + 0.0722 B of the mask's premultiplied sRGB values.
    case luminance
    /// 1 − the luminance (a transparent mask pixel has luminance 0).
    case luminanceInverted

    /// Whether the mask is read by its colours' luminance rather than its alpha.
    public var readsLuminance: Bool { self == .luminance || self == .luminanceInverted }

    /// Whether the layer shows where the mask draws nothing (outside the mask layer too).
    public var isInverted: Bool { self == .alphaInverted || self == .luminanceInverted }
}
