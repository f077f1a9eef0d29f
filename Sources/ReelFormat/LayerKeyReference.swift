import ReelCore
import ReelJSON
import ReelLayers
import ReelTimeline

/// The layer keys as people and tools read them, made from `LayerProperty`'s declarations:
/// docs/format.md's tables, `reel keys`, and each key's entry in `Timelines/schema.json` (which
/// `scripts/sync-layer-keys.py` writes and `SchemaTests` holds to these).
public enum LayerKeyReference {
    /// The classes in the order their keys are listed (CALayer's keys first: every class has them).
    static let classes: [LayerClass?] = [
        nil, .shapeLayer, .gradientLayer, .replicatorLayer, .textLayer, .playerLayer, .emitterLayer
    ]

    /// The default as docs/format.md writes it: "none" for an unset value, "identity" for the
    /// identity transform, the file's JSON otherwise.
    public static func defaultText(_ p: LayerProperty) -> String {
        let v = p.defaultValue
        switch v {
        case .transform(let m) where m.isIdentity: return "identity"
        case .path(nil), .image(nil), .numbers([]), .colors([]), .dashes([]), .text([]), .optionalNumber(nil), .filters([]),
            .emitterCells([]):
            return "none"
        case .color(let c):
            if p.kind == .optionalColor, c == .clear { return "none" }
            return "`\(c.hexString)`"
        case .choice(let name), .string(let name): return "`\(name)`"
        default: return "`\(v.json.serialized.replacingOccurrences(of: ",", with: ", "))`"
        }
    }

    /// The key's line for the schema: what it does, then its default.
    public static func description(_ p: LayerProperty) -> String {
        "\(p.documentation) Default \(defaultText(p).replacingOccurrences(of: "`", with: ""))."
    }

    /// The JSON Schema of a value of `kind`.
    /// Each value's schema also takes a template variable (`{"var": NAME}`, `$defs/var`).
    public static func schema(_ kind: ValueKind) -> JSONValue {
        .object([("anyOf", .array([valueSchema(kind), .object([("$ref", .string("#/$defs/var"))])]))])
    }

    /// The schema of a value of `kind`, as the file writes it.
    private static func valueSchema(_ kind: ValueKind) -> JSONValue {
        func ref(_ name: String) -> JSONValue { .object([("$ref", .string("#/$defs/\(name)"))]) }
        func orNull(_ v: JSONValue) -> JSONValue { .object([("oneOf", .array([v, .object([("type", .string("null"))])]))]) }
        func array(of items: JSONValue) -> JSONValue { .object([("type", .string("array")), ("items", items)]) }
        let number = JSONValue.object([("type", .string("number"))])
        switch kind {
        case .scalar: return number
        case .angle: return ref("angle")
        case .point: return ref("point")
        case .size: return ref("size")
        case .rect: return ref("rect")
        case .color: return ref("color")
        case .optionalColor: return orNull(ref("color"))
        case .bool: return .object([("type", .string("boolean"))])
        case .transform: return ref("transform")
        case .path: return orNull(ref("path"))
        case .shapePath: return orNull(ref("shapePath"))
        case .name: return .object([("type", .array([.string("string"), .string("null")]))])
        case .nonNegative: return .object([("type", .string("number")), ("minimum", .number(0))])
        case .positive(let maximum):
            return .object([("type", .string("number")), ("exclusiveMinimum", .number(0)), ("maximum", .number(maximum))])
        case .text: return orNull(ref("text"))
        case .fontName: return ref("fontName")
        case .choice(let names): return .object([("enum", .array(names.map { .string($0) }))])
        case .optionalTime, .optionalNumber: return orNull(number)
        case .numberFormat: return ref("numberFormat")
        case .count(let maximum):
            return .object([("type", .string("integer")), ("minimum", .number(0)), ("maximum", .number(Double(maximum)))])
        case .numbers: return orNull(array(of: number))
        case .colors: return orNull(array(of: ref("color")))
        case .dashes: return orNull(array(of: .object([("type", .string("number")), ("minimum", .number(0))])))
        case .filters: return array(of: ref("layerFilter"))
        case .emitterCells: return array(of: ref("emitterCell"))
        case .colorMatrix:
            return .object([
                ("type", .string("array")), ("items", number), ("minItems", .number(20)), ("maxItems", .number(20))
            ])
        }
    }

    /// Every layer key with its class, kind, default, whether it animates, its description and schema.
    public static var json: JSONValue {
        .array(
            LayerProperty.declared.map { p in
                .object([
                    ("key", .string(p.keyPath)), ("class", .string((p.owner ?? .layer).rawValue)),
                    ("value", .string(p.kind.expectation)), ("default", .string(defaultText(p))),
                    ("animatable", .bool(p.isAnimatable)), ("extension", .bool(p.isExtension)),
                    ("description", .string(description(p))), ("schema", schema(p.kind))
                ])
            })
    }

    /// The JSON Schema of one of an emitter layer's `emitterCells` (`$defs/emitterCell`), made
    /// from `EmitterCellProperty`'s declarations: a unique `name` and the cell's keys.
    public static var emitterCellSchema: JSONValue {
        let name = JSONValue.object([
            ("type", .string("string")), ("minLength", .number(1)), ("pattern", .string("^[^.]+$")),
            (
                "description",
                .string("Unique among the layer's cells, no dot: animations reach the cell by emitterCells.NAME.KEY.")
            )
        ])
        let keys = EmitterCellProperty.ordered.map { p -> (String, JSONValue) in
            guard case .object(var fields) = schema(p.kind) else { return (p.keyPath, schema(p.kind)) }
            let fallback = p.defaultValue.json.serialized.replacingOccurrences(of: ",", with: ", ")
            let shown = p.defaultValue == .image(nil) ? "none" : fallback
            fields.append(("description", .string("\(p.summary) Default \(shown)\(p.isAnimatable ? "" : "; does not animate").")))
            return (p.keyPath, .object(fields))
        }
        return .object([
            ("description", .string("A CAEmitterCell: what a CAEmitterLayer emits (core-animation.md, CAEmitterLayer).")),
            ("type", .string("object")), ("required", .array([.string("name")])), ("additionalProperties", .bool(false)),
            ("properties", .object([("name", name)] + keys))
        ])
    }

    /// docs/format.md's tables: one per class, a row per key.
    public static var markdown: String {
        classes.map { c in
            let title = c.map { "`\($0.rawValue)` (with `\"class\": \"\($0.rawValue)\"`)" } ?? "Every class (`CALayer`'s keys)"
            let rows = LayerProperty.declared.filter { $0.owner == c }.map { p in
                "| `\(p.keyPath)` | \(p.documentation) | \(p.kind.expectation) | \(defaultText(p)) | \(p.isAnimatable ? "yes" : "no") |"
            }
            return
                (["#### \(title)", "", "| key | what it does | value | default | animates |", "| --- | --- | --- | --- | --- |"]
                + rows).joined(separator: "\n")
        }.joined(separator: "\n\n") + "\n"
    }
}
