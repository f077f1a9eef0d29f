/// How contents are sampled when magnified or minified (kCAFilter...).
public enum ContentsFilter: String, Hashable, Sendable, CaseIterable {
    /// Bilinear: smooth.
    case linear
    /// The nearest image pixel: blocky, keeps pixel art sharp.
    case nearest
    /// Bilinear between the two nearest mipmap levels: smooth under strong minification.
    case trilinear
}
