import ReelCore
import ReelLayers
import ReelRaster

/// The rules one layer class adds to CALayer's (background, contents image, sublayers, border,
/// shadow, mask): what it draws as contents of its own, how far they reach, and how it lays out
/// its sublayers. Each class has its small planner in its own file (`ShapeLayerPlanner`, ...);
/// `FramePlanner` asks the layer's (`LayerClass.planner`) and names no class, so a new class is
/// one new file and one line in `LayerClass.planner`. The defaults are CALayer's.
protocol ClassPlanner {
    /// Whether the layer draws contents of its own (a shape's path, a gradient's colours, text).
    static func drawsContents(_ layer: Layer) -> Bool
    /// How many elements those contents count as when group opacity is decided (2 where their
    /// parts can overlap each other).
    static func contentsElements(_ layer: Layer) -> Int
    /// Plans the contents: above the contents image, below the sublayers.
    static func drawContents(
        _ layer: Layer, in builder: inout FramePlanner.Builder, index: Int, toDevice: Transform3D, clip: PixelRect,
        opacity: Double)
    /// The box the contents can reach outside the bounds, in the space `toDevice` maps to; nil for none.
    static func contentsExtent(_ layer: Layer, in builder: FramePlanner.Builder, toDevice: Transform3D) -> Rect?
    /// The picture the layer shows as its contents and the layer as it places it: by default an
    /// image asset placed by the layer's own contents keys.
    static func contentsImage(_ layer: Layer, assets: DrawingAssets) -> (layer: Layer, image: Image)?
    /// Plans what the class draws above the border, the top of the layer's own drawing (an
    /// emitter's particles).
    static func drawOnTop(
        _ layer: Layer, in builder: inout FramePlanner.Builder, index: Int, toDevice: Transform3D, clip: PixelRect,
        opacity: Double)
    /// Whether the layer draws as one picture of its own, as a layer with a `compositingFilter`
    /// does (an additive emitter's particles add onto that picture).
    static func drawsAsOnePicture(_ layer: Layer) -> Bool
    /// How many copies of its sublayers the layer draws (1 but for a replicator).
    static func copies(_ layer: Layer) -> Int
    /// Plans the sublayers in the plane `space` then `plane` map to the target.
    static func drawSublayers(
        _ layer: Layer, in builder: inout FramePlanner.Builder, index: Int, space: Transform3D, plane: Transform3D,
        clip: PixelRect, opacity: Double, path: String)
    /// The box the sublayers reach, in the space `plane` maps to; nil when none is visible.
    static func sublayersExtent(_ layer: Layer, in builder: FramePlanner.Builder, space: Transform3D, plane: Transform3D)
        -> Rect?
    /// Plans `layer` as a sublayer laid out in `space` of a superlayer whose plane `plane` maps
    /// to the target, faded by `opacity`: CALayer draws itself in that plane.
    static func draw(
        sublayer layer: Layer, in builder: inout FramePlanner.Builder, space: Transform3D, plane: Transform3D,
        clip: PixelRect, opacity: Double, path: String)
    /// The box `layer` reaches as a sublayer laid out so, in the space `plane` maps to; nil for nothing.
    static func extent(sublayer layer: Layer, in builder: FramePlanner.Builder, space: Transform3D, plane: Transform3D) -> Rect?
}

extension ClassPlanner {
    static func drawsContents(_ layer: Layer) -> Bool { false }
    static func contentsElements(_ layer: Layer) -> Int { 1 }
    static func drawContents(
        _ layer: Layer, in builder: inout FramePlanner.Builder, index: Int, toDevice: Transform3D, clip: PixelRect,
        opacity: Double
    ) {}
    static func contentsExtent(_ layer: Layer, in builder: FramePlanner.Builder, toDevice: Transform3D) -> Rect? { nil }

    static func contentsImage(_ layer: Layer, assets: DrawingAssets) -> (layer: Layer, image: Image)? {
        guard let name = layer.contents, let image = assets.images[name] else { return nil }
        return (layer, image)
    }

    static func drawOnTop(
        _ layer: Layer, in builder: inout FramePlanner.Builder, index: Int, toDevice: Transform3D, clip: PixelRect,
        opacity: Double
    ) {}
    static func drawsAsOnePicture(_ layer: Layer) -> Bool { false }
    static func copies(_ layer: Layer) -> Int { 1 }

    static func drawSublayers(
        _ layer: Layer, in builder: inout FramePlanner.Builder, index: Int, space: Transform3D, plane: Transform3D,
        clip: PixelRect, opacity: Double, path: String
    ) {
        builder.drawSublayers(layer.sublayersInDrawingOrder, space: space, plane: plane, clip: clip, opacity: opacity, path: path)
    }

    static func sublayersExtent(_ layer: Layer, in builder: FramePlanner.Builder, space: Transform3D, plane: Transform3D)
        -> Rect?
    {
        builder.sublayersExtent(layer.sublayers, space: space, plane: plane)
    }

    static func draw(
        sublayer layer: Layer, in builder: inout FramePlanner.Builder, space: Transform3D, plane: Transform3D,
        clip: PixelRect, opacity: Double, path: String
    ) {
        builder.draw(layer, parent: space.concatenating(plane), clip: clip, opacity: opacity, path: path)
    }

    static func extent(sublayer layer: Layer, in builder: FramePlanner.Builder, space: Transform3D, plane: Transform3D) -> Rect? {
        builder.deviceExtent(of: layer, toDevice: layer.transformToSuperlayer.concatenating(space).concatenating(plane))
    }
}

/// CALayer itself: nothing beyond the defaults.
enum BasicLayerPlanner: ClassPlanner {}

extension LayerClass {
    /// The planner of the class's own rules.
    var planner: any ClassPlanner.Type {
        switch self {
        case .layer: return BasicLayerPlanner.self
        case .shapeLayer: return ShapeLayerPlanner.self
        case .gradientLayer: return GradientLayerPlanner.self
        case .textLayer: return TextLayerPlanner.self
        case .replicatorLayer: return ReplicatorLayerPlanner.self
        case .transformLayer: return TransformLayerPlanner.self
        case .playerLayer: return PlayerLayerPlanner.self
        case .emitterLayer: return EmitterLayerPlanner.self
        }
    }
}
