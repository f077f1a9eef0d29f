import ReelCore

/// One CALayer: its properties with Core Animation's names and defaults, and its sublayers.
/// A value type: a timeline evaluates to a fresh tree of these for every frame.
public struct Layer: Hashable, Sendable {
    /// The layer's name in the timeline; hit testing reports paths of these.
    public var id: String
    /// CALayer, or CATransformLayer (only its sublayers draw, in 3D). Default CALayer.
    public var layerClass: LayerClass = .layer

    // Geometry
    /// The layer's own coordinate space: origin and size in points. Default zero.
    public var bounds: Rect = .zero
    /// Where the anchor point sits in the superlayer's space. Default (0, 0).
    public var position: Point = .zero
    /// The point, in unit coordinates of the bounds, that `position` and `transform` pivot on. Default (0.5, 0.5).
    public var anchorPoint = Point(x: 0.5, y: 0.5)
    /// Applied to the layer about its anchor point. Default identity.
    public var transform: Transform3D = .identity
    /// Applied to the sublayers, about this layer's anchor point. Default identity.
    public var sublayerTransform: Transform3D = .identity
    /// Drawing order among siblings: ascending, stable. Default 0.
    public var zPosition: Double = 0
    /// A hidden layer and its sublayers draw nothing and are not hit. Default false.
    public var isHidden = false
    /// Sublayers are laid out with y measured up from the bottom of the bounds; nested flips
    /// undo each other, so it holds down the tree until a sublayer sets it again. Default false.
    public var isGeometryFlipped = false
    /// CALayer.contentsAreFlipped: an odd number of layers from this one up to the root set
    /// `geometryFlipped`. Images stay upright on screen however the geometry is flipped (as
    /// CALayer.h promises): where the superlayers leave this layer's own space flipped, its
    /// contents are drawn mirrored in it (`contentsTransform`). Derived from the tree by
    /// `resolveFlips`; default false.
    public private(set) var contentsAreFlipped = false

    // Appearance
    /// Fades the layer and its sublayers. Default 1.
    public var opacity: Double = 1
    /// When on, a faded subtree is composited first and faded as one picture. Default true.
    public var allowsGroupOpacity = true
    /// Fills the bounds, rounded by `cornerRadius`. Default nil (nothing drawn).
    public var backgroundColor: Color? = nil
    /// Rounds the background and border; clamped to half the shorter side. Default 0.
    public var cornerRadius: Double = 0
    /// Width of the border drawn inside the bounds, above contents and sublayers. Default 0.
    public var borderWidth: Double = 0
    /// Colour of the border. Default opaque black.
    public var borderColor: Color = .black
    /// Clips contents and sublayers to the bounds rounded by `cornerRadius`; limits hit testing too. Default false.
    public var masksToBounds = false
    /// When set, the layer's local time in seconds, in place of Core Animation's formula (Reel's
    /// `timeRemap`: After Effects' and Lottie's time remapping). Default nil.
    public var timeRemap: Double? = nil
    /// How the `mask` lets the layer show (Reel's extension). Default `alpha`, Core Animation's.
    public var maskMode: MaskMode = .alpha
    /// How the layer's picture lands on its backdrop (Reel's `compositingFilter`): a blend mode
    /// or Porter-Duff operator; anything but `normal` draws the layer as one picture. Default `normal`.
    public var compositingFilter: BlendMode = .normal
    /// Blurs and colour matrices applied in order to the layer's picture (Reel's `filters`);
    /// any makes the layer draw as one picture. Default none.
    public var filters: [LayerFilter] = []
    /// Flattens the layer and its sublayers into a bitmap before opacity, like group opacity,
    /// at `rasterizationScale` bitmap pixels per point. Default false.
    public var shouldRasterize = false
    /// Bitmap pixels per point when `shouldRasterize` is on. Default 1.
    public var rasterizationScale: Double = 1

    // Shadow
    /// Colour of the shadow. Default opaque black.
    public var shadowColor: Color = .black
    /// Strength of the shadow, 0...1; 0 turns it off. Default 0.
    public var shadowOpacity: Double = 0
    /// Shadow displacement in the layer's own space (it turns with the layer). Default (0, -3): up, as on iOS.
    public var shadowOffset = Size(width: 0, height: -3)
    /// Blur of the shadow: a Gaussian with sigma = shadowRadius. Default 3.
    public var shadowRadius: Double = 3
    /// The shadow's shape; nil means the alpha of everything the layer draws. Default nil.
    public var shadowPath: Path? = nil

    // Contents
    /// The image shown (an asset name of the timeline); nil shows none. Default nil.
    public var contents: String? = nil
    /// Where the image sits in the bounds. Default `resize`.
    public var contentsGravity: ContentsGravity = .resize
    /// Image pixels per point: the image's natural size for gravities that do not stretch. Default 1.
    public var contentsScale: Double = 1
    /// The part of the image shown, in unit coordinates. Default (0, 0, 1, 1).
    public var contentsRect = Rect(x: 0, y: 0, width: 1, height: 1)
    /// The stretchable middle of the image for nine-slice scaling, in unit coordinates of the
    /// `contentsRect` sub-image. Default (0, 0, 1, 1): all of it stretches.
    public var contentsCenter = Rect(x: 0, y: 0, width: 1, height: 1)
    /// Sampling when the image is enlarged. Default `linear`.
    public var magnificationFilter: ContentsFilter = .linear
    /// Sampling when the image is reduced. Default `linear`.
    public var minificationFilter: ContentsFilter = .linear
    /// Shifts the mipmap level trilinear minification picks. Default 0.
    public var minificationFilterBias: Double = 0

    // Specialized classes: each class's own keys, stored only where a layer sets them.
    /// CAShapeLayer's path, fill and stroke.
    @StoredWhereSet public var shape: ShapeProperties
    /// CAGradientLayer's colours, stops, points and type.
    @StoredWhereSet public var gradient: GradientProperties
    /// CAReplicatorLayer's copies.
    @StoredWhereSet public var replicator: ReplicatorProperties
    /// CATextLayer's string, font and layout.
    @StoredWhereSet public var text: TextProperties
    /// AVPlayerLayer's video, its placement, sound and the clip time shown.
    @StoredWhereSet public var player: PlayerProperties
    /// CAEmitterLayer's cells, emitter shape and multipliers, and the particles alive.
    @StoredWhereSet public var emitter: EmitterProperties
    /// A replicator's copies 1 ..< instanceCount of the sublayers, each evaluated at its own
    /// delayed time, when `instanceDelay` makes them differ from the sublayers; empty otherwise.
    public var replicaSublayers: [[Layer]] = []

    /// The sublayers copy k of a replicator draws (in the order given): its delayed ones, or
    /// the sublayers themselves where none differ.
    public func sublayers(ofCopy k: Int) -> [Layer] {
        k == 0 || replicaSublayers.count < k ? sublayers : replicaSublayers[k - 1]
    }

    /// A layer whose alpha (background, contents, sublayers), in this layer's coordinate space,
    /// multiplies this layer's result. Default nil.
    public var mask: Layer? {
        get { maskStorage.first }
        set { maskStorage = newValue.map { [$0] } ?? [] }
    }
    private var maskStorage: [Layer] = []

    /// Sublayers, back to front in the order given (before `zPosition` sorting).
    public var sublayers: [Layer] = []

    public init(id: String) {
        self.id = id
    }

    /// The rectangle the layer occupies in its superlayer's space, as CALayer.frame: the
    /// bounding box of the transformed bounds. Setting it sets `position` and `bounds.size`.
    public var frame: Rect {
        get {
            let m = transformToSuperlayer
            let corners = [
                Point(x: bounds.minX, y: bounds.minY), Point(x: bounds.maxX, y: bounds.minY),
                Point(x: bounds.minX, y: bounds.maxY), Point(x: bounds.maxX, y: bounds.maxY)
            ].map(m.apply)
            let xs = corners.map(\.x)
            let ys = corners.map(\.y)
            return Rect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
        }
        set {
            bounds.size = Size(width: newValue.width, height: newValue.height)
            position = Point(
                x: newValue.minX + anchorPoint.x * newValue.width,
                y: newValue.minY + anchorPoint.y * newValue.height)
        }
    }

    /// The anchor point in the layer's own coordinates.
    public var anchorInBounds: Point {
        Point(
            x: bounds.origin.x + anchorPoint.x * bounds.size.width,
            y: bounds.origin.y + anchorPoint.y * bounds.size.height)
    }

    /// Maps the layer's own coordinates into its superlayer's: about the anchor point by
    /// `transform`, then to `position`.
    public var transformToSuperlayer: Transform3D {
        let a = anchorInBounds
        return Transform3D.translation(-a.x, -a.y).concatenating(transform).concatenating(.translation(position.x, position.y))
    }

    /// Maps the sublayers' space into this layer's own coordinates: flipped when
    /// `isGeometryFlipped`, then `sublayerTransform` about the anchor point.
    public var sublayerTransformInBounds: Transform3D {
        var m = Transform3D.identity
        if isGeometryFlipped {
            m = verticalMirror
        }
        if !sublayerTransform.isIdentity {
            let a = anchorInBounds
            m = m.concatenating(.translation(-a.x, -a.y)).concatenating(sublayerTransform).concatenating(.translation(a.x, a.y))
        }
        return m
    }

    /// Sets `contentsAreFlipped` on this layer and every layer below it; `underFlip` says
    /// whether the superlayers leave this layer's own space flipped. A mask lies in its host's
    /// own space, so it inherits the host's `underFlip`, not the host's own flip.
    public mutating func resolveFlips(underFlip: Bool = false) {
        contentsAreFlipped = underFlip != isGeometryFlipped
        let sublayerFlip = contentsAreFlipped
        for i in sublayers.indices { sublayers[i].resolveFlips(underFlip: sublayerFlip) }
        if !maskStorage.isEmpty { maskStorage[0].resolveFlips(underFlip: underFlip) }
    }

    /// Maps the contents' placement into the layer's own space: mirrored top to bottom about
    /// the middle of the bounds where the superlayers flip that space (so the image shows
    /// upright and `top` gravity stays at the top on screen), identity otherwise.
    public var contentsTransform: Transform3D {
        contentsAreFlipped != isGeometryFlipped ? verticalMirror : .identity
    }

    /// The layer's own space turned upside down within its bounds: y measured up from the bottom.
    private var verticalMirror: Transform3D {
        Transform3D.scale(1, -1).concatenating(.translation(0, bounds.minY + bounds.maxY))
    }

    /// Sublayers in drawing order: ascending `zPosition`, ties kept in sublayer order.
    public var sublayersInDrawingOrder: [Layer] { Layer.inDrawingOrder(sublayers) }

    /// `layers` sorted for drawing: ascending `zPosition`, ties kept in the order given.
    public static func inDrawingOrder(_ layers: [Layer]) -> [Layer] {
        guard layers.contains(where: { $0.zPosition != layers[0].zPosition }) else { return layers }
        return layers.enumerated().sorted { ($0.element.zPosition, $0.offset) < ($1.element.zPosition, $1.offset) }.map(
            \.element)
    }

    /// The layer as its own picture: placement (position, transform, anchor point, zPosition)
    /// and fading reset, so only what it draws in its own space remains. Keys of kept bitmaps
    /// and shadow masks start from it.
    public var unplaced: Layer {
        var content = self
        content.position = .zero
        content.transform = .identity
        content.anchorPoint = Point(x: 0.5, y: 0.5)
        content.opacity = 1
        content.zPosition = 0
        // The time its sublayers were presented at is in them already.
        content.timeRemap = nil
        // How it lands on its backdrop is applied where it lands.
        content.compositingFilter = .normal
        return content
    }
}
