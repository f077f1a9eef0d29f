/// The LCD clock's pixel font: seven-segment digits 0-9 and a colon on one sprite sheet, as
/// the contents chapter's listing 4.6 cuts its digits from `Digits.png` with `contentsRect`.
///
/// Ten digit cells of 12 x 20 pixels side by side, then a colon cell 6 pixels wide: a sheet of
/// 126 x 20. Lit pixels are opaque `ink`, the rest transparent, so a glyph shown with
/// `magnificationFilter = nearest` at a whole-number magnification has exactly two colours:
/// the ink and whatever lies behind it.
public enum ClockFont {
    public static let digitWidth = 12
    public static let colonWidth = 6
    public static let height = 20
    public static let sheetWidth = 10 * digitWidth + colonWidth
    /// The lit segments' colour (sRGB).
    public static let ink = "#143C14"
    public static let inkRGB: (r: UInt8, g: UInt8, b: UInt8) = (0x14, 0x3C, 0x14)

    /// Pixel runs (row, first column, last column) of each segment in a 12 x 20 cell: a top,
    /// b upper right, c lower right, d bottom, e lower left, f upper left, g middle. The ends
    /// taper by a pixel, as on an LCD.
    static let segments: [Character: [(Int, Int, Int)]] = [
        "a": [(1, 2, 9), (2, 3, 8)],
        "d": [(18, 2, 9), (17, 3, 8)],
        "g": [(9, 3, 8), (10, 3, 8)],
        "f": (2...8).map { ($0, 1, 1) } + (3...7).map { ($0, 2, 2) },
        "b": (2...8).map { ($0, 10, 10) } + (3...7).map { ($0, 9, 9) },
        "e": (11...17).map { ($0, 1, 1) } + (12...16).map { ($0, 2, 2) },
        "c": (11...17).map { ($0, 10, 10) } + (12...16).map { ($0, 9, 9) }
    ]
    static let litSegments = ["abcdef", "bc", "abdeg", "abcdg", "bcfg", "acdfg", "acdefg", "abc", "abcdefg", "abcdfg"]

    /// Whether pixel (x, y) of digit `d`'s 12 x 20 cell is lit.
    public static func isLit(digit d: Int, x: Int, y: Int) -> Bool {
        litSegments[d].contains { segment in
            segments[segment]!.contains { $0.0 == y && ($0.1...$0.2).contains(x) }
        }
    }

    /// Whether pixel (x, y) of the 6 x 20 colon cell is lit: two 2 x 2 dots.
    public static func isColonLit(x: Int, y: Int) -> Bool {
        (2...3).contains(x) && ((6...7).contains(y) || (12...13).contains(y))
    }

    /// The lit pixels of digit `d`, row by row (`height` rows of `digitWidth`).
    public static func glyph(_ d: Int) -> [[Bool]] {
        (0..<height).map { y in (0..<digitWidth).map { x in isLit(digit: d, x: x, y: y) } }
    }

    /// The sheet as straight-alpha RGBA bytes, row by row (`sheetWidth` x `height`): what
    /// `reel clock` writes as `clock-digits.png`.
    public static func sheetRGBA() -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: sheetWidth * height * 4)
        for y in 0..<height {
            for x in 0..<sheetWidth {
                let lit =
                    x < 10 * digitWidth
                    ? isLit(digit: x / digitWidth, x: x % digitWidth, y: y)
                    : isColonLit(x: x - 10 * digitWidth, y: y)
                guard lit else { continue }
                let i = (y * sheetWidth + x) * 4
                (bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3]) = (inkRGB.r, inkRGB.g, inkRGB.b, 255)
            }
        }
        return bytes
    }

    /// `contentsRect` of digit `d`: its cell as a unit rect of the sheet.
    public static func contentsRect(digit d: Int) -> [Double] {
        [Double(d * digitWidth) / Double(sheetWidth), 0, Double(digitWidth) / Double(sheetWidth), 1]
    }

    /// `contentsRect` of the colon.
    public static var colonContentsRect: [Double] {
        [Double(10 * digitWidth) / Double(sheetWidth), 0, Double(colonWidth) / Double(sheetWidth), 1]
    }
}
