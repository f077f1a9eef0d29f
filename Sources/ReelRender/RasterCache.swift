import ReelCore
import ReelLayers

/// Bitmaps of `shouldRasterize` layers, kept from frame to frame while the subtree's content
/// is unchanged. The key is the layer with everything that does not reach the bitmap (where it
/// is placed, how it is faded) set to the defaults by the planner, so moving or fading a layer
/// reuses it. A bitmap unused for a whole frame is dropped.
struct RasterCache {
    private struct Key: Hashable {
        let layer: Layer
        let scale: Double
    }

    private var entries: [Key: Image] = [:]
    private var used: Set<Key> = []

    mutating func bitmap(for content: Layer, scale: Double, make: () -> Image) -> Image {
        let key = Key(layer: content, scale: scale)
        used.insert(key)
        if let hit = entries[key] { return hit }
        let bitmap = make()
        entries[key] = bitmap
        return bitmap
    }

    /// Drops the bitmaps the frame did not use.
    mutating func endFrame() {
        entries = entries.filter { used.contains($0.key) }
        used.removeAll(keepingCapacity: true)
    }
}
