/// Which Core Animation class a layer is, by the name a CA user writes.
public enum LayerClass: String, CaseIterable, Hashable, Sendable {
    /// CALayer: draws its own elements and flattens its sublayers into its plane.
    case layer = "CALayer"
    /// CATransformLayer: draws nothing of its own; its sublayers keep their 3D places in the
    /// space it lies in and are drawn sorted by depth, each faded by its opacity on its own.
    case transformLayer = "CATransformLayer"
    /// CAShapeLayer: fills and strokes a path as its contents.
    case shapeLayer = "CAShapeLayer"
    /// CAGradientLayer: an axial, radial or conic gradient over its rounded bounds as its contents.
    case gradientLayer = "CAGradientLayer"
    /// CAReplicatorLayer: draws its sublayers `instanceCount` times, each copy transformed,
    /// delayed and tinted a step further.
    case replicatorLayer = "CAReplicatorLayer"
    /// CATextLayer: its string shaped and laid out in its bounds, drawn as glyph outlines.
    case textLayer = "CATextLayer"
    /// AVPlayerLayer: a video's frame at the layer's local time as its contents.
    case playerLayer = "AVPlayerLayer"
    /// CAEmitterLayer: particles its cells emit, drawn above everything else the layer draws.
    case emitterLayer = "CAEmitterLayer"
}
