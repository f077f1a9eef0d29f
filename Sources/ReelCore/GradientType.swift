/// How a CAGradientLayer maps a point to its place between the colours: along the line from
/// `startPoint` to `endPoint`, out from `startPoint` to an ellipse, or round `startPoint`.
public enum GradientType: String, CaseIterable, Hashable, Sendable {
    case axial, radial, conic
}
