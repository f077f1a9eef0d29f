import ReelCore
import ReelRaster
import ReelText

/// A fill whose coverage the executor keeps from frame to frame while it does not change: a
/// text layer's glyphs, which stand still on most frames. The key is everything the coverage
/// depends on (the laid-out block, which group of its glyphs, where the block lands in the
/// target's pixels, and the pixels covered); the outlines are made only when the coverage is
/// not kept, so a static title costs the blending of its covered pixels.
public struct KeptFill: @unchecked Sendable {
    public struct Key: Hashable, Sendable {
        let block: TextBlock
        let group: Int
        let transform: Transform3D
        let area: PixelRect
    }

    public let key: Key
    /// The outlines, in the target's pixels, made when the coverage is not kept.
    public let polygons: () -> [[Point]]
}

/// The coverage of kept fills, per executor: a mask unused for a whole frame is dropped, and
/// never more than `budget` bytes are kept (a mask past it is made for the step and not kept).
struct CoverageCache {
    /// Bytes of masks kept at most, per renderer.
    static let budget = 64 << 20

    private var entries: [KeptFill.Key: CoverageMask] = [:]
    private var used: Set<KeptFill.Key> = []
    private(set) var byteCount = 0

    mutating func mask(for fill: KeptFill, make: () -> CoverageMask) -> CoverageMask {
        used.insert(fill.key)
        if let kept = entries[fill.key] { return kept }
        let mask = make()
        if byteCount + mask.byteCount <= CoverageCache.budget {
            entries[fill.key] = mask
            byteCount += mask.byteCount
        }
        return mask
    }

    /// Drops the masks the frame did not use.
    mutating func endFrame() {
        for (key, mask) in entries where !used.contains(key) {
            entries[key] = nil
            byteCount -= mask.byteCount
        }
        used.removeAll(keepingCapacity: true)
    }
}
