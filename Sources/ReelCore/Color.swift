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

    /// Parses `#RGB`, `#RGBA`, `#RRGGBB` or `#RRGGBBAA` (hex digits only); nil for anything else.
    public init?(hex: String) {
        var utf8 = hex.utf8.makeIterator()
        guard utf8.next() == UInt8(ascii: "#") else { return nil }
        var nibbles: [UInt8] = []
        nibbles.reserveCapacity(8)
        while let b = utf8.next() {
            guard nibbles.count < 8, let n = Color.nibble(b) else { return nil }
            nibbles.append(n)
        }
        if nibbles.count == 3 || nibbles.count == 4 { nibbles = nibbles.flatMap { [$0, $0] } }
        guard nibbles.count == 6 || nibbles.count == 8 else { return nil }
        let c = { (i: Int) in Double(nibbles[2 * i] << 4 | nibbles[2 * i + 1]) / 255 }
        self.init(red: c(0), green: c(1), blue: c(2), alpha: nibbles.count == 8 ? c(3) : 1)
    }

    /// The value of one hex digit's byte; nil for any other byte.
    private static func nibble(_ b: UInt8) -> UInt8? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): b - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): b - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): b - UInt8(ascii: "A") + 10
        default: nil
        }
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
