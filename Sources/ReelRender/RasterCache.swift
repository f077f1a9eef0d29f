import ReelCore
import ReelLayers

/// Bitmaps of `shouldRasterize` layers, kept from frame to frame while the subtree's content
/// is unchanged. The key is the layer with everything that does not reach the bitmap (where it
/// is placed, how it is faded) set to the defaults, so moving or fading a layer reuses it.
/// A bitmap unused for a whole frame is dropped.
struct RasterCache {
    private struct Key: Hashable {
        let layer: Layer
        let scale: Double
    }

    private var entries: [Key: Image] = [:]
    private var used: Set<Key> = []

    mutating func bitmap(for layer: Layer, scale: Double, make: () -> Image) -> Image {
        var content = layer
        content.position = .zero
        content.transform = .identity
        content.anchorPoint = Point(x: 0.5, y: 0.5)
        content.opacity = 1
        content.zPosition = 0
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
