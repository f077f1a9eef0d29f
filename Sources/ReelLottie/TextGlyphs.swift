import ReelCore
import ReelText

/// Where a text document's glyphs come from: the file's `chars` outlines when it has them for
/// the document's font, otherwise the named font (`fFamily` and `fStyle`) through Reel's text
/// stack, a character that font lacks from the first installed font that has it. Each glyph
/// is drawn alone, without kerning or shaping across characters, as lottie-web measures and
/// places text character by character.
struct TextGlyphs {
    /// One glyph at size 100: its advance and outline (y down, origin on the baseline at its left edge).
    typealias Glyph = LottieAssets.Glyph

    private let chars: [String: Glyph]?
    private let face: FontFace?
    private let fontName: String
    /// How far below a text box's top its first baseline lies, in percent of the size.
    let ascent: Double

    /// The library every import shares (faces are opened once per process).
    private static let library = FontLibrary()

    /// The glyphs of font `name` (a document's `f`): warns through `node` when the font is not
    /// installed and another stands in.
    init(font name: String, assets: LottieAssets, node: LottieNode) {
        let font = assets.fonts[name]
        if let glyphs = assets.glyphs(family: name), !glyphs.isEmpty {
            (chars, face, fontName) = (glyphs, nil, name)
            ascent = font?.ascent ?? 75
            return
        }
        chars = nil
        let family = font?.family ?? name
        let style = font?.style ?? ""
        let styled = FontStyle(name: style).map { $0.name(in: family) } ?? family
        fontName = styled
        guard FontLibrary.missingFontsProblem == nil else {
            node.unsupported("no font is installed; the text is not drawn")
            (face, ascent) = (nil, font?.ascent ?? 75)
            return
        }
        let resolution = Self.library.face(named: styled)
        if !resolution.isMatch {
            node.unsupported(
                "font \"\(family)\(style.isEmpty ? "" : " \(style)")\" is not installed; \(resolution.face.family) stands in")
        }
        face = resolution.face
        ascent = font?.ascent ?? resolution.face.ascender * 100
    }

    /// The glyph of `character`; nil when no font has it.
    func glyph(_ character: Character) -> Glyph? {
        if let chars { return chars[String(character)] }
        guard let face, let scalar = character.unicodeScalars.first else { return nil }
        if let id = face.glyph(for: scalar) { return Self.glyph(id, of: face) }
        guard let other = Self.library.fallback(for: scalar, in: fontName), let id = other.glyph(for: scalar) else {
            return nil
        }
        return Self.glyph(id, of: other)
    }

    /// How much the font kerns `a` before `b`, at size 100 (0 for `chars` glyphs, which have no kerning).
    func kerning(_ a: Character, _ b: Character) -> Double {
        guard chars == nil, let face, let x = a.unicodeScalars.first, let y = b.unicodeScalars.first else { return 0 }
        return face.kerning(x, y) * 100 / face.unitsPerEm
    }

    /// A font's glyph as Lottie numbers at size 100, y down.
    private static func glyph(_ id: UInt32, of face: FontFace) -> Glyph {
        let k = 100 / face.unitsPerEm
        return Glyph(advance: face.advance(of: id) * k, outline: outline(face.outline(of: id), scale: k))
    }

    /// `path` (y up) as Lottie's shapes of vertices with relative tangents, scaled by `k`, y down.
    static func outline(_ path: Path, scale k: Double) -> [Double] {
        var out: [Double] = []
        var shape: [(x: Double, y: Double, ix: Double, iy: Double, ox: Double, oy: Double)] = []
        func flush(closed: Bool) {
            guard !shape.isEmpty else { return }
            // A contour that returns to its start joins its last vertex with its first.
            if closed, shape.count > 1, let last = shape.last, abs(last.x - shape[0].x) < 1e-9, abs(last.y - shape[0].y) < 1e-9 {
                shape[0].ix = last.ix
                shape[0].iy = last.iy
                shape.removeLast()
            }
            out += [closed ? 1 : 0, Double(shape.count)] + shape.flatMap { [$0.x, $0.y, $0.ix, $0.iy, $0.ox, $0.oy] }
            shape = []
        }
        func point(_ p: Point) -> (Double, Double) { (p.x * k, -p.y * k) }
        func cubic(_ c1: (Double, Double), _ c2: (Double, Double), _ end: (Double, Double)) {
            guard let last = shape.last else { return }
            shape[shape.count - 1].ox = c1.0 - last.x
            shape[shape.count - 1].oy = c1.1 - last.y
            shape.append((end.0, end.1, c2.0 - end.0, c2.1 - end.1, 0, 0))
        }
        for element in path.elements {
            switch element {
            case .move(let p):
                flush(closed: false)
                let (x, y) = point(p)
                shape = [(x, y, 0, 0, 0, 0)]
            case .line(let p):
                let (x, y) = point(p)
                if shape.isEmpty { shape = [(x, y, 0, 0, 0, 0)] } else { shape.append((x, y, 0, 0, 0, 0)) }
            case .quad(let c, let p):
                guard let last = shape.last else { continue }
                let (cx, cy) = point(c)
                let (x, y) = point(p)
                cubic(
                    (last.x + 2 / 3 * (cx - last.x), last.y + 2 / 3 * (cy - last.y)),
                    (x + 2 / 3 * (cx - x), y + 2 / 3 * (cy - y)),
                    (x, y))
            case .cubic(let c1, let c2, let p): cubic(point(c1), point(c2), point(p))
            case .close: flush(closed: true)
            }
        }
        flush(closed: false)
        return out
    }
}
