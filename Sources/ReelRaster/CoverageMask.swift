/// 8-bit coverage (0 = outside, 255 = inside) over a rectangle of pixels: the anti-aliased
/// shape of a clip such as `masksToBounds`.
public final class CoverageMask {
    public let region: PixelRect
    private let storage: UnsafeMutablePointer<UInt8>

    /// A mask over `region`, all outside.
    public init(region: PixelRect) {
        self.region = region
        let count = max(1, region.width * region.height)
        storage = .allocate(capacity: count)
        storage.initialize(repeating: 0, count: count)
    }

    deinit { storage.deallocate() }

    /// Coverage of row `y` (in the region's coordinates' y, i.e. absolute), starting at `region.x`.
    public func row(_ y: Int) -> UnsafeMutablePointer<UInt8> {
        storage + (y - region.y) * region.width
    }

    /// Coverage at absolute pixel (x, y); 0 outside the region.
    public func value(x: Int, y: Int) -> UInt8 {
        guard x >= region.x, x < region.maxX, y >= region.y, y < region.maxY else { return 0 }
        return row(y)[x - region.x]
    }
}
