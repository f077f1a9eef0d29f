import ReelCore

/// A text block laid out: its lines top to bottom, each with its glyphs placed in the
/// block's space (origin at the bounds' top-left, y down), and which fonts drew each run.
public struct TextLayout: Sendable {
    /// One glyph drawn: its face, its id in it, the pen position on the baseline (offsets
    /// applied), its size in points per em and the run whose colour it takes.
    public struct Glyph: Sendable {
        public let face: FontFace
        public let id: UInt32
        public let origin: Point
        public let size: Double
        /// How far the pen moves after it, in points (justification's stretch not included).
        public let advance: Double
        public let run: Int
        /// The character (index in its paragraph) its cluster starts at; -1 for a truncation's "…".
        public let character: Int

        /// Points per font unit.
        public var scale: Double { size / face.unitsPerEm }
    }

    /// One line as laid out.
    public struct Line: Sendable {
        /// Its characters in logical order, trailing spaces dropped, "…" where truncated.
        public let text: String
        /// Where its first glyph's advance starts (left edge) and its advance width.
        public let x: Double
        public let width: Double
        /// Its top, baseline and height (ascender + descender + line gap of its largest fonts).
        public let top: Double
        public let baseline: Double
        public let height: Double
        /// Its glyphs in `TextLayout.glyphs`, in visual order left to right.
        public let glyphs: Range<Int>
        /// The characters it was laid out from, as Unicode scalar offsets in the block's whole
        /// string (line feeds counted; trailing spaces included, a truncation's cut ones too).
        public let characters: Range<Int>
    }

    /// Which fonts drew one run's characters.
    public struct RunFonts: Sendable {
        /// The run's font name as written.
        public let name: String
        /// The face the name resolved to, and whether it matched (false: fontconfig's default stood in).
        public let face: FontFace
        public let isMatch: Bool
        /// Faces that drew characters the run's face lacks, with those characters, in order of first use.
        public var fallbacks: [(face: FontFace, characters: [Unicode.Scalar])]
        /// Characters no installed font has (drawn as the run face's missing glyph).
        public var missing: [Unicode.Scalar]
    }

    public internal(set) var lines: [Line] = []
    public internal(set) var glyphs: [Glyph] = []
    public internal(set) var fonts: [RunFonts] = []
    /// The factor `adjustsFontSizeToFit` set the text smaller by (1: as written); the stroke
    /// width and background padding scale with it.
    public internal(set) var scale = 1.0
    /// The height of the laid-out line boxes, top to bottom.
    public var height: Double { (lines.last.map { $0.top + $0.height } ?? 0) - (lines.first?.top ?? 0) }

    /// The box the glyphs' ink covers in the block's space (FreeType's outline extents); nil
    /// when nothing is inked.
    public private(set) var inkBox: Rect? = nil
    /// Glyphs drawn as one coverage, in order (consecutive glyphs of one run), and whether
    /// some of their ink overlaps (joined Arabic letters, a mark over its base, lines whose
    /// ink meets): such a group is filled as the union of its outlines, so the overlap's edges
    /// are covered once, not twice.
    public private(set) var groups: [(glyphs: Range<Int>, overlaps: Bool, inkBox: Rect?)] = []

    /// Moves every line, glyph and the ink down by `dy` points (up when negative).
    mutating func move(down dy: Double) {
        guard dy != 0 else { return }
        lines = lines.map {
            Line(
                text: $0.text, x: $0.x, width: $0.width, top: $0.top + dy, baseline: $0.baseline + dy, height: $0.height,
                glyphs: $0.glyphs, characters: $0.characters)
        }
        glyphs = glyphs.map {
            Glyph(
                face: $0.face, id: $0.id, origin: Point(x: $0.origin.x, y: $0.origin.y + dy), size: $0.size, advance: $0.advance,
                run: $0.run, character: $0.character)
        }
        inkBox = inkBox.map { Rect(x: $0.minX, y: $0.minY + dy, width: $0.width, height: $0.height) }
        groups = groups.map {
            ($0.glyphs, $0.overlaps, $0.inkBox.map { Rect(x: $0.minX, y: $0.minY + dy, width: $0.width, height: $0.height) })
        }
    }

    /// Works out the ink box (grown by half of `stroke`, in points) and the groups once the
    /// glyphs are placed.
    mutating func finish(stroke: Double = 0) {
        var boxes: [Rect?] = []
        boxes.reserveCapacity(glyphs.count)
        for g in glyphs {
            let ink = g.face.inkBox(of: g.id)
            guard ink.width > 0 || ink.height > 0 else {
                boxes.append(nil)
                continue
            }
            let s = g.scale
            let r = Rect(x: g.origin.x + ink.minX * s, y: g.origin.y - ink.maxY * s, width: ink.width * s, height: ink.height * s)
            boxes.append(r)
            inkBox = inkBox.map { $0.union(r) } ?? r
        }
        if stroke > 0 { inkBox = inkBox?.outset(by: stroke / 2) }
        func overlap(_ a: Rect, _ b: Rect) -> Bool {
            a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY
        }
        // Each glyph is checked against the glyphs before it on its line (the nearest 16) and
        // the line before against the line when the two lines' ink meets.
        var start = 0
        var overlaps = false
        var groupInk: Rect? = nil
        var lineInk: [Rect] = []
        for line in lines {
            var ink: Rect? = nil
            for i in line.glyphs {
                if i > start, glyphs[i].run != glyphs[i - 1].run {
                    groups.append((start..<i, overlaps, groupInk))
                    (start, overlaps, groupInk) = (i, false, nil)
                }
                guard let box = boxes[i] else { continue }
                if !overlaps, i == line.glyphs.lowerBound, i > start, let above = lineInk.last, overlap(above, box) {
                    overlaps = true
                }
                var k = i - 1
                while !overlaps, k >= max(start, line.glyphs.lowerBound, i - 16) {
                    if let other = boxes[k], overlap(other, box) { overlaps = true }
                    k -= 1
                }
                ink = ink.map { $0.union(box) } ?? box
                groupInk = groupInk.map { $0.union(box) } ?? box
            }
            if let ink { lineInk.append(ink) }
        }
        if start < glyphs.count { groups.append((start..<glyphs.count, overlaps, groupInk)) }
    }

    /// The outlines of group `k`'s glyphs as closed polygons in the space `transform` maps the
    /// block's space to, flattened within 0.03 pixel there; the union of them where they overlap.
    public func polygons(ofGroup k: Int, transform: Transform3D) -> [[Point]] {
        let zoom = Homography(transform).largestStretch
        var polygons: [[Point]] = []
        for g in glyphs[groups[k].glyphs] {
            let s = g.scale
            let local = g.face.polygons(of: g.id, pixelsPerUnit: s * zoom)
            guard !local.isEmpty else { continue }
            let h = Homography(
                Transform3D.scale(s, s).concatenating(.translation(g.origin.x, g.origin.y)).concatenating(transform))
            polygons += local.compactMap { Path.project($0, through: h) }
        }
        return groups[k].overlaps ? FillRule.nonZero.trapezoids(of: polygons) : polygons
    }

    /// The run whose colour group `k` takes.
    public func run(ofGroup k: Int) -> Int { glyphs[groups[k].glyphs.lowerBound].run }
}
