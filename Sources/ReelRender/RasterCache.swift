import ReelCore
import ReelLayers

/// Bitmaps of `shouldRasterize` layers, kept from frame to frame while the subtree's content
/// is unchanged. The key is the layer with everything that does not reach the bitmap (where it
/// is placed, how it is faded) set to the defaults by the planner, so moving or fading a layer
/// reuses it. A bitmap unused for a whole frame is dropped, and the cache never holds more
/// than `budget` bytes (a bitmap past it is made for the frame and not kept).
public struct RasterCache {
    /// The largest bitmap a layer is rasterized into (4096 x 4096 pixels, 64 MB); a layer
    /// that would need more is drawn directly instead, as if `shouldRasterize` were off.
    static let maximumPixels = 4096 * 4096
    /// Bytes of bitmaps kept at most, per renderer.
    static let budget = 256 << 20

    /// What a bitmap shows: the layer with placement and fading reset, at its scale.
    public struct Key: Hashable, Sendable {
        let layer: Layer
        let scale: Double
    }

    private var kept = FrameKept<Key, Image>(budget: RasterCache.budget, size: RasterCache.byteCount)

    mutating func bitmap(for key: Key, make: () -> Image) -> Image {
        kept.value(for: key, make: make)
    }

    /// Drops the bitmaps the frame did not use.
    mutating func endFrame() { kept.endFrame() }

    private static func byteCount(_ image: Image) -> Int { image.levels.reduce(0) { $0 + $1.stride * $1.height } }
}
