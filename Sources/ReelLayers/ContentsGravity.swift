/// Where `contents` sit in the bounds (kCAGravity...). Directions are visual: `top` is the
/// top of the frame, as UIKit's contentMode.
public enum ContentsGravity: String, Hashable, Sendable, CaseIterable {
    case center, top, bottom, left, right, topLeft, topRight, bottomLeft, bottomRight
    case resize, resizeAspect, resizeAspectFill

    /// Whether the image is stretched to the bounds (the gravities `contentsCenter` applies to).
    public var stretches: Bool { self == .resize || self == .resizeAspect || self == .resizeAspectFill }
}
