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

    /// The box the glyphs' ink covers in the block's space (FreeType's outline extents); nil
    /// when nothing is inked.
    public var inkBox: Rect? {
        var box: Rect? = nil
        for g in glyphs {
            let ink = g.face.inkBox(of: g.id)
            guard ink.width > 0 || ink.height > 0 else { continue }
            let s = g.scale
            let r = Rect(x: g.origin.x + ink.minX * s, y: g.origin.y - ink.maxY * s, width: ink.width * s, height: ink.height * s)
            box = box.map { $0.union(r) } ?? r
        }
        return box
    }

    /// Every glyph's outline as closed polygons in the space `transform` maps the block's
    /// space to, grouped by run (for colour), flattened within 0.03 pixel there.
    public func polygons(transform: Transform3D) -> [(run: Int, polygons: [[Point]])] {
        let zoom = Homography(transform).largestStretch
        var out: [(run: Int, polygons: [[Point]])] = []
        for g in glyphs {
            let s = g.scale
            let local = g.face.polygons(of: g.id, pixelsPerUnit: s * zoom)
            guard !local.isEmpty else { continue }
            let h = Homography(
                Transform3D.scale(s, s).concatenating(.translation(g.origin.x, g.origin.y)).concatenating(transform))
            let mapped = local.compactMap { Path.project($0, through: h) }
            if out.last?.run == g.run {
                out[out.count - 1].polygons += mapped
            } else {
                out.append((g.run, mapped))
            }
        }
        return out
    }
}
