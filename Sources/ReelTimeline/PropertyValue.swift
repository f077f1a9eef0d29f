import ReelCore
import ReelLayers

/// A layer property's value as a timeline holds it, from the file through animation to the
/// layer: it says what it is. Numbers, points, sizes, rects, colours and transforms
/// interpolate (see `PropertyValue+Animation`); a path interpolates point by point with a
/// path of the same elements; booleans, images and named choices step.
public enum PropertyValue: Hashable, Sendable {
    /// A number (angles in radians).
    case number(Double)
    case point(Point)
    case size(Size)
    case rect(Rect)
    /// Red, green, blue and alpha in 0...1.
    case color(Color)
    /// Boxed: a transform is four times the size of any other case, and values are copied
    /// through keyframe lists and evaluation.
    indirect case transform(Transform3D)
    /// A path, or none (`shadowPath` unset).
    case path(Path?)
    /// The name of an image asset, or none (`contents` unset).
    case image(String?)
    case bool(Bool)
    /// One of a fixed set of names (a gravity, a filter).
    case choice(String)
    /// A whole number that steps (`instanceCount`).
    case count(Int)
    /// Numbers in order (gradient `locations`): mixed number by number with as many others, else stepping.
    case numbers([Double])
    /// Colours in order (gradient `colors`): mixed colour by colour with as many others, else stepping.
    case colors([Color])
    /// Dash lengths on, off, on, ... (`lineDashPattern`); empty for none; steps.
    case dashes([Double])
    /// A text layer's string as runs: mixed run by run (sizes and colours) with runs of the
    /// same texts and fonts, else stepping.
    case text([TextRun])
    /// A name that steps (a font).
    case string(String)
    /// A number, or none (a layer's `timeRemap` or a text layer's `numberValue` unset): mixed with another number, stepping to or from none.
    case optionalNumber(Double?)
    /// How a text layer writes its number; steps.
    case numberFormat(NumberFormat)
    /// A layer's `filters` in order; steps (their values animate one by one, `filters.NAME.radius`).
    case filters([LayerFilter])
    /// A `CAEmitterLayer`'s cells in order; steps (their keys animate one by one, `emitterCells.NAME.KEY`).
    case emitterCells([EmitterCell])

    /// The numbers the value is made of, in a fixed order (a path's: its points' x and y): what
    /// interpolation, addition, splines and paced distances work on. Empty for values that step.
    public var components: [Double] {
        switch self {
        case .number(let v): return [v]
        case .point(let p): return [p.x, p.y]
        case .size(let s): return [s.width, s.height]
        case .rect(let r): return [r.origin.x, r.origin.y, r.size.width, r.size.height]
        case .color(let c): return [c.red, c.green, c.blue, c.alpha]
        case .transform(let m): return m.rows
        case .path(let p): return p?.points.flatMap { [$0.x, $0.y] } ?? []
        case .numbers(let v): return v
        case .colors(let v): return v.flatMap { [$0.red, $0.green, $0.blue, $0.alpha] }
        case .text(let runs):
            return runs.flatMap { r in
                (r.fontSize.map { [$0] } ?? []) + (r.foregroundColor.map { [$0.red, $0.green, $0.blue, $0.alpha] } ?? [])
            }
        case .optionalNumber(let t): return t.map { [$0] } ?? []
        case .image, .bool, .choice, .count, .dashes, .string, .filters, .numberFormat, .emitterCells: return []
        }
    }

    /// The same kind of value made of the numbers `c` (as many as `components` has).
    func with(components c: [Double]) -> PropertyValue {
        switch self {
        case .number: return .number(c[0])
        case .point: return .point(Point(x: c[0], y: c[1]))
        case .size: return .size(Size(width: c[0], height: c[1]))
        case .rect: return .rect(Rect(x: c[0], y: c[1], width: c[2], height: c[3]))
        case .color: return .color(Color(red: c[0], green: c[1], blue: c[2], alpha: c[3]))
        case .transform: return .transform(Transform3D(rows: c))
        case .path(let p):
            return .path(p?.replacingPoints(stride(from: 0, to: c.count - 1, by: 2).map { Point(x: c[$0], y: c[$0 + 1]) }))
        case .numbers: return .numbers(c)
        case .colors:
            return .colors(
                stride(from: 0, to: c.count - 3, by: 4).map {
                    Color(red: c[$0], green: c[$0 + 1], blue: c[$0 + 2], alpha: c[$0 + 3])
                })
        case .text(var runs):
            var k = 0
            for i in runs.indices {
                if runs[i].fontSize != nil {
                    runs[i].fontSize = c[k]
                    k += 1
                }
                if runs[i].foregroundColor != nil {
                    runs[i].foregroundColor = Color(red: c[k], green: c[k + 1], blue: c[k + 2], alpha: c[k + 3])
                    k += 4
                }
            }
            return .text(runs)
        case .optionalNumber(let t): return t == nil || c.isEmpty ? self : .optionalNumber(c[0])
        case .image, .bool, .choice, .count, .dashes, .string, .filters, .numberFormat, .emitterCells: return self
        }
    }

    /// Whether animations step between values of this kind instead of interpolating.
    var steps: Bool {
        switch self {
        case .image, .bool, .choice, .count, .dashes, .string, .filters, .numberFormat, .emitterCells: return true
        default: return false
        }
    }
}
