/// An sRGB-encoded colour with straight (not premultiplied) alpha, components in 0...1,
/// as CGColor in the device RGB space. Blending happens on these encoded values.
public struct Color: Hashable, Sendable {
    public var red, green, blue, alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        (self.red, self.green, self.blue, self.alpha) = (red, green, blue, alpha)
    }

    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
    public static let black = Color(red: 0, green: 0, blue: 0)
    public static let white = Color(red: 1, green: 1, blue: 1)

    /// Parses `#RGB`, `#RRGGBB` or `#RRGGBBAA`; nil for anything else.
    public init?(hex: String) {
        guard hex.hasPrefix("#") else { return nil }
        var digits = Array(hex.dropFirst())
        if digits.count == 3 { digits = digits.flatMap { [$0, $0] } }
        guard digits.count == 6 || digits.count == 8 else { return nil }
        var values: [Double] = []
        for i in stride(from: 0, to: digits.count, by: 2) {
            guard let v = UInt8(String(digits[i...i + 1]), radix: 16) else { return nil }
            values.append(Double(v) / 255)
        }
        self.init(red: values[0], green: values[1], blue: values[2], alpha: values.count == 4 ? values[3] : 1)
    }

    /// `#RRGGBBAA` (or `#RRGGBB` when opaque), components rounded to 8 bits.
    public var hexString: String {
        let parts = (alpha >= 1 ? [red, green, blue] : [red, green, blue, alpha]).map { c -> String in
            let s = String(Int((min(max(c, 0), 1) * 255).rounded()), radix: 16, uppercase: true)
            return s.count == 1 ? "0" + s : s
        }
        return "#" + parts.joined()
    }

    /// The colour as premultiplied 8-bit RGBA, each channel rounded to nearest.
    public var premultipliedRGBA8: (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let a = min(max(alpha, 0), 1)
        func q(_ c: Double) -> UInt8 { UInt8((min(max(c, 0), 1) * a * 255).rounded()) }
        return (q(red), q(green), q(blue), UInt8((a * 255).rounded()))
    }
}
