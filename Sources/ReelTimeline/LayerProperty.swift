import ReelCore
import ReelLayers

/// A property of `Layer` reachable by a Core Animation key path (`position`, `position.x`,
/// `transform.rotation.z`, ...): its value kind and how to read and write it as numbers.
/// Its closures capture only key paths, which are immutable: sharing it between threads is safe.
public struct LayerProperty: @unchecked Sendable {
    public let keyPath: String
    public let kind: ValueKind
    /// Whether the file may set it directly on a layer (components such as `position.x` are animation-only).
    public let isLayerKey: Bool
    let get: (Layer) -> [Double]
    let set: (inout Layer, [Double]) -> Void

    public func value(of layer: Layer) -> [Double] { get(layer) }
    public func setValue(_ v: [Double], on layer: inout Layer) { set(&layer, v) }

    /// Every property by key path.
    public static let all: [String: LayerProperty] = {
        var table: [String: LayerProperty] = [:]
        func add(_ p: LayerProperty) { table[p.keyPath] = p }
        func key(_ path: String, _ kind: ValueKind, _ kp: WritableKeyPath<Layer, Double>) {
            add(LayerProperty(keyPath: path, kind: kind, isLayerKey: !path.contains("."),
                              get: { [$0[keyPath: kp]] }, set: { $0[keyPath: kp] = $1[0] }))
        }
        func point(_ path: String, _ kp: WritableKeyPath<Layer, Point>) {
            add(LayerProperty(keyPath: path, kind: .point, isLayerKey: !path.contains("."),
                              get: { [$0[keyPath: kp].x, $0[keyPath: kp].y] },
                              set: { $0[keyPath: kp] = Point(x: $1[0], y: $1[1]) }))
            key(path + ".x", .scalar, kp.appending(path: \.x))
            key(path + ".y", .scalar, kp.appending(path: \.y))
        }
        func color(_ path: String, get: @escaping (Layer) -> Color, set: @escaping (inout Layer, Color) -> Void) {
            add(LayerProperty(keyPath: path, kind: .color, isLayerKey: true,
                              get: { let c = get($0); return [c.red, c.green, c.blue, c.alpha] },
                              set: { set(&$0, Color(red: $1[0], green: $1[1], blue: $1[2], alpha: $1[3])) }))
        }
        func transform(_ path: String, _ kp: WritableKeyPath<Layer, Transform3D>) {
            add(LayerProperty(keyPath: path, kind: .transform, isLayerKey: true,
                              get: { $0[keyPath: kp].rows }, set: { $0[keyPath: kp] = Transform3D(rows: $1) }))
            func component(_ name: String, _ kind: ValueKind, _ c: WritableKeyPath<TransformComponents, Double>) {
                add(LayerProperty(keyPath: "\(path).\(name)", kind: kind, isLayerKey: false,
                                  get: { [LayerProperty.components($0[keyPath: kp])[keyPath: c]] },
                                  set: { layer, v in
                                      var parts = LayerProperty.components(layer[keyPath: kp])
                                      parts[keyPath: c] = v[0]
                                      layer[keyPath: kp] = parts.matrix
                                  }))
            }
            for (axis, r, s, t) in [("x", \TransformComponents.rotation.x, \TransformComponents.scale.x, \TransformComponents.translation.x),
                                    ("y", \.rotation.y, \.scale.y, \.translation.y),
                                    ("z", \.rotation.z, \.scale.z, \.translation.z)] {
                component("rotation.\(axis)", .angle, r)
                component("scale.\(axis)", .scalar, s)
                component("translation.\(axis)", .scalar, t)
            }
            component("rotation", .angle, \.rotation.z)
            add(LayerProperty(keyPath: "\(path).scale", kind: .scalar, isLayerKey: false,
                              get: { let s = LayerProperty.components($0[keyPath: kp]).scale; return [(s.x + s.y + s.z) / 3] },
                              set: { layer, v in
                                  var parts = LayerProperty.components(layer[keyPath: kp])
                                  parts.scale = (v[0], v[0], v[0])
                                  layer[keyPath: kp] = parts.matrix
                              }))
            add(LayerProperty(keyPath: "\(path).translation", kind: .size, isLayerKey: false,
                              get: { let t = LayerProperty.components($0[keyPath: kp]).translation; return [t.x, t.y] },
                              set: { layer, v in
                                  var parts = LayerProperty.components(layer[keyPath: kp])
                                  parts.translation.x = v[0]
                                  parts.translation.y = v[1]
                                  layer[keyPath: kp] = parts.matrix
                              }))
        }

        point("position", \.position)
        point("anchorPoint", \.anchorPoint)
        add(LayerProperty(keyPath: "bounds", kind: .rect, isLayerKey: true,
                          get: { [$0.bounds.origin.x, $0.bounds.origin.y, $0.bounds.size.width, $0.bounds.size.height] },
                          set: { $0.bounds = Rect(x: $1[0], y: $1[1], width: $1[2], height: $1[3]) }))
        point("bounds.origin", \.bounds.origin)
        add(LayerProperty(keyPath: "bounds.size", kind: .size, isLayerKey: false,
                          get: { [$0.bounds.size.width, $0.bounds.size.height] },
                          set: { $0.bounds.size = Size(width: $1[0], height: $1[1]) }))
        key("bounds.size.width", .scalar, \.bounds.size.width)
        key("bounds.size.height", .scalar, \.bounds.size.height)
        add(LayerProperty(keyPath: "frame", kind: .rect, isLayerKey: true,
                          get: { let f = $0.frame; return [f.origin.x, f.origin.y, f.size.width, f.size.height] },
                          set: { $0.frame = Rect(x: $1[0], y: $1[1], width: $1[2], height: $1[3]) }))
        transform("transform", \.transform)
        transform("sublayerTransform", \.sublayerTransform)
        key("zPosition", .scalar, \.zPosition)
        key("opacity", .scalar, \.opacity)
        key("cornerRadius", .scalar, \.cornerRadius)
        key("borderWidth", .scalar, \.borderWidth)
        color("backgroundColor", get: { $0.backgroundColor ?? .clear }, set: { $0.backgroundColor = $1 })
        color("borderColor", get: { $0.borderColor }, set: { $0.borderColor = $1 })
        func flag(_ path: String, _ kp: WritableKeyPath<Layer, Bool>) {
            add(LayerProperty(keyPath: path, kind: .bool, isLayerKey: true,
                              get: { [$0[keyPath: kp] ? 1 : 0] }, set: { $0[keyPath: kp] = $1[0] != 0 }))
        }
        func size(_ path: String, _ kp: WritableKeyPath<Layer, Size>) {
            add(LayerProperty(keyPath: path, kind: .size, isLayerKey: true,
                              get: { [$0[keyPath: kp].width, $0[keyPath: kp].height] },
                              set: { $0[keyPath: kp] = Size(width: $1[0], height: $1[1]) }))
            key(path + ".width", .scalar, kp.appending(path: \.width))
            key(path + ".height", .scalar, kp.appending(path: \.height))
        }
        func rect(_ path: String, _ kp: WritableKeyPath<Layer, Rect>) {
            add(LayerProperty(keyPath: path, kind: .rect, isLayerKey: true,
                              get: { let r = $0[keyPath: kp]; return [r.origin.x, r.origin.y, r.size.width, r.size.height] },
                              set: { $0[keyPath: kp] = Rect(x: $1[0], y: $1[1], width: $1[2], height: $1[3]) }))
        }
        func choice<T: RawRepresentable & CaseIterable>(_ path: String, _ kp: WritableKeyPath<Layer, T>) where T.RawValue == String {
            let cases = Array(T.allCases)
            add(LayerProperty(keyPath: path, kind: .choice(cases.map(\.rawValue)), isLayerKey: true,
                              get: { l in [Double(cases.firstIndex { $0.rawValue == l[keyPath: kp].rawValue } ?? 0)] },
                              set: { $0[keyPath: kp] = cases[Int($1[0])] }))
        }
        color("shadowColor", get: { $0.shadowColor }, set: { $0.shadowColor = $1 })
        key("shadowOpacity", .scalar, \.shadowOpacity)
        size("shadowOffset", \.shadowOffset)
        key("shadowRadius", .scalar, \.shadowRadius)
        add(LayerProperty(keyPath: "shadowPath", kind: .path, isLayerKey: true,
                          get: { $0.shadowPath.map(PathCoding.numbers) ?? [] },
                          set: { $0.shadowPath = $1.isEmpty ? nil : PathCoding.path($1) }))
        add(LayerProperty(keyPath: "contents", kind: .name, isLayerKey: true,
                          get: { $0.contents.map { $0.utf8.map(Double.init) } ?? [] },
                          set: { $0.contents = $1.isEmpty ? nil : String(decoding: $1.map { UInt8($0) }, as: UTF8.self) }))
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
    public static let unanimatable: Set<String> = ["frame", "allowsGroupOpacity", "geometryFlipped", "shouldRasterize", "rasterizationScale",
                                                   "contentsGravity", "contentsScale", "magnificationFilter", "minificationFilter",
                                                   "minificationFilterBias"]

    /// Properties animations may target.
    public static let animatableKeyPaths: [String] = all.keys.filter { !unanimatable.contains($0) }.sorted()

    /// Components of a transform; a transform with shear has none, and reads as identity
    /// (validation rejects component animations on such a transform before any frame is drawn).
    static func components(_ m: Transform3D) -> TransformComponents {
        TransformComponents(m) ?? .identity
    }
}
