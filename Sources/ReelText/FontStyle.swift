/// A face's weight and slant as fontconfig numbers them, read from a style name as PostScript
/// and family-style names write it (`Bold`, `Oblique`, `BoldItalic`, `SemiBold Italic`,
/// `Roman`): how `Helvetica-Oblique` finds the family's italic face.
public struct FontStyle: Hashable, Sendable {
    public var weight: Int32
    public var slant: Int32

    public static let regular = FontStyle(weight: 80, slant: 0)

    public init(weight: Int32, slant: Int32) {
        (self.weight, self.slant) = (weight, slant)
    }

    /// Weight words, longest first so `ExtraBold` is not read as `Bold`.
    private static let weights: [(String, Int32)] = [
        ("extralight", 40), ("ultralight", 40), ("semilight", 55), ("demilight", 55), ("extrabold", 205),
        ("ultrabold", 205), ("extrablack", 215), ("ultrablack", 215), ("semibold", 180), ("demibold", 180), ("regular", 80),
        ("medium", 100), ("normal", 80), ("light", 50), ("heavy", 210), ("black", 210), ("roman", 80), ("plain", 80),
        ("thin", 0), ("book", 75), ("bold", 200), ("demi", 180)
    ]
    private static let slants: [(String, Int32)] = [("italic", 100), ("oblique", 110), ("inclined", 110), ("it", 100)]

    /// The style a name spells, case, spaces and hyphens aside; nil when it is not made only of
    /// these words (a family's own style name, such as `Condensed`, is left to fontconfig).
    public init?(name: String) {
        var rest = Substring(name.lowercased().filter { $0 != " " && $0 != "-" && $0 != "_" })
        guard !rest.isEmpty else { return nil }
        var style = FontStyle.regular
        var sawWeight = false
        var sawSlant = false
        while !rest.isEmpty {
            if !sawWeight, let (word, w) = Self.weights.first(where: { rest.hasPrefix($0.0) }) {
                style.weight = w
                sawWeight = true
                rest = rest.dropFirst(word.count)
            } else if !sawSlant, let (word, s) = Self.slants.first(where: { rest.hasPrefix($0.0) }) {
                style.slant = s
                sawSlant = true
                rest = rest.dropFirst(word.count)
            } else {
                return nil
            }
        }
        self = style
    }

    /// Whether a face of this style stands for `wanted`: bold for bold (weights within a step),
    /// slanted for slanted.
    public func serves(_ wanted: FontStyle) -> Bool {
        abs(Int(weight) - Int(wanted.weight)) <= 30 && (slant > 0) == (wanted.slant > 0)
    }

    /// The name of this style added to `family` in the form `Family-Style` that the library reads.
    public func name(in family: String) -> String {
        let w = Self.weights.first { $0.1 == weight }.map { $0.0.prefix(1).uppercased() + $0.0.dropFirst() } ?? "Regular"
        let bold = weight == 80 ? "" : w
        let slanted = slant > 0 ? "Italic" : ""
        return family + "-" + (bold.isEmpty && slanted.isEmpty ? "Regular" : bold + slanted)
    }
}
