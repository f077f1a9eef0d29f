/// How a stroke turns a corner (CAShapeLayer's `lineJoin`): a sharp point (cut to a bevel
/// past the miter limit), a round arc, or a straight cut.
public enum LineJoin: String, CaseIterable, Hashable, Sendable {
    case miter, round, bevel
}
