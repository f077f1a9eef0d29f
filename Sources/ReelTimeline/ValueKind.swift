import Foundation
import ReelCore
import ReelLayers

/// The type of a layer property's value as the file writes it: what `decode` accepts and
/// error messages expect; the decoded value is a `PropertyValue` of the matching case.
public enum ValueKind: Hashable, Sendable {
    /// A number.
    case scalar
    /// A number of radians; the file may also write `"45deg"`.
    case angle
    /// `[x, y]` or `{"x", "y"}`.
    case point
    /// `[width, height]` or `{"width", "height"}`.
    case size
    /// `[x, y, width, height]` or `{"x", "y", "width", "height"}`.
    case rect
    /// `"#RRGGBB"`, `"#RRGGBBAA"`, a CSS Color 4 string (`Color(css:)`) or `[red, green, blue, alpha?]` in 0...1.
    case color
    /// `true` / `false`; steps instead of interpolating.
    case bool
    /// 16 numbers (CATransform3D m11...m44) or components
    /// `{"translation": [x, y, z?], "rotation": {"x", "y", "z"} or z, "scale": s or [sx, sy, sz?], "m34": p}`.
    case transform
    /// A path, or null for none: `{"rect": [x, y, w, h]}`, `{"roundedRect": [x, y, w, h], "cornerRadius": r}`,
    /// `{"ellipse": [x, y, w, h]}` or `{"elements": [["move", x, y], ["line", x, y],
    /// ["quad", cx, cy, x, y], ["cubic", c1x, c1y, c2x, c2y, x, y], ["close"]]}`. Paths with the same
    /// elements interpolate point by point; others step.
    case path
    /// A CAShapeLayer's path: as `path`, plus `["arc", cx, cy, radius, startAngle, endAngle,
    /// clockwise]` elements, without a `fillRule` of its own (the layer has one).
    case shapePath
    /// A colour, or null for none (drawn as nothing, mixed as clear).
    case optionalColor
    /// A whole number 0 ... `maximum`; steps.
    case count(maximum: Int)
    /// Numbers in non-decreasing order, or null for none.
    case numbers
    /// Colours, or null for none.
    case colors
    /// Dash lengths (on, off, ...), none negative and not all 0, or null for a solid line; steps.
    case dashes
    /// A name (an asset of the timeline, or null for none); steps.
    case name
    /// A number of 0 or more (a blur radius).
    case nonNegative
    /// A number above 0 and at most `maximum` (a font size).
    case positive(maximum: Double)
    /// A text layer's string: a string, or an array of runs `{"text", "font", "fontSize",
    /// "foregroundColor"}` (each run's keys override the layer's), or null for none.
    case text
    /// A font: an asset's name, or a family or face name fontconfig knows; steps.
    case fontName
    /// One of a fixed set of names; steps.
    case choice([String])
    /// Seconds, or null for none (`timeRemap`).
    case optionalTime
    /// A number, or null for none (`numberValue`).
    case optionalNumber
    /// How a number is written: `{"decimals", "prefix", "suffix", "grouping"}`; steps.
    case numberFormat
    /// A layer's `filters`: an array of `{"name", "type": "gaussianBlur", "radius"}` and
    /// `{"name", "type": "colorMatrix", "matrix"}`, names unique.
    case filters
    /// A colour matrix: 20 numbers, rows for R, G, B, A (`filters.NAME.matrix`).
    case colorMatrix
    /// A `CAEmitterLayer`'s `emitterCells`: an array of cells `{"name", "birthRate", ...}`, names unique.
    case emitterCells

    /// How the file writes it, for error messages.
    public var expectation: String {
        switch self {
        case .scalar: return "a number"
        case .angle: return "an angle: radians, or a string like \"45deg\""
        case .point: return "a point [x, y]"
        case .size: return "a size [width, height]"
        case .rect: return "a rect [x, y, width, height]"
        case .color:
            return
                "a colour: \"#RRGGBB\", \"#RRGGBBAA\", a CSS colour (a name, rgb(), hsl()) or [red, green, blue, alpha] in 0...1"
        case .bool: return "true or false"
        case .transform: return "a transform: 16 numbers or {\"translation\", \"rotation\", \"scale\", \"m34\"}"
        case .path: return "a path: {\"rect\"}, {\"roundedRect\", \"cornerRadius\"}, {\"ellipse\"}, {\"elements\"} or null"
        case .shapePath:
            return "a path: {\"rect\"}, {\"roundedRect\", \"cornerRadius\"}, {\"ellipse\"}, {\"elements\"} (with `arc`) or null"
        case .optionalColor: return ValueKind.color.expectation + ", or null for none"
        case .count(let maximum): return "a whole number in 0...\(maximum)"
        case .numbers: return "an array of numbers in non-decreasing order, or null"
        case .colors: return "an array of colours, or null"
        case .dashes: return "an array of dash lengths (on, off, ...), none negative and not all 0, or null"
        case .name: return "an asset name or null"
        case .nonNegative: return "a number of 0 or more"
        case .positive(let maximum): return "a number above 0 and at most \(Int(maximum))"
        case .text:
            return "a string, or an array of runs {\"text\", \"font\", \"fontSize\", \"foregroundColor\"}, or null"
        case .fontName: return "a font: an asset name, or a family or face name such as \"Helvetica\""
        case .choice(let names): return "one of " + names.map { "`\($0)`" }.joined(separator: ", ")
        case .optionalTime: return "a time in seconds, or null for none"
        case .optionalNumber: return "a number, or null for none"
        case .numberFormat:
            return
                "a number format {\"decimals\": 0...\(NumberFormat.maximumDecimals), \"prefix\", \"suffix\", \"grouping\": true or false}"
        case .filters:
            return
                "an array of filters {\"name\", \"type\": \"gaussianBlur\", \"radius\"} or {\"name\", \"type\": \"colorMatrix\", \"matrix\"}"
        case .colorMatrix: return "a colour matrix: 20 numbers, rows for R, G, B, A"
        case .emitterCells: return "an array of emitter cells {\"name\", \"birthRate\", \"lifetime\", \"contents\", ...}"
        }
    }

    /// Whether animations step between values instead of interpolating.
    public var isDiscrete: Bool {
        switch self {
        case .bool, .name, .choice, .count, .dashes, .fontName, .numberFormat, .emitterCells: return true
        default: return false
        }
    }

    /// The largest magnitude a number in a value may have: far beyond any canvas, small enough
    /// that pixel and time arithmetic never overflows.
    public static let limit = 1e7
}
