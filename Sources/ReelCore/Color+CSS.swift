import Foundation

extension Color {
    /// A colour as CSS Color 4 writes it, beside Reel's own hex forms: `#RGB`, `#RGBA`,
    /// `#RRGGBB`, `#RRGGBBAA`, the named colours and `transparent` (any case),
    /// `rgb()`/`rgba()` and `hsl()`/`hsla()` with commas (legacy) or spaces and `/ alpha`
    /// (modern), numbers or percentages where CSS takes them, `none` as 0; components out of
    /// range are clamped as CSS clamps them. Nil for anything else.
    public init?(css text: String) {
        let s = text.trimmingCharacters(in: .whitespaces)
        if s.hasPrefix("#") {
            guard let c = Color(hex: s) else { return nil }
            self = c
            return
        }
        let lower = s.lowercased()
        if lower == "transparent" {
            self = .clear
            return
        }
        if let rgb = Self.cssNames[lower] {
            self.init(
                red: Double(rgb >> 16 & 0xFF) / 255, green: Double(rgb >> 8 & 0xFF) / 255, blue: Double(rgb & 0xFF) / 255)
            return
        }
        guard let open = lower.firstIndex(of: "("), lower.hasSuffix(")") else { return nil }
        let function = String(lower[..<open]).trimmingCharacters(in: .whitespaces)
        guard let arguments = Self.cssArguments(String(lower[lower.index(after: open)..<lower.index(before: lower.endIndex)]))
        else { return nil }
        switch function {
        case "rgb", "rgba":
            var channels: [Double] = []
            for a in arguments.channels {
                // A percentage of 255, or a number 0...255; `none` is 0.
                guard let v = a.percent.map({ $0 / 100 }) ?? a.number.map({ $0 / 255 }) else { return nil }
                channels.append(min(max(v, 0), 1))
            }
            guard arguments.legacy == false || Set(arguments.channels.map { $0.percent != nil }).count == 1 else { return nil }
            self.init(red: channels[0], green: channels[1], blue: channels[2], alpha: arguments.alpha)
        case "hsl", "hsla":
            let (h, sat, light) = (arguments.channels[0], arguments.channels[1], arguments.channels[2])
            // The hue is an angle (a bare number is degrees); saturation and lightness are
            // percentages (bare numbers too in the modern form).
            guard h.percent == nil, let hue = h.degrees ?? h.number,
                let sp = sat.percent ?? (arguments.legacy ? nil : sat.number),
                let lp = light.percent ?? (arguments.legacy ? nil : light.number)
            else { return nil }
            let (r, g, b) = Self.hslToRGB(hue: hue, saturation: min(max(sp, 0), 100) / 100, lightness: min(max(lp, 0), 100) / 100)
            self.init(red: r, green: g, blue: b, alpha: arguments.alpha)
        default:
            return nil
        }
    }

    /// CSS Color 4's conversion (section 7.1): hue in degrees, saturation and lightness in 0...1.
    static func hslToRGB(hue: Double, saturation: Double, lightness: Double) -> (Double, Double, Double) {
        var h = hue.truncatingRemainder(dividingBy: 360)
        if h < 0 { h += 360 }
        func f(_ n: Double) -> Double {
            let k = (n + h / 30).truncatingRemainder(dividingBy: 12)
            let a = saturation * min(lightness, 1 - lightness)
            return lightness - a * max(-1, min(k - 3, 9 - k, 1))
        }
        return (f(0), f(8), f(4))
    }

    /// One argument of a colour function: a number, a percentage, or an angle.
    private struct CSSArgument {
        var number: Double?
        var percent: Double?
        var degrees: Double?

        init?(_ token: Substring) {
            if token == "none" {
                (number, percent, degrees) = (0, nil, 0)
                return
            }
            for (unit, perDegree) in [("deg", 1.0), ("grad", 0.9), ("rad", 180 / Double.pi), ("turn", 360.0)]
            where token.hasSuffix(unit) {
                guard let v = Double(token.dropLast(unit.count)), v.isFinite else { return nil }
                degrees = v * perDegree
                return
            }
            if token.hasSuffix("%") {
                guard let v = Double(token.dropLast()), v.isFinite else { return nil }
                percent = v
                return
            }
            guard let v = Double(token), v.isFinite else { return nil }
            number = v
        }
    }

    /// A colour function's three channels and alpha (1 when left out), and whether it was
    /// written in the legacy comma form; nil when they cannot be read.
    private static func cssArguments(_ text: String) -> (channels: [CSSArgument], alpha: Double, legacy: Bool)? {
        let legacy = text.contains(",")
        var tokens: [Substring]
        var alphaToken: Substring?
        if legacy {
            tokens = text.split(separator: ",", omittingEmptySubsequences: false).map {
                Substring($0.trimmingCharacters(in: .whitespaces))
            }
            guard tokens.count == 3 || tokens.count == 4, !tokens.contains(where: { $0.isEmpty || $0.contains(" ") }) else {
                return nil
            }
            if tokens.count == 4 { alphaToken = tokens.removeLast() }
        } else {
            let halves = text.split(separator: "/", omittingEmptySubsequences: false)
            guard halves.count <= 2 else { return nil }
            tokens = halves[0].split(whereSeparator: \.isWhitespace)
            guard tokens.count == 3 else { return nil }
            if halves.count == 2 {
                let a = halves[1].split(whereSeparator: \.isWhitespace)
                guard a.count == 1 else { return nil }
                alphaToken = a[0]
            }
        }
        let channels = tokens.compactMap(CSSArgument.init)
        guard channels.count == 3 else { return nil }
        var alpha = 1.0
        if let alphaToken {
            guard let a = CSSArgument(alphaToken), a.degrees == nil || alphaToken == "none",
                let v = a.percent.map({ $0 / 100 }) ?? a.number
            else { return nil }
            alpha = min(max(v, 0), 1)
        }
        return (channels, alpha, legacy)
    }

    /// CSS Color 4's named colours (section 6.1), as 0xRRGGBB.
    static let cssNames: [String: UInt32] = [
        "aliceblue": 0xF0F8FF, "antiquewhite": 0xFAEBD7, "aqua": 0x00FFFF, "aquamarine": 0x7FFFD4, "azure": 0xF0FFFF,
        "beige": 0xF5F5DC, "bisque": 0xFFE4C4, "black": 0x000000, "blanchedalmond": 0xFFEBCD, "blue": 0x0000FF,
        "blueviolet": 0x8A2BE2, "brown": 0xA52A2A, "burlywood": 0xDEB887, "cadetblue": 0x5F9EA0,
        "chartreuse": 0x7FFF00, "chocolate": 0xD2691E, "coral": 0xFF7F50, "cornflowerblue": 0x6495ED,
        "cornsilk": 0xFFF8DC, "crimson": 0xDC143C, "cyan": 0x00FFFF, "darkblue": 0x00008B, "darkcyan": 0x008B8B,
        "darkgoldenrod": 0xB8860B, "darkgray": 0xA9A9A9, "darkgreen": 0x006400, "darkgrey": 0xA9A9A9,
        "darkkhaki": 0xBDB76B, "darkmagenta": 0x8B008B, "darkolivegreen": 0x556B2F, "darkorange": 0xFF8C00,
        "darkorchid": 0x9932CC, "darkred": 0x8B0000, "darksalmon": 0xE9967A, "darkseagreen": 0x8FBC8F,
        "darkslateblue": 0x483D8B, "darkslategray": 0x2F4F4F, "darkslategrey": 0x2F4F4F, "darkturquoise": 0x00CED1,
        "darkviolet": 0x9400D3, "deeppink": 0xFF1493, "deepskyblue": 0x00BFFF, "dimgray": 0x696969,
        "dimgrey": 0x696969, "dodgerblue": 0x1E90FF, "firebrick": 0xB22222, "floralwhite": 0xFFFAF0,
        "forestgreen": 0x228B22, "fuchsia": 0xFF00FF, "gainsboro": 0xDCDCDC, "ghostwhite": 0xF8F8FF, "gold": 0xFFD700,
        "goldenrod": 0xDAA520, "gray": 0x808080, "green": 0x008000, "greenyellow": 0xADFF2F, "grey": 0x808080,
        "honeydew": 0xF0FFF0, "hotpink": 0xFF69B4, "indianred": 0xCD5C5C, "indigo": 0x4B0082, "ivory": 0xFFFFF0,
        "khaki": 0xF0E68C, "lavender": 0xE6E6FA, "lavenderblush": 0xFFF0F5, "lawngreen": 0x7CFC00,
        "lemonchiffon": 0xFFFACD, "lightblue": 0xADD8E6, "lightcoral": 0xF08080, "lightcyan": 0xE0FFFF,
        "lightgoldenrodyellow": 0xFAFAD2, "lightgray": 0xD3D3D3, "lightgreen": 0x90EE90, "lightgrey": 0xD3D3D3,
        "lightpink": 0xFFB6C1, "lightsalmon": 0xFFA07A, "lightseagreen": 0x20B2AA, "lightskyblue": 0x87CEFA,
        "lightslategray": 0x778899, "lightslategrey": 0x778899, "lightsteelblue": 0xB0C4DE, "lightyellow": 0xFFFFE0,
        "lime": 0x00FF00, "limegreen": 0x32CD32, "linen": 0xFAF0E6, "magenta": 0xFF00FF, "maroon": 0x800000,
        "mediumaquamarine": 0x66CDAA, "mediumblue": 0x0000CD, "mediumorchid": 0xBA55D3, "mediumpurple": 0x9370DB,
        "mediumseagreen": 0x3CB371, "mediumslateblue": 0x7B68EE, "mediumspringgreen": 0x00FA9A,
        "mediumturquoise": 0x48D1CC, "mediumvioletred": 0xC71585, "midnightblue": 0x191970, "mintcream": 0xF5FFFA,
        "mistyrose": 0xFFE4E1, "moccasin": 0xFFE4B5, "navajowhite": 0xFFDEAD, "navy": 0x000080, "oldlace": 0xFDF5E6,
        "olive": 0x808000, "olivedrab": 0x6B8E23, "orange": 0xFFA500, "orangered": 0xFF4500, "orchid": 0xDA70D6,
        "palegoldenrod": 0xEEE8AA, "palegreen": 0x98FB98, "paleturquoise": 0xAFEEEE, "palevioletred": 0xDB7093,
        "papayawhip": 0xFFEFD5, "peachpuff": 0xFFDAB9, "peru": 0xCD853F, "pink": 0xFFC0CB, "plum": 0xDDA0DD,
        "powderblue": 0xB0E0E6, "purple": 0x800080, "rebeccapurple": 0x663399, "red": 0xFF0000, "rosybrown": 0xBC8F8F,
        "royalblue": 0x4169E1, "saddlebrown": 0x8B4513, "salmon": 0xFA8072, "sandybrown": 0xF4A460,
        "seagreen": 0x2E8B57, "seashell": 0xFFF5EE, "sienna": 0xA0522D, "silver": 0xC0C0C0, "skyblue": 0x87CEEB,
        "slateblue": 0x6A5ACD, "slategray": 0x708090, "slategrey": 0x708090, "snow": 0xFFFAFA,
        "springgreen": 0x00FF7F, "steelblue": 0x4682B4, "tan": 0xD2B48C, "teal": 0x008080, "thistle": 0xD8BFD8,
        "tomato": 0xFF6347, "turquoise": 0x40E0D0, "violet": 0xEE82EE, "wheat": 0xF5DEB3, "white": 0xFFFFFF,
        "whitesmoke": 0xF5F5F5, "yellow": 0xFFFF00, "yellowgreen": 0x9ACD32
    ]
}
