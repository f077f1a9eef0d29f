import ReelCore
import ReelLayers

/// A property of `Layer` reachable by a Core Animation key path (`position`, `position.x`,
/// `transform.rotation.z`, ...): its value kind and how to read and write its `PropertyValue`.
/// A value of another case than the kind's leaves the layer as it is (decoding never makes one).
/// Its closures capture only key paths, which are immutable: sharing it between threads is safe.
public struct LayerProperty: @unchecked Sendable {
    public let keyPath: String
    public let kind: ValueKind
    /// Whether the file may set it directly on a layer (components such as `position.x` are animation-only).
    public let isLayerKey: Bool
    let get: (Layer) -> PropertyValue
    let set: (inout Layer, PropertyValue) -> Void

    public func value(of layer: Layer) -> PropertyValue { get(layer) }
    public func setValue(_ v: PropertyValue, on layer: inout Layer) { set(&layer, v) }

    /// Every property by key path.
    public static let all: [String: LayerProperty] = {
        var table: [String: LayerProperty] = [:]
        func add(_ p: LayerProperty) { table[p.keyPath] = p }
        func key(_ path: String, _ kind: ValueKind, _ kp: WritableKeyPath<Layer, Double>) {
            add(
                LayerProperty(
                    keyPath: path, kind: kind, isLayerKey: !path.contains("."),
                    get: { .number($0[keyPath: kp]) }, set: { if case .number(let v) = $1 { $0[keyPath: kp] = v } }))
        }
        func point(_ path: String, _ kp: WritableKeyPath<Layer, Point>) {
            add(
                LayerProperty(
                    keyPath: path, kind: .point, isLayerKey: !path.contains("."),
                    get: { .point($0[keyPath: kp]) }, set: { if case .point(let p) = $1 { $0[keyPath: kp] = p } }))
            key(path + ".x", .scalar, kp.appending(path: \.x))
            key(path + ".y", .scalar, kp.appending(path: \.y))
        }
        func color(_ path: String, get: @escaping (Layer) -> Color, set: @escaping (inout Layer, Color) -> Void) {
            add(
                LayerProperty(
                    keyPath: path, kind: .color, isLayerKey: true,
                    get: { .color(get($0)) }, set: { if case .color(let c) = $1 { set(&$0, c) } }))
        }
        func transform(_ path: String, _ kp: WritableKeyPath<Layer, Transform3D>) {
            add(
                LayerProperty(
                    keyPath: path, kind: .transform, isLayerKey: true,
                    get: { .transform($0[keyPath: kp]) }, set: { if case .transform(let m) = $1 { $0[keyPath: kp] = m } }))
            func component(_ name: String, _ kind: ValueKind, _ c: WritableKeyPath<TransformComponents, Double>) {
                add(
                    LayerProperty(
                        keyPath: "\(path).\(name)", kind: kind, isLayerKey: false,
                        get: { .number(LayerProperty.components($0[keyPath: kp])[keyPath: c]) },
                        set: { layer, value in
                            guard case .number(let v) = value else { return }
                            var parts = LayerProperty.components(layer[keyPath: kp])
                            parts[keyPath: c] = v
                            layer[keyPath: kp] = parts.matrix
                        }))
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
                LayerProperty(
                    keyPath: "\(path).scale", kind: .scalar, isLayerKey: false,
                    get: {
                        let s = LayerProperty.components($0[keyPath: kp]).scale
                        return .number((s.x + s.y + s.z) / 3)
                    },
                    set: { layer, value in
                        guard case .number(let v) = value else { return }
                        var parts = LayerProperty.components(layer[keyPath: kp])
                        parts.scale = (v, v, v)
                        layer[keyPath: kp] = parts.matrix
                    }))
            add(
                LayerProperty(
                    keyPath: "\(path).translation", kind: .size, isLayerKey: false,
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
                    }))
        }

        func flag(_ path: String, _ kp: WritableKeyPath<Layer, Bool>) {
            add(
                LayerProperty(
                    keyPath: path, kind: .bool, isLayerKey: true,
                    get: { .bool($0[keyPath: kp]) }, set: { if case .bool(let b) = $1 { $0[keyPath: kp] = b } }))
        }
        func size(_ path: String, _ kp: WritableKeyPath<Layer, Size>) {
            add(
                LayerProperty(
                    keyPath: path, kind: .size, isLayerKey: !path.contains("."),
                    get: { .size($0[keyPath: kp]) }, set: { if case .size(let s) = $1 { $0[keyPath: kp] = s } }))
            key(path + ".width", .scalar, kp.appending(path: \.width))
            key(path + ".height", .scalar, kp.appending(path: \.height))
        }
        func rect(_ path: String, _ kp: WritableKeyPath<Layer, Rect>) {
            add(
                LayerProperty(
                    keyPath: path, kind: .rect, isLayerKey: true,
                    get: { .rect($0[keyPath: kp]) }, set: { if case .rect(let r) = $1 { $0[keyPath: kp] = r } }))
        }
        func choice<T: RawRepresentable & CaseIterable>(_ path: String, _ kp: WritableKeyPath<Layer, T>)
        where T.RawValue == String {
            add(
                LayerProperty(
                    keyPath: path, kind: .choice(T.allCases.map(\.rawValue)), isLayerKey: true,
                    get: { .choice($0[keyPath: kp].rawValue) },
                    set: { if case .choice(let name) = $1, let value = T(rawValue: name) { $0[keyPath: kp] = value } }))
        }

        point("position", \.position)
        point("anchorPoint", \.anchorPoint)
        rect("bounds", \.bounds)
        point("bounds.origin", \.bounds.origin)
        size("bounds.size", \.bounds.size)
        rect("frame", \.frame)
        transform("transform", \.transform)
        transform("sublayerTransform", \.sublayerTransform)
        key("zPosition", .scalar, \.zPosition)
        key("opacity", .scalar, \.opacity)
        key("cornerRadius", .scalar, \.cornerRadius)
        key("borderWidth", .scalar, \.borderWidth)
        color("backgroundColor", get: { $0.backgroundColor ?? .clear }, set: { $0.backgroundColor = $1 })
        color("borderColor", get: { $0.borderColor }, set: { $0.borderColor = $1 })
        color("shadowColor", get: { $0.shadowColor }, set: { $0.shadowColor = $1 })
        key("shadowOpacity", .scalar, \.shadowOpacity)
        size("shadowOffset", \.shadowOffset)
        key("shadowRadius", .scalar, \.shadowRadius)
        add(
            LayerProperty(
                keyPath: "shadowPath", kind: .path, isLayerKey: true,
                get: { .path($0.shadowPath) }, set: { if case .path(let p) = $1 { $0.shadowPath = p } }))
        add(
            LayerProperty(
                keyPath: "contents", kind: .name, isLayerKey: true,
                get: { .image($0.contents) }, set: { if case .image(let name) = $1 { $0.contents = name } }))
        choice("contentsGravity", \.contentsGravity)
        key("contentsScale", .scalar, \.contentsScale)
        rect("contentsRect", \.contentsRect)
        rect("contentsCenter", \.contentsCenter)
        choice("magnificationFilter", \.magnificationFilter)
        choice("minificationFilter", \.minificationFilter)
        key("minificationFilterBias", .scalar, \.minificationFilterBias)
        flag("hidden", \.isHidden)
        flag("allowsGroupOpacity", \.allowsGroupOpacity)
        flag("geometryFlipped", \.isGeometryFlipped)
        flag("masksToBounds", \.masksToBounds)
        flag("shouldRasterize", \.shouldRasterize)
        key("rasterizationScale", .scalar, \.rasterizationScale)
        return table
    }()

    /// Properties a layer object in the file may set, in a stable order.
    public static let layerKeys: [String] = all.values.filter(\.isLayerKey).map(\.keyPath).sorted()

    /// Properties Core Animation does not animate: `frame` is derived, the rest are switches of the render model.
    public static let unanimatable: Set<String> = [
        "frame", "allowsGroupOpacity", "geometryFlipped", "shouldRasterize", "rasterizationScale",
        "contentsGravity", "contentsScale", "magnificationFilter", "minificationFilter",
        "minificationFilterBias"
    ]

    /// Properties animations may target.
    public static let animatableKeyPaths: [String] = all.keys.filter { !unanimatable.contains($0) }.sorted()

    /// Components of a transform; a transform with shear has none, and reads as identity
    /// (validation rejects component animations on such a transform before any frame is drawn).
    static func components(_ m: Transform3D) -> TransformComponents {
        TransformComponents(m) ?? .identity
    }
}
