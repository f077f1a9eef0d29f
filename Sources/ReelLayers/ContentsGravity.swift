/// Where `contents` sit in the bounds (kCAGravity...). Directions are visual: `top` is the
/// top of the frame, as UIKit's contentMode.
public enum ContentsGravity: String, Hashable, Sendable, CaseIterable {
    case center, top, bottom, left, right, topLeft, topRight, bottomLeft, bottomRight
    case resize, resizeAspect, resizeAspectFill

    /// Whether the image is stretched to the bounds (the gravities `contentsCenter` applies to).
    public var stretches: Bool { self == .resize || self == .resizeAspect || self == .resizeAspectFill }

    /// Where an image kept at its natural size sits along each axis, as the fraction of the
    /// room left over that lies before it: 0 at the left or top, 0.5 centred, 1 at the right
    /// or bottom. The stretching gravities centre.
    var placement: (x: Double, y: Double) {
        switch self {
        case .topLeft: (0, 0)
        case .top: (0.5, 0)
        case .topRight: (1, 0)
        case .left: (0, 0.5)
        case .center, .resize, .resizeAspect, .resizeAspectFill: (0.5, 0.5)
        case .right: (1, 0.5)
        case .bottomLeft: (0, 1)
        case .bottom: (0.5, 1)
        case .bottomRight: (1, 1)
        }
    }
}
