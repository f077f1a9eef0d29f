import ReelCore
import ReelLayers
import ReelRaster

/// One step of a frame plan: what to draw, the pixels it may touch, and the layer it draws
/// for. Coordinates are the current target's pixels: the frame, or the offscreen picture the
/// innermost open group draws into.
public struct DrawStep: Sendable {
    /// The large cases are boxed (`indirect`): a plan holds a step per element and the
    /// executor reads each, so the common fills stay about a cache line (a shadow or a kept
    /// bitmap inline made every step a kilobyte).
    public enum Operation: Sendable {
        /// An axis-aligned rectangle in a premultiplied colour.
        case fillRect(Rect, color: UInt32)
        /// A premultiplied colour slid beneath every pixel of `area` (destination-over): the
        /// canvas background under the canvas's layers when one lands with an operator.
        case fillBeneath(color: UInt32)
        /// Closed polygons (non-zero winding) in a premultiplied colour.
        case fillPolygons([[Point]], color: UInt32)
        /// Fills with a coverage the executor keeps while it holds (text), in the premultiplied colour.
        indirect case fillKept(KeptFill, color: UInt32)
        /// An image through a transform, faded by `opacity` (0...255), and cut by the coverage
        /// of `cut` (polygons in the target's pixels: a rounded `masksToBounds`) when given.
        indirect case image(ImageSource, transform: Transform3D, opacity: UInt32, cut: [[Point]]?)
        /// A gradient through the coverage of `outline` (the rounded bounds, in the target's
        /// pixels), faded by `opacity` (0...255).
        indirect case gradient(GradientShader, outline: [[Point]], opacity: UInt32)
        /// Sprites drawn in order (an emitter's particles), each through its own map and tint.
        indirect case sprites(SpriteBatch)
        /// Multiplies every channel of the open picture by its own factor (0...255 per
        /// channel, packed as a pixel): a replicator copy's colour.
        case tint(factors: UInt32)
        /// Opens a transparent picture over `area`; the steps up to its `endGroup` or
        /// `endMask` draw into it, in its own pixels (`area` moved to the origin).
        case beginGroup
        /// Composites the open picture onto the target below at `area` (the part inside the
        /// target), faded by `opacity` (0...255), cut by `clip`, with `blend` (an operator that
        /// clears where the source is transparent clears the whole target outside `area`).
        case endGroup(opacity: UInt32, clip: GroupClip, blend: BlendMode)
        /// Turns the open picture into coverage (its alpha) for the next `endGroup(clip: .mask)`.
        case endMask(MaskMode)
        /// Applies a filter to the open picture over `area` (its pixels).
        case filter(FilterStep)
        /// Slides a blurred shadow under the open picture.
        indirect case shadow(ShadowStep)
        /// Draws a `shouldRasterize` layer's bitmap, drawn once and kept while its content holds.
        indirect case rasterized(RasterizedStep)
    }

    /// How a group's picture is cut when it lands.
    public enum GroupClip: Sendable {
        case none
        /// By the coverage of polygons in the target's pixels (a rounded `masksToBounds`).
        case polygons([[Point]])
        /// By the coverage the last `endMask` made (a `mask` layer).
        case mask
    }

    /// Which part of its layer a step draws, for profiles.
    public enum Part: String, Sendable, CaseIterable {
        case background, contents, fill, stroke, gradient, text, border, shadow, mask, group, rasterized, filter, particles
    }

    public var operation: Operation
    /// The pixels the step may touch, in the current target's coordinates (the clip met).
    public var area: PixelRect
    /// Index of the layer in `FramePlan.layers`.
    public var layer: Int
    public var part: Part
}

/// A layer's shadow as a plan step: the shape, how it is blurred and moved, its colour.
public struct ShadowStep: Sendable {
    /// Where the shadow's shape comes from.
    public enum Shape: Sendable {
        /// The alpha of the open picture (the layer's own elements), blurred in device space.
        case pictureAlpha
        /// The alpha the last `endMask` made (the layer's elements unfaded, over the open
        /// picture's area), blurred in device space.
        case maskAlpha
        /// A `shadowPath`, as polygons in the target's pixels, blurred in device space.
        case polygons([[Point]])
        /// A mask made once in the layer's own space and kept (see `ShadowCache`), drawn
        /// through `toTarget`: for transforms that keep shapes similar (rotation, uniform
        /// scale, translation), under which a Gaussian blur commutes. The deferred plan draws
        /// the unblurred shape in mask pixels.
        case cached(DeferredPlan<ShadowCache.Key>, toTarget: AffineTransform)
    }

    public var shape: Shape
    /// Blur and offset in target pixels (a kept mask's key has its own, in the mask's pixels).
    var geometry: ShadowGeometry
    /// `masksToBounds`: the shadow is cut to the layer's rounded bounds (polygons in target pixels).
    public var clip: [[Point]]?
    /// Premultiplied colour at full coverage.
    public var color: UInt32
}

/// A plan made only when it is needed: for a picture the executor keeps (a `shouldRasterize`
/// bitmap, the shape a kept shadow blurs), named by `key`, whose plan the planner hands over with
/// the step. Drawing never plans, and never sees the layers: data flows one way.
public struct DeferredPlan<Key: Hashable & Sendable>: Hashable, Sendable {
    public let key: Key
    /// The plan, when the kept picture is missing.
    let make: @Sendable () -> DeferredDrawing

    init(key: Key, make: @escaping @Sendable () -> DeferredDrawing) {
        self.key = key
        self.make = make
    }

    public static func == (a: Self, b: Self) -> Bool { a.key == b.key }
    public func hash(into h: inout Hasher) { h.combine(key) }
}

/// What a deferred plan draws, over `region` (its pixels): coverage of polygons, or a plan.
public enum DeferredDrawing: Sendable {
    case polygons([[Point]], region: PixelRect)
    case plan(FramePlan, region: PixelRect)
}

/// One of a layer's `filters` as a plan step, in the pixels of the picture it works on.
public enum FilterStep: Sendable {
    /// A Gaussian blur of every channel, sigma in pixels, of what lies in `source` (the
    /// picture's extent so far), worked out over `output` (what the rest of the layer's drawing
    /// reads); the picture is transparent elsewhere afterwards. Edges blur into transparency.
    case blur(sigma: Double, source: PixelRect, output: PixelRect)
    /// A colour matrix on straight colour (`LayerFilter.Kind.colorMatrix`).
    case colorMatrix([Double])
}

/// A `shouldRasterize` layer as a plan step.
public struct RasterizedStep: Sendable {
    /// What the bitmap shows (equal keys, equal pixels) and the plan that draws it, made by the
    /// planner only when the executor's cache lacks the bitmap.
    public var content: DeferredPlan<RasterCache.Key>
    public var width: Int, height: Int
    /// Bitmap pixels to the target.
    public var bitmapToTarget: Transform3D
    public var opacity: UInt32
}
