/// How an open stroke ends (CAShapeLayer's `lineCap`): flat at the end point, a half disc
/// around it, or a half square beyond it.
public enum LineCap: String, CaseIterable, Hashable, Sendable {
    case butt, round, square
}
