import CFontStack
import CLineBreaks
import ReelCore

/// One paragraph (text between hard line breaks) shaped once: its characters' bidi levels
/// (FriBidi), the face each character is drawn with (its run's font, else a fallback), the
/// glyphs HarfBuzz gives each item (a stretch of one run, face, level and script), each
/// character's advance, and where UAX #14 lets a line break (ICU).
struct ShapedParagraph {
    /// A glyph as shaped: its id, the character its cluster starts at, and its advance and
    /// offsets in points.
    struct ShapedGlyph {
        let id: UInt32
        let cluster: Int
        let advance: Double
        let offset: Point
    }

    /// A stretch of characters shaped together, with its glyphs in visual order.
    struct Item {
        let range: Range<Int>
        let face: FontFace
        let size: Double
        let run: Int
        let level: Int
        var glyphs: [ShapedGlyph]

        /// The glyphs whose clusters start in `range`, found by halving: HarfBuzz keeps an
        /// item's clusters in order (rising left to right, falling for right to left).
        func glyphs(in range: Range<Int>) -> ArraySlice<ShapedGlyph> {
            let rising = level % 2 == 0
            func firstIndex(where past: (Int) -> Bool) -> Int {
                var (lo, hi) = (0, glyphs.count)
                while lo < hi {
                    let mid = (lo + hi) / 2
                    if past(glyphs[mid].cluster) { hi = mid } else { lo = mid + 1 }
                }
                return lo
            }
            if rising {
                return glyphs[firstIndex { $0 >= range.lowerBound }..<firstIndex { $0 >= range.upperBound }]
            }
            return glyphs[firstIndex { $0 < range.upperBound }..<firstIndex { $0 < range.lowerBound }]
        }
    }

    let scalars: [Unicode.Scalar]
    /// The run each character belongs to.
    let runs: [Int]
    let faces: [FontFace]
    let levels: [Int]
    /// Whether the paragraph runs right to left (its first strong character is).
    let isRightToLeft: Bool
    let items: [Item]
    /// Advance of each character in points: its cluster's whole advance on the cluster's
    /// first character, 0 on the rest.
    let advances: [Double]
    /// Whether a line may be cut before character i (cluster starts).
    let clusterStarts: [Bool]
    /// Positions (character indices, ascending, the end included) a line may break before.
    let breaks: [Int]
    /// Sums of `advances`: `prefix[i]` is the advance of characters 0 ..< i.
    let prefix: [Double]

    init(scalars: [Unicode.Scalar], runs: [Int], block: TextBlock, library: FontLibrary, report: inout [TextLayout.RunFonts]) {
        self.scalars = scalars
        self.runs = runs
        let n = scalars.count
        let codepoints = scalars.map(\.value)
        (levels, isRightToLeft) = ShapedParagraph.bidiLevels(codepoints)
        let scripts = ShapedParagraph.scripts(codepoints)
        // Faces, character by character.
        var faces: [FontFace] = []
        faces.reserveCapacity(n)
        for i in 0..<n {
            let r = runs[i]
            let name = block.style(r).font
            let primary = report[r].face
            let c = scalars[i]
            if primary.glyph(for: c) != nil || ShapedParagraph.isSpace(c) {
                faces.append(primary)
            } else if i > 0, runs[i - 1] == r, ShapedParagraph.joinsPrevious(c),
                faces[i - 1].glyph(for: c) != nil || c.properties.isVariationSelector
            {
                // A variation selector stays with its base (HarfBuzz hides one the face lacks).
                faces.append(faces[i - 1])
            } else if let other = library.fallback(
                for: c, in: name, script: scripts[i],
                prefersColor: c.properties.isEmojiPresentation || (i + 1 < n && scalars[i + 1] == "\u{FE0F}"))
            {
                faces.append(other)
                if let k = report[r].fallbacks.firstIndex(where: { $0.face === other }) {
                    if !report[r].fallbacks[k].characters.contains(c) { report[r].fallbacks[k].characters.append(c) }
                } else {
                    report[r].fallbacks.append((other, [c]))
                }
            } else {
                faces.append(i > 0 && runs[i - 1] == r && ShapedParagraph.joinsPrevious(c) ? faces[i - 1] : primary)
                if !ShapedParagraph.joinsPrevious(c), !report[r].missing.contains(c) { report[r].missing.append(c) }
            }
        }
        self.faces = faces
        // Items: one run, face, level and script each.
        var items: [Item] = []
        var start = 0
        for i in stride(from: 1, through: n, by: 1)
        where i == n || runs[i] != runs[start] || faces[i] !== faces[start]
            || levels[i] != levels[start] || scripts[i] != scripts[start]
        {
            let size = block.style(runs[start]).size
            var item = Item(range: start..<i, face: faces[start], size: size, run: runs[start], level: levels[start], glyphs: [])
            item.glyphs = ShapedParagraph.shape(codepoints, item: item, script: scripts[start])
            items.append(item)
            start = i
        }
        self.items = items
        var advances = [Double](repeating: 0, count: n)
        var starts = [Bool](repeating: false, count: n + 1)
        starts[n] = true
        for item in items {
            for g in item.glyphs {
                advances[g.cluster] += g.advance
                starts[g.cluster] = true
            }
        }
        self.advances = advances
        self.clusterStarts = starts
        var prefix = [0.0]
        prefix.reserveCapacity(n + 1)
        for a in advances { prefix.append(prefix[prefix.count - 1] + a) }
        self.prefix = prefix
        self.breaks = ShapedParagraph.lineBreaks(scalars).filter { starts[$0] }
    }

    /// Advance width of characters a ..< b, spaces at the end not counted.
    func width(_ a: Int, _ b: Int) -> Double {
        prefix[trimmedEnd(a, b)] - prefix[a]
    }

    /// The end of a ..< b with white space at its end dropped.
    func trimmedEnd(_ a: Int, _ b: Int) -> Int {
        var e = b
        while e > a, ShapedParagraph.isSpace(scalars[e - 1]) { e -= 1 }
        return e
    }

    /// White space that ends a line unseen and is not counted in its width.
    static func isSpace(_ c: Unicode.Scalar) -> Bool { c.properties.isWhitespace }

    /// Characters that belong with the one before (marks, joiners, variation selectors) and
    /// keep its font when they can.
    static func joinsPrevious(_ c: Unicode.Scalar) -> Bool {
        switch c.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .format: return true
        default: return c.properties.isVariationSelector
        }
    }

    /// FriBidi's embedding level of each character, the paragraph's direction taken from its
    /// first strong character (left to right when it has none).
    static func bidiLevels(_ codepoints: [UInt32]) -> ([Int], Bool) {
        let n = Int32(codepoints.count)
        guard n > 0 else { return ([], false) }
        var types = [FriBidiCharType](repeating: FriBidiCharType(rawValue: 0), count: codepoints.count)
        var brackets = [FriBidiBracketType](repeating: 0, count: codepoints.count)
        var levels = [FriBidiLevel](repeating: 0, count: codepoints.count)
        var direction = reel_fribidi_par_on()
        fribidi_get_bidi_types(codepoints, n, &types)
        fribidi_get_bracket_types(codepoints, n, types, &brackets)
        guard fribidi_get_par_embedding_levels_ex(types, brackets, n, &direction, &levels) != 0 else {
            return ([Int](repeating: 0, count: codepoints.count), false)
        }
        return (levels.map { Int($0) }, direction == reel_fribidi_par_rtl())
    }

    /// Each character's script, common and inherited characters taking their neighbour's.
    static func scripts(_ codepoints: [UInt32]) -> [hb_script_t] {
        let funcs = hb_unicode_funcs_get_default()
        var scripts = codepoints.map { hb_unicode_script(funcs, $0) }
        func isReal(_ s: hb_script_t) -> Bool { s != HB_SCRIPT_COMMON && s != HB_SCRIPT_INHERITED && s != HB_SCRIPT_UNKNOWN }
        var last: hb_script_t? = nil
        for i in scripts.indices {
            if isReal(scripts[i]) { last = scripts[i] } else if let last { scripts[i] = last }
        }
        let first = scripts.first(where: isReal) ?? HB_SCRIPT_COMMON
        for i in scripts.indices where !isReal(scripts[i]) { scripts[i] = first }
        return scripts
    }

    /// HarfBuzz's glyphs for one item, shaped with the whole paragraph as context.
    static func shape(_ codepoints: [UInt32], item: Item, script: hb_script_t) -> [ShapedGlyph] {
        let buffer = hb_buffer_create()
        defer { hb_buffer_destroy(buffer) }
        hb_buffer_add_codepoints(
            buffer, codepoints, Int32(codepoints.count), UInt32(item.range.lowerBound), Int32(item.range.count))
        hb_buffer_set_direction(buffer, item.level % 2 == 1 ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_set_script(buffer, script)
        hb_buffer_set_language(buffer, hb_language_from_string(SystemFonts.language(for: script), -1))
        hb_shape(item.face.font, buffer, nil, 0)
        var count: UInt32 = 0
        let infos = hb_buffer_get_glyph_infos(buffer, &count)!
        let positions = hb_buffer_get_glyph_positions(buffer, &count)!
        let s = item.size / item.face.unitsPerEm
        return (0..<Int(count)).map { i in
            ShapedGlyph(
                id: infos[i].codepoint, cluster: Int(infos[i].cluster), advance: Double(positions[i].x_advance) * s,
                offset: Point(x: Double(positions[i].x_offset) * s, y: -Double(positions[i].y_offset) * s))
        }
    }

    /// Where UAX #14 (ICU's line-break rules) lets a line start, as character indices after 0,
    /// the end included.
    static func lineBreaks(_ scalars: [Unicode.Scalar]) -> [Int] {
        var utf16: [UInt16] = []
        var scalarAt: [Int] = []
        for (i, c) in scalars.enumerated() {
            for unit in String(c).utf16 {
                utf16.append(unit)
                scalarAt.append(i)
            }
        }
        scalarAt.append(scalars.count)
        var offsets = [Int32](repeating: 0, count: utf16.count)
        let count = Int(reel_line_breaks(utf16, Int32(utf16.count), &offsets))
        var breaks = offsets.prefix(max(count, 0)).map { scalarAt[Int($0)] }
        if breaks.last != scalars.count { breaks.append(scalars.count) }
        return breaks
    }
}
