import ReelCore
import ReelLayers
import ReelRaster

/// `AVPlayerLayer`: the video's frame at the layer's time as its contents, placed by
/// `videoGravity` (whole, at its own pixels per point).
enum PlayerLayerPlanner: ClassPlanner {
    static func contentsImage(_ layer: Layer, assets: DrawingAssets) -> (layer: Layer, image: Image)? {
        guard let name = layer.player.player, let frame = assets.videos?.frame(name, at: layer.player.time) else {
            return nil
        }
        var shown = layer
        shown.contentsGravity = layer.player.videoGravity.contentsGravity
        shown.contentsRect = Rect(x: 0, y: 0, width: 1, height: 1)
        shown.contentsCenter = Rect(x: 0, y: 0, width: 1, height: 1)
        shown.contentsScale = 1
        return (shown, frame)
    }
}
