import Foundation
import ReelCore

/// Rounded rectangles flattened once per size, corner radius and linear map, and moved into
/// place for each layer: thousands of dots or cards of one shape moving (not turning) share
/// one flattening a frame instead of one each. A kept outline is the same points the shape
/// would be flattened to, moved, so frames are the same whatever the cache holds. Bounded by
/// entry count (emptied when full); safe to share between threads.
public final class OutlineCache: @unchecked Sendable {
    struct Key: Hashable {
        let width, height, radius: Double
        let a, b, c, d: Double
    }

    /// The most outlines kept.
    public static let capacity = 256

    private let lock = NSLock()
    private var kept: [Key: [[Point]]] = [:]

    public init() {}

    /// The outline of `r` with corners of `radius` in the pixels `transform` maps to, as
    /// `Path(roundedRect:cornerRadius:).polygons(transform:)` gives it.
    public func roundedRect(_ r: Rect, radius: Double, transform: Transform3D) -> [[Point]] {
        guard let affine = transform.affine else {
            return Path(roundedRect: r, cornerRadius: radius).polygons(transform: transform)
        }
        let key = Key(
            width: r.width, height: r.height, radius: r.clampedCornerRadius(radius), a: affine.a, b: affine.b, c: affine.c,
            d: affine.d)
        let origin = affine.apply(r.origin)
        let local: [[Point]]
        lock.lock()
        if let found = kept[key] {
            lock.unlock()
            local = found
        } else {
            lock.unlock()
            // Flattened at the origin under the linear part; the move is added below.
            var linear = transform
            (linear.m41, linear.m42) = (0, 0)
            local = Path(roundedRect: Rect(origin: .zero, size: r.size), cornerRadius: key.radius).polygons(transform: linear)
            lock.lock()
            if kept.count >= Self.capacity { kept.removeAll(keepingCapacity: true) }
            kept[key] = local
            lock.unlock()
        }
        return local.map { polygon in polygon.map { Point(x: $0.x + origin.x, y: $0.y + origin.y) } }
    }
}
