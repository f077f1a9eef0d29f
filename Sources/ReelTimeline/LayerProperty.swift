import ReelCore
import ReelLayers

/// A property of `Layer` reachable by a Core Animation key path (`position`, `position.x`,
/// `transform.rotation.z`, ...), declared once (`DeclaredProperty`) with the class that has
/// it. The decoder, inspector, builder, `reel keys`, the schema, docs/format.md's tables and
/// the fuzzer's dictionary all follow this table. A value of another case than the kind's
/// leaves the layer as it is (decoding never makes one). A class: the table's entries are
/// shared, never copied (decoding looks one up per key).
public final class LayerProperty: DeclaredProperty<Layer>, @unchecked Sendable {
    /// Whether the file may set it directly on a layer (components such as `position.x` are animation-only).
    public let isLayerKey: Bool
    /// The class whose key it is; nil for CALayer's own keys, which every class has.
    public let owner: LayerClass?
    /// Whether it is Reel's own key beyond Core Animation (extension-rules.md), marked so in
    /// `reel keys`, docs/format.md's tables and the schema.
    public let isExtension: Bool

    init(
        keyPath: String, kind: ValueKind, isLayerKey: Bool, owner: LayerClass?, isAnimatable: Bool, summary: String,
        isExtension: Bool = false, get: @escaping (Layer) -> PropertyValue, set: @escaping (inout Layer, PropertyValue) -> Void
    ) {
        (self.isLayerKey, self.owner, self.isExtension) = (isLayerKey, owner, isExtension)
        super.init(keyPath: keyPath, kind: kind, isAnimatable: isAnimatable, summary: summary, get: get, set: set)
    }

    /// The summary as the tables and the schema show it: a Reel extension says so first.
    public var documentation: String { isExtension ? "Reel extension: \(summary)" : summary }

    /// Whether a layer of class `c` has this key.
    public func belongs(to c: LayerClass) -> Bool { owner == nil || owner == c }

    /// Every property by key path.
    public static let all = Dictionary(uniqueKeysWithValues: ordered.map { ($0.keyPath, $0) })

    /// Every property, in the order declared (docs/format.md and `reel keys` list them so).
    static let ordered: [LayerProperty] = {
        var table: [LayerProperty] = []
        func add(
            _ path: String, _ kind: ValueKind, owner: LayerClass? = nil, animatable: Bool = true, layerKey: Bool? = nil,
            extension isExtension: Bool = false, _ summary: String, get: @escaping (Layer) -> PropertyValue,
            set: @escaping (inout Layer, PropertyValue) -> Void
        ) {
            table.append(
                LayerProperty(
                    keyPath: path, kind: kind, isLayerKey: layerKey ?? !path.contains("."), owner: owner,
                    isAnimatable: animatable, summary: summary, isExtension: isExtension, get: get, set: set))
        }
        func key(
            _ path: String, owner: LayerClass? = nil, animatable: Bool = true, extension isExtension: Bool = false,
            _ summary: String, _ kp: WritableKeyPath<Layer, Double>
        ) {
            add(
                path, .scalar, owner: owner, animatable: animatable, extension: isExtension, summary,
                get: { .number($0[keyPath: kp]) }, set: { if case .number(let v) = $1 { $0[keyPath: kp] = v } })
        }
        func point(_ path: String, owner: LayerClass? = nil, _ summary: String, _ kp: WritableKeyPath<Layer, Point>) {
            add(
                path, .point, owner: owner, summary, get: { .point($0[keyPath: kp]) },
                set: { if case .point(let p) = $1 { $0[keyPath: kp] = p } })
            key(path + ".x", owner: owner, "", kp.appending(path: \.x))
            key(path + ".y", owner: owner, "", kp.appending(path: \.y))
        }
        func color(
            _ path: String, _ kind: ValueKind, owner: LayerClass? = nil, extension isExtension: Bool = false, _ summary: String,
            _ kp: WritableKeyPath<Layer, Color>
        ) {
            add(
                path, kind, owner: owner, extension: isExtension, summary, get: { .color($0[keyPath: kp]) },
                set: { if case .color(let c) = $1 { $0[keyPath: kp] = c } })
        }
        func transform(_ path: String, owner: LayerClass? = nil, _ summary: String, _ kp: WritableKeyPath<Layer, Transform3D>) {
            add(
                path, .transform, owner: owner, summary, get: { .transform($0[keyPath: kp]) },
                set: { if case .transform(let m) = $1 { $0[keyPath: kp] = m } })
            func component(_ name: String, _ kind: ValueKind, _ c: WritableKeyPath<TransformComponents, Double>) {
                add(
                    "\(path).\(name)", kind, owner: owner, "",
                    get: { .number(LayerProperty.components($0[keyPath: kp])[keyPath: c]) },
                    set: { layer, value in
                        guard case .number(let v) = value else { return }
                        var parts = LayerProperty.components(layer[keyPath: kp])
                        parts[keyPath: c] = v
                        layer[keyPath: kp] = parts.matrix
                    })
            }
            for (axis, r, s, t) in [
                ("x", \TransformComponents.rotation.x, \TransformComponents.scale.x, \TransformComponents.translation.x),
                ("y", \.rotation.y, \.scale.y, \.translation.y),
                ("z", \.rotation.z, \.scale.z, \.translation.z)
            ] {
                component("rotation.\(axis)", .angle, r)
                component("scale.\(axis)", .scalar, s)
                component("translation.\(axis)", .scalar, t)
            }
            component("rotation", .angle, \.rotation.z)
            add(
                "\(path).scale", .scalar, owner: owner, "",
                get: {
                    let s = LayerProperty.components($0[keyPath: kp]).scale
                    return .number((s.x + s.y + s.z) / 3)
                },
                set: { layer, value in
                    guard case .number(let v) = value else { return }
                    var parts = LayerProperty.components(layer[keyPath: kp])
                    parts.scale = (v, v, v)
                    layer[keyPath: kp] = parts.matrix
                })
            add(
                "\(path).translation", .size, owner: owner, "",
                get: {
                    let t = LayerProperty.components($0[keyPath: kp]).translation
                    return .size(Size(width: t.x, height: t.y))
                },
                set: { layer, value in
                    guard case .size(let v) = value else { return }
                    var parts = LayerProperty.components(layer[keyPath: kp])
                    parts.translation.x = v.width
                    parts.translation.y = v.height
                    layer[keyPath: kp] = parts.matrix
                })
        }
        func flag(
            _ path: String, owner: LayerClass? = nil, animatable: Bool = true, extension isExtension: Bool = false,
            _ summary: String, _ kp: WritableKeyPath<Layer, Bool>
        ) {
            add(
                path, .bool, owner: owner, animatable: animatable, extension: isExtension, summary,
                get: { .bool($0[keyPath: kp]) },
                set: { if case .bool(let b) = $1 { $0[keyPath: kp] = b } })
        }
        func size(_ path: String, _ summary: String, _ kp: WritableKeyPath<Layer, Size>) {
            add(path, .size, summary, get: { .size($0[keyPath: kp]) }, set: { if case .size(let s) = $1 { $0[keyPath: kp] = s } })
            key(path + ".width", "", kp.appending(path: \.width))
            key(path + ".height", "", kp.appending(path: \.height))
        }
        func rect(_ path: String, animatable: Bool = true, _ summary: String, _ kp: WritableKeyPath<Layer, Rect>) {
            add(
                path, .rect, animatable: animatable, summary, get: { .rect($0[keyPath: kp]) },
                set: { if case .rect(let r) = $1 { $0[keyPath: kp] = r } })
        }
        func choice<T: RawRepresentable & CaseIterable>(
            _ path: String, owner: LayerClass? = nil, animatable: Bool = false, extension isExtension: Bool = false,
            _ summary: String, _ kp: WritableKeyPath<Layer, T>
        )
        where T.RawValue == String {
            add(
                path, .choice(T.allCases.map(\.rawValue)), owner: owner, animatable: animatable, extension: isExtension, summary,
                get: { .choice($0[keyPath: kp].rawValue) },
                set: { if case .choice(let name) = $1, let value = T(rawValue: name) { $0[keyPath: kp] = value } })
        }
        func path(
            _ path: String, _ kind: ValueKind, owner: LayerClass? = nil, _ summary: String, _ kp: WritableKeyPath<Layer, Path?>
        ) {
            add(
                path, kind, owner: owner, summary, get: { .path($0[keyPath: kp]) },
                set: { if case .path(let p) = $1 { $0[keyPath: kp] = p } })
        }

        // CALayer: geometry.
        point("position", "Where the anchor point sits in the superlayer's space.", \.position)
        point("anchorPoint", "The point, in unit coordinates of the bounds, that position and transform pivot on.", \.anchorPoint)
        rect("bounds", "The layer's own coordinate space: origin and size in points.", \.bounds)
        point("bounds.origin", "", \.bounds.origin)
        size("bounds.size", "", \.bounds.size)
        rect(
            "frame", animatable: false, "Sets position and bounds.size as CALayer.frame does (with the layer's anchorPoint).",
            \.frame)
        transform("transform", "Applied about the anchor point.", \.transform)
        transform(
            "sublayerTransform", "Applied to the sublayers about the anchor point; m34 here gives them perspective.",
            \.sublayerTransform)
        key("zPosition", "Drawing order among siblings, ascending and stable; hit testing ignores it.", \.zPosition)
        flag("hidden", "A hidden layer and its sublayers draw nothing and are not hit.", \.isHidden)
        flag(
            "geometryFlipped", animatable: false,
            "Sublayers measure y up from the bottom of the bounds; a flipped sublayer flips back.", \.isGeometryFlipped)
        // CALayer: appearance.
        key("opacity", "Fades the layer and its sublayers, 0...1.", \.opacity)
        flag(
            "allowsGroupOpacity", animatable: false, "Fade the subtree as one picture (unset: the canvas's allowsGroupOpacity).",
            \.allowsGroupOpacity)
        add(
            "backgroundColor", .optionalColor, "Fills the bounds rounded by cornerRadius; null for none.",
            get: { .color($0.backgroundColor ?? .clear) },
            set: { if case .color(let c) = $1 { $0.backgroundColor = c == .clear ? nil : c } })
        key("cornerRadius", "Rounds background and border (clamped to half the shorter side).", \.cornerRadius)
        key("borderWidth", "Border inside the bounds, above contents and sublayers.", \.borderWidth)
        color("borderColor", .color, "Colour of the border.", \.borderColor)
        flag("masksToBounds", "Clips contents, sublayers and shadow to the rounded bounds; limits hits.", \.masksToBounds)
        add(
            "timeRemap", .optionalTime, extension: true,
            "The layer's local time in seconds, replacing (time - beginTime) x speed + timeOffset; null keeps that. Its animations run in the superlayer's time.",
            get: { .optionalNumber($0.timeRemap) }, set: { if case .optionalNumber(let t) = $1 { $0.timeRemap = t } })
        choice(
            "maskMode", extension: true,
            "How the mask lets the layer show: its alpha, its luminance (0.2126 R + 0.7152 G + 0.0722 B), or either inverted.",
            \.maskMode)
        choice(
            "compositingFilter", extension: true,
            "How the layer's picture lands on what is drawn before it in its isolation group: `normal`, a W3C blend mode, `plusLighter` or a Porter-Duff operator.",
            \.compositingFilter)
        add(
            "filters", .filters, animatable: false, extension: true,
            "Gaussian blurs and colour matrices applied in order to the layer's picture; their values animate by `filters.NAME.radius` and `filters.NAME.matrix`.",
            get: { .filters($0.filters) }, set: { if case .filters(let f) = $1 { $0.filters = f } })
        flag("shouldRasterize", animatable: false, "Flattens the subtree into a bitmap before opacity.", \.shouldRasterize)
        key("rasterizationScale", animatable: false, "Bitmap pixels per point when rasterizing.", \.rasterizationScale)
        // CALayer: shadow.
        color("shadowColor", .color, "Colour of the shadow.", \.shadowColor)
        key("shadowOpacity", "Strength of the shadow, 0...1; 0 turns it off.", \.shadowOpacity)
        size("shadowOffset", "Shadow displacement in the layer's own space (the default points up, as on iOS).", \.shadowOffset)
        add(
            "shadowRadius", .nonNegative, "Blur: a Gaussian with sigma = shadowRadius (0 or more).",
            get: { .number($0.shadowRadius) }, set: { if case .number(let v) = $1 { $0.shadowRadius = v } })
        path("shadowPath", .path, "The shadow's shape instead of the layer's alpha; null for none.", \.shadowPath)
        // CALayer: contents.
        add(
            "contents", .name, "An asset name: the image the layer shows.", get: { .image($0.contents) },
            set: { if case .image(let name) = $1 { $0.contents = name } })
        choice("contentsGravity", "Where the image sits in the bounds (visual directions, as UIKit).", \.contentsGravity)
        key("contentsScale", animatable: false, "Image pixels per point.", \.contentsScale)
        rect("contentsRect", "The part of the image shown, unit rect (sprite sheets).", \.contentsRect)
        rect("contentsCenter", "The stretchable middle for nine-slice, unit rect of the contentsRect image.", \.contentsCenter)
        choice("magnificationFilter", "Sampling when enlarged.", \.magnificationFilter)
        choice("minificationFilter", "Sampling when reduced.", \.minificationFilter)
        key("minificationFilterBias", animatable: false, "Shifts the mipmap level trilinear picks.", \.minificationFilterBias)

        // CAShapeLayer.
        let shape = LayerClass.shapeLayer
        path(
            "path", .shapePath, owner: shape,
            "The outline filled and stroked, in the layer's own space, not cut to the bounds; null draws nothing.", \.shape.path)
        color("fillColor", .optionalColor, owner: shape, "Fills the path; null for no fill.", \.shape.fillColor)
        choice("fillRule", owner: shape, "What the fill encloses where the path's parts overlap.", \.shape.fillRule)
        color(
            "strokeColor", .optionalColor, owner: shape, "Strokes the path, centred on it, over the fill; null for no stroke.",
            \.shape.strokeColor)
        key("lineWidth", owner: shape, "Width of the stroke in the layer's points.", \.shape.stroke.lineWidth)
        choice("lineCap", owner: shape, "How open ends of the stroke end.", \.shape.stroke.lineCap)
        choice("lineJoin", owner: shape, "How the stroke turns corners.", \.shape.stroke.lineJoin)
        key("miterLimit", owner: shape, "A miter longer than miterLimit x lineWidth becomes a bevel.", \.shape.stroke.miterLimit)
        add(
            "lineDashPattern", .dashes, owner: shape,
            "Dash lengths on, off, on, ... in points (an odd count repeats); null for a solid line; steps.",
            get: { .dashes($0.shape.stroke.dashPattern) },
            set: { if case .dashes(let d) = $1 { $0.shape.stroke.dashPattern = d } })
        key("lineDashPhase", owner: shape, "How far into the dash pattern each subpath starts.", \.shape.stroke.dashPhase)
        key(
            "strokeStart", owner: shape, "Where the stroked part starts, as a fraction of the path's whole length (0...1).",
            \.shape.stroke.start)
        key(
            "strokeEnd", owner: shape, "Where the stroked part ends, as a fraction of the path's whole length (0...1).",
            \.shape.stroke.end)
        key(
            "strokeOffset", owner: shape, extension: true,
            "Moves the stroked part along the path by this fraction of its length, wrapping past the end (After Effects' trim offset).",
            \.shape.stroke.offset)

        // CAGradientLayer.
        let gradient = LayerClass.gradientLayer
        add(
            "colors", .colors, owner: gradient, "The gradient's colours; null or none draws nothing, one fills solid.",
            get: { .colors($0.gradient.colors) }, set: { if case .colors(let c) = $1 { $0.gradient.colors = c } })
        add(
            "locations", .numbers, owner: gradient,
            "Each colour's place along the gradient, non-decreasing, one per colour; null spaces them evenly.",
            get: { .numbers($0.gradient.locations) }, set: { if case .numbers(let v) = $1 { $0.gradient.locations = v } })
        point(
            "startPoint", owner: gradient,
            "Where the gradient starts (the centre for radial and conic), unit coordinates of the bounds.", \.gradient.startPoint)
        point(
            "endPoint", owner: gradient,
            "Where it ends (radial: the ellipse's radii; conic: the direction of the start), unit coordinates.",
            \.gradient.endPoint)
        choice(
            "type", owner: gradient, "axial along start to end, radial out to an ellipse, conic round the start point.",
            \.gradient.type)

        // CAReplicatorLayer.
        let replicator = LayerClass.replicatorLayer
        add(
            "instanceCount", .count(maximum: LayerProperty.maximumInstanceCount), owner: replicator,
            "Copies of the sublayers drawn, the original included; 0 draws none; steps.",
            get: { .count($0.replicator.instanceCount) }, set: { if case .count(let n) = $1 { $0.replicator.instanceCount = n } })
        transform(
            "instanceTransform", owner: replicator,
            "Applied once more to each copy than to the one before, about the middle of the bounds.",
            \.replicator.instanceTransform)
        key("instanceDelay", owner: replicator, "Seconds each copy runs behind the one before.", \.replicator.instanceDelay)
        color(
            "instanceColor", .color, owner: replicator, "Copy 0's colour multiplier (straight colour and alpha).",
            \.replicator.instanceColor)
        for (channel, kp) in [
            ("Red", \Layer.replicator.instanceRedOffset), ("Green", \.replicator.instanceGreenOffset),
            ("Blue", \.replicator.instanceBlueOffset), ("Alpha", \.replicator.instanceAlphaOffset)
        ] {
            key(
                "instance\(channel)Offset", owner: replicator,
                "Added to the multiplier's \(channel.lowercased()) for each further copy.", kp)
        }
        flag(
            "preservesDepth", owner: replicator, animatable: false,
            "Copies keep their 3D places instead of being flattened into the replicator's plane.", \.replicator.preservesDepth)

        // CATextLayer.
        let text = LayerClass.textLayer
        add(
            "string", .text, owner: text,
            "The text (\\n breaks lines), or runs {text, font, fontSize, foregroundColor} that override the layer's look; steps.",
            get: { .text($0.text.runs) }, set: { if case .text(let runs) = $1 { $0.text.runs = runs } })
        add(
            "font", .fontName, owner: text, animatable: false,
            "A font asset's name, or a family or face name fontconfig knows (Helvetica is Liberation Sans).",
            get: { .string($0.text.font) }, set: { if case .string(let name) = $1 { $0.text.font = name } })
        add(
            "fontSize", .positive(maximum: TextProperties.maximumFontSize), owner: text, "Size of the text in points.",
            get: { .number($0.text.fontSize) }, set: { if case .number(let v) = $1 { $0.text.fontSize = v } })
        color("foregroundColor", .color, owner: text, "Colour of the text (a run's own colour wins).", \.text.foregroundColor)
        flag(
            "isWrapped", owner: text, animatable: false, "Lines wrap at the bounds' width, at Unicode line-break opportunities.",
            \.text.isWrapped)
        choice(
            "truncationMode", owner: text, "Where a line that does not fit is cut and \"…\" put in.", \.text.truncationMode)
        choice("alignmentMode", owner: text, "How lines sit across the bounds' width.", \.text.alignmentMode)
        choice(
            "textVerticalAlignment", owner: text, extension: true,
            "Where the laid-out lines sit in the bounds' height (Core Animation: top).", \.text.verticalAlignment)
        color(
            "textStrokeColor", .color, owner: text, extension: true, "Colour of the outline drawn beneath every glyph.",
            \.text.strokeColor)
        key(
            "textStrokeWidth", owner: text, extension: true,
            "Width in points of an outline of every glyph, centred on its outline (round joins), beneath the fill; 0 draws none.",
            \.text.strokeWidth)
        add(
            "textBackgroundColor", .optionalColor, owner: text, extension: true,
            "A box behind each line that has text (the union of the boxes, blended once); null for none.",
            get: { .color($0.text.backgroundColor ?? .clear) },
            set: { if case .color(let c) = $1 { $0.text.backgroundColor = c == .clear ? nil : c } })
        add(
            "textBackgroundPadding", .size, owner: text, extension: true,
            "How far each line box reaches past the line's advance and height: [horizontal, vertical] points.",
            get: { .size($0.text.backgroundPadding) }, set: { if case .size(let v) = $1 { $0.text.backgroundPadding = v } })
        key(
            "textBackgroundCornerRadius", owner: text, extension: true, "Rounds the line boxes' corners.",
            \.text.backgroundCornerRadius)
        flag(
            "adjustsFontSizeToFit", owner: text, animatable: false, extension: true,
            "Text that does not fit the bounds is set smaller (sizes, stroke, padding by one factor), as UILabel does.",
            \.text.adjustsFontSizeToFit)
        add(
            "minimumScaleFactor", .nonNegative, owner: text, animatable: false, extension: true,
            "The smallest factor adjustsFontSizeToFit may scale by, 0...1.",
            get: { .number($0.text.minimumScaleFactor) },
            set: { if case .number(let v) = $1 { $0.text.minimumScaleFactor = min(v, 1) } })
        add(
            "numberValue", .optionalNumber, owner: text, extension: true,
            "A number shown as the string, written by numberFormat (the string is ignored); null shows the string.",
            get: { .optionalNumber($0.text.numberValue) },
            set: { if case .optionalNumber(let v) = $1 { $0.text.numberValue = v } })
        add(
            "numberFormat", .numberFormat, owner: text, animatable: false, extension: true,
            "How numberValue is written: {decimals, prefix, suffix, grouping}, rounded half away from zero.",
            get: { .numberFormat($0.text.numberFormat) }, set: { if case .numberFormat(let f) = $1 { $0.text.numberFormat = f } })
        add(
            "captions", .name, owner: text, animatable: false, extension: true,
            "A caption asset (.srt, .vtt, word-timed .json): the layer shows the cue of its local time (the string is ignored).",
            get: { .image($0.text.captions) }, set: { if case .image(let name) = $1 { $0.text.captions = name } })
        add(
            "captionMaxLines", .count(maximum: 100), owner: text, animatable: false, extension: true,
            "Laid-out lines a caption page holds; a longer cue is split into pages timed by their characters; 0: no paging.",
            get: { .count($0.text.captionMaxLines) }, set: { if case .count(let n) = $1 { $0.text.captionMaxLines = n } })
        add(
            "captionWordsPerPage", .count(maximum: 1000), owner: text, animatable: false, extension: true,
            "Timed words a caption page holds, each page shown from its first word's start to its last word's end; 0 pages by lines.",
            get: { .count($0.text.captionWordsPerPage) }, set: { if case .count(let n) = $1 { $0.text.captionWordsPerPage = n } })
        add(
            "captionHighlightColor", .optionalColor, owner: text, extension: true,
            "Colour of the caption word being spoken; null for no highlight.",
            get: { .color($0.text.captionHighlightColor ?? .clear) },
            set: { if case .color(let c) = $1 { $0.text.captionHighlightColor = c == .clear ? nil : c } })
        add(
            "captionHighlightBackgroundColor", .optionalColor, owner: text, extension: true,
            "A box behind the caption word being spoken, made like the line boxes, above them; null for none.",
            get: { .color($0.text.captionHighlightBackgroundColor ?? .clear) },
            set: { if case .color(let c) = $1 { $0.text.captionHighlightBackgroundColor = c == .clear ? nil : c } })

        // AVPlayerLayer.
        let player = LayerClass.playerLayer
        add(
            "player", .name, owner: player, "A video asset's name: the clip played in the layer's local time; null shows none.",
            get: { .image($0.player.player) }, set: { if case .image(let name) = $1 { $0.player.player = name } })
        choice("videoGravity", owner: player, "How the video fits the bounds.", \.player.videoGravity)
        key("volume", owner: player, "Gain of the video's sound (0 silent, 1 as recorded).", \.player.volume)
        flag("muted", owner: player, animatable: false, "Leaves the video's sound out.", \.player.isMuted)

        // CAEmitterLayer.
        let emitter = LayerClass.emitterLayer
        add(
            "emitterCells", .emitterCells, owner: emitter, animatable: false,
            "The cells that emit particles, each {\"name\", ...} with CAEmitterCell's keys; their keys animate by `emitterCells.NAME.KEY`.",
            get: { .emitterCells($0.emitter.cells) }, set: { if case .emitterCells(let c) = $1 { $0.emitter.cells = c } })
        point(
            "emitterPosition", owner: emitter, "The centre of the emitter shape, in the layer's coordinates.", \.emitter.position)
        key("emitterZPosition", owner: emitter, "Ignored in 2D.", \.emitter.zPosition)
        add(
            "emitterSize", .size, owner: emitter, "The emitter shape's size (a circle's radius is its width).",
            get: { .size($0.emitter.size) }, set: { if case .size(let v) = $1 { $0.emitter.size = v } })
        choice(
            "emitterShape", owner: emitter,
            "Where particles are born: a point, a line, a rectangle or a circle (cuboid and sphere as rectangle and circle).",
            \.emitter.shape)
        choice(
            "emitterMode", owner: emitter,
            "Which part of the shape: its area (volume, surface), its outline, or its vertices (points).", \.emitter.mode)
        choice(
            "renderMode", owner: emitter,
            "Drawing order: oldest first (unordered, oldestFirst, backToFront), newest first (oldestLast), or added (additive).",
            \.emitter.renderMode)
        add(
            "seed", .count(maximum: Int(UInt32.max)), owner: emitter, animatable: false,
            "Keys the generator every ranged value is drawn from (a 32-bit unsigned number).",
            get: { .count(Int($0.emitter.seed)) },
            set: { if case .count(let n) = $1 { $0.emitter.seed = UInt32(truncatingIfNeeded: n) } })
        for (name, kp) in [
            ("birthRate", \Layer.emitter.birthRate), ("lifetime", \.emitter.lifetime), ("velocity", \.emitter.velocity),
            ("scale", \.emitter.scale), ("spin", \.emitter.spin)
        ] {
            key(name, owner: emitter, "Multiplies every cell's \(name) for particles born while it holds.", kp)
        }
        return table
    }()

    /// The keys a layer object in the file may set, in the order they are declared.
    public static let declared = ordered.filter(\.isLayerKey)

    /// Properties a layer object in the file may set, in a stable order.
    public static let layerKeys: [String] = all.values.filter(\.isLayerKey).map(\.keyPath).sorted()

    /// The keys a layer of class `c` has, in a stable order.
    public static func layerKeys(for c: LayerClass) -> [String] {
        layerKeys.filter { all[$0]!.belongs(to: c) }
    }

    /// The property an animation of one filter's value reaches (`filters.NAME.radius` of a
    /// `gaussianBlur`, `filters.NAME.matrix` of a `colorMatrix`); nil for other key paths.
    /// Made per key path: the names are the file's.
    static func filterValue(_ keyPath: String) -> LayerProperty? {
        let parts = keyPath.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == "filters", !parts[1].isEmpty, parts[2] == "radius" || parts[2] == "matrix" else {
            return nil
        }
        let name = String(parts[1])
        let isRadius = parts[2] == "radius"
        return LayerProperty(
            keyPath: keyPath, kind: isRadius ? .nonNegative : .colorMatrix, isLayerKey: false, owner: nil, isAnimatable: true,
            summary: "", isExtension: true,
            get: { layer in
                switch layer.filters.first(where: { $0.name == name })?.kind {
                case .gaussianBlur(let radius)?: return .number(radius)
                case .colorMatrix(let m)?: return .numbers(m)
                case nil: return isRadius ? .number(0) : .numbers(LayerFilter.identityMatrix)
                }
            },
            set: { layer, value in
                guard let i = layer.filters.firstIndex(where: { $0.name == name }) else { return }
                switch (layer.filters[i].kind, value) {
                case (.gaussianBlur, .number(let r)): layer.filters[i].kind = .gaussianBlur(radius: max(r, 0))
                case (.colorMatrix, .numbers(let m)) where m.count == LayerFilter.matrixCount:
                    layer.filters[i].kind = .colorMatrix(m)
                default: break
                }
            })
    }

    /// Properties animations may target.
    public static let animatableKeyPaths: [String] = all.values.filter(\.isAnimatable).map(\.keyPath).sorted()

    /// The most copies a replicator may ask for: its copies times its sublayers are then
    /// bounded by the frame's time budget (checked before rendering), not by this number.
    public static let maximumInstanceCount = 100_000

    /// Components of a transform; a transform with shear has none, and reads as identity
    /// (validation rejects component animations on such a transform before any frame is drawn).
    public static func components(_ m: Transform3D) -> TransformComponents {
        TransformComponents(m) ?? .identity
    }
}
