import ReelCore
import ReelLayers

/// Bitmaps of `shouldRasterize` layers, kept from frame to frame while the subtree's content
/// is unchanged. The key is the layer with everything that does not reach the bitmap (where it
/// is placed, how it is faded) set to the defaults by the planner, so moving or fading a layer
/// reuses it. A bitmap unused for a whole frame is dropped, and the cache never holds more
/// than `budget` bytes (a bitmap past it is made for the frame and not kept).
struct RasterCache {
    /// The largest bitmap a layer is rasterized into (4096 x 4096 pixels, 64 MB); a layer
    /// that would need more is drawn directly instead, as if `shouldRasterize` were off.
    static let maximumPixels = 4096 * 4096
    /// Bytes of bitmaps kept at most, per renderer.
    static let budget = 256 << 20

    private struct Key: Hashable {
        let layer: Layer
        let scale: Double
    }

    private var entries: [Key: Image] = [:]
    private var used: Set<Key> = []
    private var bytes = 0

    mutating func bitmap(for content: Layer, scale: Double, make: () -> Image) -> Image {
        let key = Key(layer: content, scale: scale)
        used.insert(key)
        if let hit = entries[key] { return hit }
        let bitmap = make()
        let size = RasterCache.byteCount(bitmap)
        if bytes + size <= RasterCache.budget {
            entries[key] = bitmap
            bytes += size
        }
        return bitmap
    }

    /// Drops the bitmaps the frame did not use.
    mutating func endFrame() {
        for (key, bitmap) in entries where !used.contains(key) {
            entries[key] = nil
            bytes -= RasterCache.byteCount(bitmap)
        }
        used.removeAll(keepingCapacity: true)
    }

    private static func byteCount(_ image: Image) -> Int { image.levels.reduce(0) { $0 + $1.stride * $1.height } }
}
