/// 8-bit coverage (0 = outside, 255 = inside) over a rectangle of pixels: the anti-aliased
/// shape of a clip such as `masksToBounds`.
public final class CoverageMask {
    public let region: PixelRect
    private let storage: UnsafeMutablePointer<UInt8>
    /// Whether the mask frees `storage` (false for scratch memory lent by its owner).
    private let ownsStorage: Bool

    /// A mask over `region`, all outside.
    public init(region: PixelRect) {
        self.region = region
        let count = CoverageMask.byteCount(region)
        storage = .allocate(capacity: count)
        storage.initialize(repeating: 0, count: count)
        ownsStorage = true
    }

    /// A mask over `region` in scratch memory the caller owns and keeps alive longer than the
    /// mask (`byteCount(region)` bytes), all outside.
    public init(region: PixelRect, borrowing memory: UnsafeMutableRawPointer) {
        self.region = region
        let count = CoverageMask.byteCount(region)
        storage = memory.bindMemory(to: UInt8.self, capacity: count)
        storage.initialize(repeating: 0, count: count)
        ownsStorage = false
    }

    deinit { if ownsStorage { storage.deallocate() } }

    /// Bytes a mask over `region` needs.
    public static func byteCount(_ region: PixelRect) -> Int { max(1, region.width * region.height) }

    /// Bytes the mask holds, for caches that bound their memory.
    public var byteCount: Int { CoverageMask.byteCount(region) }

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
