import CFontStack
import Foundation
import ReelCore

/// Lays out text blocks as CATextLayer does (see the Core Animation page): paragraphs at
/// `\n`, shaped once; lines wrapped at UAX #14 opportunities to the width (a word longer than
/// it broken between characters), truncated with "…", stacked from the top by their fonts'
/// ascender, descender and line gap, and aligned by advance widths without trailing spaces.
/// Each distinct block is laid out once and kept. Safe to share between threads.
public final class Typesetter: @unchecked Sendable {
    public let library: FontLibrary
    private let lock = NSLock()
    private var kept: [TextBlock: TextLayout] = [:]
    /// Layouts kept at most (a timeline of thousands of text layers keeps them all); past it the
    /// table starts again (an animated `fontSize` makes one per frame).
    static let capacity = 4096

    /// A typesetter of the machine's fonts only, shared where a timeline ships none.
    public static let systemFonts = Typesetter(library: FontLibrary())

    public init(library: FontLibrary) {
        self.library = library
    }

    /// The block laid out (kept from an earlier call when the same block was laid out before).
    public func layout(_ block: TextBlock) -> TextLayout {
        lock.lock()
        if let layout = kept[block] {
            lock.unlock()
            return layout
        }
        lock.unlock()
        let layout = Typesetter.lay(block, library: library)
        lock.lock()
        if kept.count >= Typesetter.capacity { kept.removeAll(keepingCapacity: true) }
        kept[block] = layout
        lock.unlock()
        return layout
    }

    /// Forgets the kept layouts, their table's memory too, when more than `count` are kept:
    /// renders that follow one another in one process (a batch's rows) keep what they share
    /// without the table growing with their number.
    public func trim(to count: Int) {
        lock.lock()
        if kept.count > count { kept = [:] }
        lock.unlock()
    }

    /// A line to place: characters a ..< b of a paragraph, "…" put in at `ellipsisAt` (a
    /// character index in a ..< b) where truncated, the characters from `resume` on following it.
    private struct LinePlan {
        let paragraph: Int
        var start: Int
        var end: Int
        /// Truncation: characters start ..< cut, "…", then resume ..< end.
        var cut: (at: Int, resume: Int)? = nil
        /// Whether it ends its paragraph (justified text leaves such a line natural).
        var endsParagraph: Bool
    }

    /// The block laid out: set smaller first when it asks to fit and, untruncated, does not
    /// (truncation applies after the scaling), then its line boxes placed in the bounds' height.
    static func lay(_ block: TextBlock, library: FontLibrary) -> TextLayout {
        var layout = set(block, library: library)
        if block.adjustsToFit, !fits(block.truncation == .none ? layout : set(block, library: library, truncating: false), block)
        {
            // The largest k/256 at or above the minimum at which the text, set as it is, fits;
            // when none does, the minimum itself.
            let lowest = max(1, Int((block.minimumScale * 256 - 1e-9).rounded(.up)))
            var (lo, hi) = (lowest, 255)
            var best: Int? = nil
            while lo <= hi {
                let k = (lo + hi) / 2
                let scaled = block.scaled(by: Double(k) / 256)
                if fits(set(scaled, library: library, truncating: false), scaled) {
                    best = k
                    lo = k + 1
                } else {
                    hi = k - 1
                }
            }
            let scale = best.map { Double($0) / 256 } ?? max(block.minimumScale, 1.0 / 256)
            layout = set(block.scaled(by: scale), library: library)
            layout.scale = scale
        }
        let room = block.height - layout.height
        switch block.verticalAlignment {
        case .top: break
        case .center: layout.move(down: room / 2)
        case .bottom: layout.move(down: room)
        }
        return layout
    }

    /// Whether text set as it is fits the bounds: its line boxes no taller, and, unwrapped, no
    /// line wider.
    private static func fits(_ layout: TextLayout, _ block: TextBlock) -> Bool {
        layout.height <= block.height + 1e-9 && (block.isWrapped || layout.lines.allSatisfy { $0.width <= block.width + 1e-9 })
    }

    /// The block set at its sizes, from the top of the bounds.
    static func set(_ block: TextBlock, library: FontLibrary, truncating: Bool = true) -> TextLayout {
        var layout = TextLayout()
        layout.fonts = block.runs.indices.map { r in
            let name = block.style(r).font
            let found = library.face(named: name)
            return TextLayout.RunFonts(name: name, face: found.face, isMatch: found.isMatch, fallbacks: [], missing: [])
        }
        guard !block.runs.isEmpty else { return layout }
        // Paragraphs at line feeds; each remembers the run it starts in (an empty one's metrics).
        var paragraphs: [ShapedParagraph] = []
        var paragraphRuns: [Int] = []
        // Where each paragraph starts in the whole string (Unicode scalars, line feeds counted).
        var paragraphStarts: [Int] = [0]
        var scalars: [Unicode.Scalar] = []
        var runs: [Int] = []
        var startRun = 0
        func finish() {
            paragraphs.append(
                ShapedParagraph(scalars: scalars, runs: runs, block: block, library: library, report: &layout.fonts))
            paragraphRuns.append(startRun)
            scalars.removeAll()
            runs.removeAll()
        }
        for (r, run) in block.runs.enumerated() {
            for c in run.text.unicodeScalars {
                if scalars.isEmpty { startRun = r }
                if c == "\n" {
                    paragraphStarts.append(paragraphStarts[paragraphStarts.count - 1] + scalars.count + 1)
                    finish()
                    startRun = r
                } else {
                    scalars.append(c)
                    runs.append(r)
                }
            }
        }
        finish()

        // Lines.
        var plans: [LinePlan] = []
        for (p, paragraph) in paragraphs.enumerated() {
            let ranges = block.isWrapped ? wrap(paragraph, width: block.width) : [0..<paragraph.scalars.count]
            for (k, range) in ranges.enumerated() {
                plans.append(
                    LinePlan(paragraph: p, start: range.lowerBound, end: range.upperBound, endsParagraph: k == ranges.count - 1))
            }
        }
        func metrics(_ plan: LinePlan) -> (ascent: Double, descent: Double, gap: Double) {
            let paragraph = paragraphs[plan.paragraph]
            var faces: [(FontFace, Double)] = []
            if plan.start == plan.end {
                let r = plan.start < paragraph.runs.count ? paragraph.runs[plan.start] : paragraphRuns[plan.paragraph]
                faces.append((layout.fonts[r].face, block.style(r).size))
            }
            for item in paragraph.items where item.range.overlaps(plan.start..<plan.end) { faces.append((item.face, item.size)) }
            if let cut = plan.cut { faces.append(ellipsisFace(paragraph, cut.at, plan, layout.fonts)) }
            var m = (ascent: 0.0, descent: 0.0, gap: 0.0)
            for (face, size) in faces {
                m = (max(m.ascent, face.ascender * size), max(m.descent, face.descender * size), max(m.gap, face.lineGap * size))
            }
            return m
        }
        // Truncation: with wrapping, the last line whose whole height fits takes the rest of
        // its paragraph and the lines after it go; without, every line wider than the bounds.
        if block.truncation != .none, truncating {
            if block.isWrapped {
                var top = 0.0
                var last: Int? = nil
                for (i, plan) in plans.enumerated() {
                    let m = metrics(plan)
                    top += m.ascent + m.descent + m.gap
                    if top <= block.height + 1e-9 { last = i } else { break }
                }
                if let last, last < plans.count - 1 {
                    var plan = plans[last]
                    plan.end = paragraphs[plan.paragraph].scalars.count
                    plan.endsParagraph = true
                    plans.removeSubrange((last + 1)...)
                    plans[last] = truncated(plan, paragraphs[plan.paragraph], block, layout.fonts)
                }
            } else {
                plans = plans.map { truncated($0, paragraphs[$0.paragraph], block, layout.fonts) }
            }
        }
        // Placing.
        var top = 0.0
        for plan in plans {
            let m = metrics(plan)
            let baseline = top + m.ascent
            let start = paragraphStarts[plan.paragraph]
            place(
                plan, paragraphs[plan.paragraph], baseline: baseline, block: block, fonts: layout.fonts, into: &layout, top: top,
                height: m.ascent + m.descent + m.gap, characters: (start + plan.start)..<(start + plan.end))
            top += m.ascent + m.descent + m.gap
        }
        layout.finish(stroke: block.strokeWidth)
        return layout
    }

    /// Greedy wrapping: as many break-separated pieces on a line as fit the width (spaces at
    /// its end not counted); a piece wider than the width alone starts a line and breaks
    /// between characters (clusters).
    static func wrap(_ p: ShapedParagraph, width: Double) -> [Range<Int>] {
        let n = p.scalars.count
        guard n > 0 else { return [0..<0] }
        let limit = width + 1e-9
        var lines: [Range<Int>] = []
        var start = 0
        var fit: Int? = nil
        var i = 0
        while i < p.breaks.count {
            let b = p.breaks[i]
            if b <= start {
                i += 1
                continue
            }
            if p.width(start, b) <= limit {
                fit = b
                i += 1
                continue
            }
            if let f = fit {
                lines.append(start..<f)
                start = f
                fit = nil
                continue
            }
            // One piece wider than the line: cut between clusters, at least one on each line.
            var cut = start + 1
            while cut < b, !p.clusterStarts[cut] { cut += 1 }
            var next = cut
            while next < b {
                var after = next + 1
                while after < b, !p.clusterStarts[after] { after += 1 }
                if p.width(start, after) > limit { break }
                next = after
            }
            cut = max(cut, next)
            if cut >= b {
                fit = b
                i += 1
                continue
            }
            lines.append(start..<cut)
            start = cut
        }
        lines.append(start..<(fit ?? n))
        if let f = fit, f < n { lines.append(f..<n) }
        return lines
    }

    /// The line cut to the block's width with "…" per the truncation mode, at cluster
    /// boundaries; as it was when it fits.
    private static func truncated(_ plan: LinePlan, _ p: ShapedParagraph, _ block: TextBlock, _ fonts: [TextLayout.RunFonts])
        -> LinePlan
    {
        let limit = block.width + 1e-9
        guard p.width(plan.start, plan.end) > limit else { return plan }
        let end = p.trimmedEnd(plan.start, plan.end)
        let (face, size) = ellipsisFace(p, plan.start, plan, fonts)
        let room = limit - ellipsisAdvance(face, size)
        var starts = (plan.start..<end).filter { p.clusterStarts[$0] }
        starts.append(end)
        var plan = plan
        func width(_ a: Int, _ b: Int) -> Double { p.prefix[b] - p.prefix[a] }
        switch block.truncation {
        case .none:
            return plan
        case .end:
            var cut = plan.start
            for s in starts where width(plan.start, p.trimmedEnd(plan.start, s)) <= room { cut = s }
            cut = p.trimmedEnd(plan.start, cut)
            plan.cut = (cut, end)
        case .start:
            var resume = end
            for s in starts.reversed() where width(s, end) <= room { resume = s }
            while resume < end, ShapedParagraph.isSpace(p.scalars[resume]) { resume += 1 }
            plan.cut = (plan.start, resume)
        case .middle:
            // Characters from both ends in turn, the shorter side first, while they fit.
            var front = 0
            var back = starts.count - 1
            while front < back {
                let takeFront = width(plan.start, starts[front]) <= width(starts[back], end)
                let (f, b) = takeFront ? (front + 1, back) : (front, back - 1)
                guard f <= b, width(plan.start, starts[f]) + width(starts[b], end) <= room else { break }
                (front, back) = (f, b)
            }
            plan.cut = (p.trimmedEnd(plan.start, starts[front]), starts[back])
        }
        return plan
    }

    /// The face and size "…" is drawn in at character `at` of the line: that character's
    /// (the line's first when it is empty), or a fallback when its face lacks U+2026.
    private static func ellipsisFace(_ p: ShapedParagraph, _ at: Int, _ plan: LinePlan, _ fonts: [TextLayout.RunFonts])
        -> (FontFace, Double)
    {
        let i = min(max(at, plan.start), max(plan.end - 1, plan.start))
        let item = p.items.first { $0.range.contains(i) } ?? p.items.first
        guard let item else { return (fonts[0].face, 0) }
        if item.face.glyph(for: "\u{2026}") != nil { return (item.face, item.size) }
        return (fonts[item.run].face, item.size)
    }

    private static func ellipsisGlyphs(_ face: FontFace, _ size: Double, run: Int) -> [ShapedParagraph.ShapedGlyph] {
        let item = ShapedParagraph.Item(range: 0..<1, face: face, size: size, run: run, level: 0, glyphs: [])
        return ShapedParagraph.shape([0x2026], item: item, script: HB_SCRIPT_COMMON)
    }

    private static func ellipsisAdvance(_ face: FontFace, _ size: Double) -> Double {
        ellipsisGlyphs(face, size, run: 0).reduce(0) { $0 + $1.advance }
    }

    /// Puts a line's glyphs in visual order (UAX #9 L2 over its items' levels), aligned.
    private static func place(
        _ plan: LinePlan, _ p: ShapedParagraph, baseline: Double, block: TextBlock, fonts: [TextLayout.RunFonts],
        into layout: inout TextLayout, top: Double, height: Double, characters: Range<Int>
    ) {
        // Logical pieces: (level, glyphs, characters).
        struct Piece {
            let level: Int
            let glyphs: [ShapedParagraph.ShapedGlyph]
            let face: FontFace
            let size: Double
            let run: Int
            var isEllipsis = false

            /// Its spaces (U+0020), which justification stretches.
            func spaces(in p: ShapedParagraph) -> Int { isEllipsis ? 0 : glyphs.filter { p.scalars[$0.cluster] == " " }.count }
        }
        var ranges: [Range<Int>] = []
        let end = p.trimmedEnd(plan.start, plan.end)
        if let cut = plan.cut {
            ranges = [plan.start..<cut.at, cut.resume..<end]
        } else {
            ranges = [plan.start..<end]
        }
        var pieces: [Piece] = []
        var text = ""
        for (k, range) in ranges.enumerated() {
            for item in p.items where item.range.overlaps(range) {
                let glyphs = Array(item.glyphs(in: range))
                pieces.append(Piece(level: item.level, glyphs: glyphs, face: item.face, size: item.size, run: item.run))
            }
            text += String(String.UnicodeScalarView(p.scalars[range]))
            if k == 0, let cut = plan.cut {
                let (face, size) = ellipsisFace(p, cut.at > plan.start ? cut.at - 1 : cut.resume, plan, fonts)
                let run =
                    p.runs.isEmpty ? 0 : p.runs[min(max(cut.at > plan.start ? cut.at - 1 : cut.resume, 0), p.runs.count - 1)]
                pieces.append(
                    Piece(
                        level: p.isRightToLeft ? 1 : 0, glyphs: ellipsisGlyphs(face, size, run: run), face: face, size: size,
                        run: run,
                        isEllipsis: true))
                text += "…"
            }
        }
        pieces.removeAll { $0.glyphs.isEmpty }
        let order = visualOrder(pieces.map(\.level))
        let width = pieces.reduce(0) { $0 + $1.glyphs.reduce(0) { $0 + $1.advance } }
        // Justified: the spaces of a wrapped line that does not end its paragraph take up the rest.
        var stretch = 0.0
        var alignment = block.alignment
        if alignment == .justified {
            let spaces = pieces.reduce(0) { $0 + $1.spaces(in: p) }
            if !plan.endsParagraph, plan.cut == nil, spaces > 0, width < block.width {
                stretch = (block.width - width) / Double(spaces)
            }
            alignment = .natural
        }
        if alignment == .natural { alignment = p.isRightToLeft ? .right : .left }
        let spanned = width + stretch * Double(pieces.reduce(0) { $0 + $1.spaces(in: p) })
        let x0: Double
        switch alignment {
        case .right: x0 = block.width - spanned
        case .center: x0 = (block.width - spanned) / 2
        default: x0 = 0
        }
        var pen = x0
        let first = layout.glyphs.count
        for k in order {
            let piece = pieces[k]
            for g in piece.glyphs {
                layout.glyphs.append(
                    TextLayout.Glyph(
                        face: piece.face, id: g.id, origin: Point(x: pen + g.offset.x, y: baseline + g.offset.y),
                        size: piece.size, advance: g.advance, run: piece.run, character: piece.isEllipsis ? -1 : g.cluster))
                pen += g.advance
                if stretch > 0, !piece.isEllipsis, p.scalars[g.cluster] == " " { pen += stretch }
            }
        }
        layout.lines.append(
            TextLayout.Line(
                text: text, x: x0, width: spanned, top: top, baseline: baseline, height: height,
                glyphs: first..<layout.glyphs.count, characters: characters))
    }

    /// Indices of pieces in visual order: from the highest level down to the lowest odd one,
    /// every run of pieces at that level or higher reversed (UAX #9 rule L2).
    static func visualOrder(_ levels: [Int]) -> [Int] {
        var order = Array(levels.indices)
        guard let highest = levels.max(), let lowest = levels.min() else { return order }
        let lowestOdd = lowest % 2 == 1 ? lowest : lowest + 1
        guard highest >= lowestOdd else { return order }
        for level in stride(from: highest, through: lowestOdd, by: -1) {
            var i = 0
            while i < order.count {
                guard levels[order[i]] >= level else {
                    i += 1
                    continue
                }
                var j = i
                while j < order.count, levels[order[j]] >= level { j += 1 }
                order[i..<j].reverse()
                i = j
            }
        }
        return order
    }
}
