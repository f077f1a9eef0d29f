import CFontStack
import Foundation
import ReelCore

/// One face of a font file, opened once and shared by every layer and thread: HarfBuzz shapes
/// with it and gives its line metrics; FreeType gives its glyph outlines (unhinted, in font
/// units) and their ink extents, each outline read once.
public final class FontFace: @unchecked Sendable, Hashable, CustomStringConvertible {
    /// The font file.
    public let path: String
    /// The face's index in the file (a `.ttc` collection holds several).
    public let index: Int
    /// The family and style names the face gives, e.g. "Liberation Sans" "Bold".
    public let family: String
    public let style: String
    /// Font units per em: outlines and advances are in these.
    public let unitsPerEm: Double
    /// Line metrics in ems (HarfBuzz's horizontal extents: `hhea`, or `OS/2` typo values when
    /// the font sets USE_TYPO_METRICS): ascender above the baseline, descender below it
    /// (positive), and the gap added after a line.
    public let ascender: Double
    public let descender: Double
    public let lineGap: Double
    /// Whether its glyphs are colour bitmaps (CBDT, as in Noto Color Emoji) with no outlines:
    /// drawn as pictures in their own colours, never outlined or stroked.
    public let hasColorBitmaps: Bool
    /// The bitmap strike colour glyphs are read from (the largest) and its pixels per em.
    private let strike: Int32
    private let strikePixelsPerEm: Double

    /// A colour glyph as a picture: its premultiplied pixels, where its top-left corner lies
    /// from the pen (x right, y up) in font units, and font units per pixel.
    public struct ColorGlyph: Sendable {
        public let image: Image
        public let left: Double
        public let top: Double
        public let unitsPerPixel: Double
    }

    let font: OpaquePointer
    private let face: FT_Face
    private let bytes: UnsafeMutableRawBufferPointer
    private let lock = NSLock()
    private var outlines: [UInt32: Path] = [:]
    private var kernings: [UInt64: Double] = [:]
    private var inkBoxes: [UInt32: Rect] = [:]
    private var flattened: [FlatKey: [[Point]]] = [:]
    private var colorGlyphs: [UInt32: ColorGlyph?] = [:]

    private struct FlatKey: Hashable {
        let glyph: UInt32
        let level: Int
    }

    /// Opens face `index` of the font file at `path`; throws when the file is not a font
    /// FreeType and HarfBuzz can read whole, or the collection has no such face.
    public init(path: String, index: Int = 0) throws(FontError) {
        self.path = path
        self.index = index
        guard let data = FileManager.default.contents(atPath: path) else {
            throw FontError(path: path, reason: "a font file Reel could not read")
        }
        guard !data.isEmpty else { throw FontError(path: path, reason: "an empty file, not a font") }
        let bytes = UnsafeMutableRawBufferPointer.allocate(byteCount: data.count, alignment: 16)
        data.copyBytes(to: bytes)
        self.bytes = bytes
        var opened: FT_Face?
        let error = FontLibrary.withFreeType {
            FT_New_Memory_Face(
                $0, bytes.baseAddress!.assumingMemoryBound(to: FT_Byte.self), FT_Long(data.count), FT_Long(index), &opened)
        }
        guard error == 0, let opened else {
            let faces = FontFace.faceCount(bytes)
            bytes.deallocate()
            if let faces, index >= faces {
                throw FontError(
                    path: path,
                    reason:
                        "a font collection of \(faces) face\(faces == 1 ? "" : "s") (index 0...\(faces - 1)) asked for face \(index)"
                )
            }
            throw FontError(
                path: path,
                reason:
                    "not a font file FreeType can read (TrueType, OpenType or a .ttc collection), or one cut short or damaged (FreeType error \(error))"
            )
        }
        face = opened
        let blob = hb_blob_create(
            bytes.baseAddress!.assumingMemoryBound(to: CChar.self), UInt32(data.count), HB_MEMORY_MODE_READONLY, nil, nil)
        let hbFace = hb_face_create(blob, UInt32(index))
        hb_blob_destroy(blob)
        font = hb_font_create(hbFace)
        hb_face_destroy(hbFace)
        let upem = Double(hb_face_get_upem(hb_font_get_face(font)))
        unitsPerEm = upem > 0 ? upem : 1000
        var extents = hb_font_extents_t()
        hb_font_get_h_extents(font, &extents)
        ascender = Double(extents.ascender) / unitsPerEm
        descender = -Double(extents.descender) / unitsPerEm
        lineGap = Double(extents.line_gap) / unitsPerEm
        let colored = opened.pointee.face_flags & FT_Long(FT_FACE_FLAG_COLOR) != 0
        let scalable = opened.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0
        hasColorBitmaps = colored && !scalable && opened.pointee.num_fixed_sizes > 0
        var largest: (index: Int32, ppem: Double) = (0, 0)
        for k in 0..<Int(max(opened.pointee.num_fixed_sizes, 0)) {
            let ppem = Double(opened.pointee.available_sizes[k].y_ppem) / 64
            if ppem > largest.ppem { largest = (Int32(k), ppem) }
        }
        (strike, strikePixelsPerEm) = largest
        family = opened.pointee.family_name.map { String(cString: $0) } ?? ""
        style = opened.pointee.style_name.map { String(cString: $0) } ?? ""
        // Every property is set from here on: a throw runs deinit, which frees the face.
        if let problem = FontFace.cutShortTable(face: opened, font: font) {
            throw FontError(path: path, reason: "a font file cut short or damaged (\(problem))")
        }
        guard opened.pointee.num_glyphs > 0, scalable || hasColorBitmaps else {
            throw FontError(path: path, reason: "a font without scalable glyph outlines (a bitmap font)")
        }
    }

    deinit {
        _ = FontLibrary.withFreeType { _ in FT_Done_Face(face) }
        hb_font_destroy(font)
        bytes.deallocate()
    }

    /// How many faces a file holds, asked of FreeType (face index -1); nil when it reads none.
    private static func faceCount(_ bytes: UnsafeMutableRawBufferPointer) -> Int? {
        var probe: FT_Face?
        let error = FontLibrary.withFreeType {
            FT_New_Memory_Face($0, bytes.baseAddress!.assumingMemoryBound(to: FT_Byte.self), FT_Long(bytes.count), -1, &probe)
        }
        guard error == 0, let probe else { return nil }
        let n = Int(probe.pointee.num_faces)
        _ = FontLibrary.withFreeType { _ in FT_Done_Face(probe) }
        return n
    }

    /// A table the font's directory declares past the end of the file (a file cut short that
    /// FreeType still opens: it leaves such tables out, HarfBuzz lists them clamped), in
    /// words; nil when every table is whole.
    private static func cutShortTable(face: FT_Face, font: OpaquePointer) -> String? {
        func name(_ tag: UInt32) -> String {
            String(bytes: (0..<4).map { UInt8(truncatingIfNeeded: tag >> (24 - 8 * $0)) }, encoding: .isoLatin1) ?? "?"
        }
        var count: FT_ULong = 0
        guard FT_Sfnt_Table_Info(face, 0, nil, &count) == 0 else { return nil }
        var whole: [UInt32: FT_ULong] = [:]
        for i in 0..<count {
            var tag: FT_ULong = 0
            var length: FT_ULong = 0
            if FT_Sfnt_Table_Info(face, FT_UInt(i), &tag, &length) == 0 { whole[UInt32(truncatingIfNeeded: tag)] = length }
        }
        let hbFace = hb_font_get_face(font)
        var listed = hb_face_get_table_tags(hbFace, 0, nil, nil)
        var tags = [hb_tag_t](repeating: 0, count: Int(listed))
        _ = hb_face_get_table_tags(hbFace, 0, &listed, &tags)
        for tag in tags.prefix(Int(listed)) {
            guard let length = whole[tag] else { return "its `\(name(tag))` table lies past the end of the file" }
            let table = hb_face_reference_table(hbFace, tag)
            let held = hb_blob_get_length(table)
            hb_blob_destroy(table)
            if FT_ULong(held) < length { return "its `\(name(tag))` table declares \(length) bytes, the file holds \(held)" }
        }
        return nil
    }

    /// The glyph the font maps `scalar` to; nil when it has none.
    public func glyph(for scalar: Unicode.Scalar) -> UInt32? {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(font, scalar.value, &glyph) != 0 ? glyph : nil
    }

    /// A glyph's advance width in font units (HarfBuzz's, before shaping adjusts it).
    public func advance(of glyph: UInt32) -> Double { Double(hb_font_get_glyph_h_advance(font, glyph)) }

    /// How much shaping `a` before `b` changes `a`'s advance (the font's kerning of the pair,
    /// GPOS or `kern`), in font units; 0 when the font lacks either character.
    public func kerning(_ a: Unicode.Scalar, _ b: Unicode.Scalar) -> Double {
        let key = UInt64(a.value) << 32 | UInt64(b.value)
        lock.lock()
        if let kept = kernings[key] {
            lock.unlock()
            return kept
        }
        lock.unlock()
        var value = 0.0
        if let first = glyph(for: a), glyph(for: b) != nil {
            let buffer = hb_buffer_create()
            defer { hb_buffer_destroy(buffer) }
            let pair = [a.value, b.value]
            hb_buffer_add_codepoints(buffer, pair, 2, 0, 2)
            hb_buffer_guess_segment_properties(buffer)
            hb_shape(font, buffer, nil, 0)
            var count: UInt32 = 0
            let infos = hb_buffer_get_glyph_infos(buffer, &count)
            let positions = hb_buffer_get_glyph_positions(buffer, &count)
            if count == 2, let infos, let positions, infos[0].codepoint == first {
                value = Double(positions[0].x_advance) - advance(of: first)
            }
        }
        lock.lock()
        kernings[key] = value
        lock.unlock()
        return value
    }

    /// A glyph's outline in font units, y up (FreeType's, unhinted); empty for a blank glyph.
    public func outline(of glyph: UInt32) -> Path {
        lock.lock()
        defer { lock.unlock() }
        if let kept = outlines[glyph] { return kept }
        let path = readOutline(glyph)
        outlines[glyph] = path
        return path
    }

    /// The glyph's ink box in font units, y up (FreeType's exact outline box); zero for a blank glyph.
    public func inkBox(of glyph: UInt32) -> Rect {
        if hasColorBitmaps {
            guard let c = colorGlyph(glyph) else { return .zero }
            let u = c.unitsPerPixel
            return Rect(
                x: c.left, y: c.top - Double(c.image.height) * u, width: Double(c.image.width) * u,
                height: Double(c.image.height) * u)
        }
        lock.lock()
        defer { lock.unlock() }
        if let kept = inkBoxes[glyph] { return kept }
        var box = Rect.zero
        if FT_Load_Glyph(face, glyph, Int32(FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP)) == 0,
            face.pointee.glyph.pointee.format == FT_GLYPH_FORMAT_OUTLINE, face.pointee.glyph.pointee.outline.n_points > 0
        {
            var b = FT_BBox()
            FT_Outline_Get_BBox(&face.pointee.glyph.pointee.outline, &b)
            box = Rect(x: Double(b.xMin), y: Double(b.yMin), width: Double(b.xMax - b.xMin), height: Double(b.yMax - b.yMin))
        }
        inkBoxes[glyph] = box
        return box
    }

    /// A glyph's outline in font units with y pointing down, flattened finely enough for
    /// `pixelsPerUnit` device pixels per font unit (within 0.03 px), as closed polygons. Kept
    /// per glyph and size step (steps of a half octave), so a glyph drawn at one size on
    /// many frames is flattened once.
    public func polygons(of glyph: UInt32, pixelsPerUnit: Double) -> [[Point]] {
        let level = Int((log2(max(pixelsPerUnit, 1e-6)) * 2).rounded(.up))
        let key = FlatKey(glyph: glyph, level: level)
        lock.lock()
        if let kept = flattened[key] {
            lock.unlock()
            return kept
        }
        lock.unlock()
        let tolerance = 0.02 / exp2(Double(level) / 2)
        let path = outline(of: glyph)
        let polygons = path.polylines { Path.segments($0, tolerance: tolerance) }.map(\.points).filter { $0.count > 2 }.map {
            $0.map { Point(x: $0.x, y: -$0.y) }
        }
        lock.lock()
        flattened[key] = polygons
        lock.unlock()
        return polygons
    }

    /// A colour bitmap glyph as its strike draws it (nil in a face of outlines, or for a blank
    /// glyph); read once.
    public func colorGlyph(_ glyph: UInt32) -> ColorGlyph? {
        guard hasColorBitmaps else { return nil }
        lock.lock()
        defer { lock.unlock() }
        if let kept = colorGlyphs[glyph] { return kept }
        var made: ColorGlyph? = nil
        if FT_Select_Size(face, strike) == 0, FT_Load_Glyph(face, glyph, Int32(FT_LOAD_COLOR)) == 0 {
            let slot = face.pointee.glyph.pointee
            let bitmap = slot.bitmap
            let (w, h) = (Int(bitmap.width), Int(bitmap.rows))
            if w > 0, h > 0, bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue), let source = bitmap.buffer {
                let pixels = PixelBuffer(width: w, height: h)
                for y in 0..<h {
                    let from = source.advanced(by: y * Int(bitmap.pitch))
                    let to = pixels.bytes.advanced(by: y * pixels.stride).assumingMemoryBound(to: UInt32.self)
                    for x in 0..<w {
                        // FreeType's BGRA is premultiplied, as Reel's pixels are.
                        to[x] = PixelBuffer.pack((from[4 * x + 2], from[4 * x + 1], from[4 * x], from[4 * x + 3]))
                    }
                }
                let u = unitsPerEm / strikePixelsPerEm
                made = ColorGlyph(
                    image: Image(pixels: pixels), left: Double(slot.bitmap_left) * u, top: Double(slot.bitmap_top) * u,
                    unitsPerPixel: u)
            }
        }
        colorGlyphs[glyph] = made
        return made
    }

    private func readOutline(_ glyph: UInt32) -> Path {
        guard FT_Load_Glyph(face, glyph, Int32(FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP)) == 0,
            face.pointee.glyph.pointee.format == FT_GLYPH_FORMAT_OUTLINE
        else { return Path() }
        final class Sink {
            var path = Path()
            var open = false
        }
        let sink = Sink()
        var funcs = FT_Outline_Funcs(
            move_to: { to, user in
                let sink = Unmanaged<Sink>.fromOpaque(user!).takeUnretainedValue()
                if sink.open { sink.path.close() }
                sink.path.move(to: Point(x: Double(to!.pointee.x), y: Double(to!.pointee.y)))
                sink.open = true
                return 0
            },
            line_to: { to, user in
                Unmanaged<Sink>.fromOpaque(user!).takeUnretainedValue().path.line(
                    to: Point(x: Double(to!.pointee.x), y: Double(to!.pointee.y)))
                return 0
            },
            conic_to: { c, to, user in
                Unmanaged<Sink>.fromOpaque(user!).takeUnretainedValue().path.quad(
                    to: Point(x: Double(to!.pointee.x), y: Double(to!.pointee.y)),
                    control: Point(x: Double(c!.pointee.x), y: Double(c!.pointee.y)))
                return 0
            },
            cubic_to: { c1, c2, to, user in
                Unmanaged<Sink>.fromOpaque(user!).takeUnretainedValue().path.cubic(
                    to: Point(x: Double(to!.pointee.x), y: Double(to!.pointee.y)),
                    control1: Point(x: Double(c1!.pointee.x), y: Double(c1!.pointee.y)),
                    control2: Point(x: Double(c2!.pointee.x), y: Double(c2!.pointee.y)))
                return 0
            },
            shift: 0, delta: 0)
        let status = withExtendedLifetime(sink) {
            FT_Outline_Decompose(&face.pointee.glyph.pointee.outline, &funcs, Unmanaged.passUnretained(sink).toOpaque())
        }
        guard status == 0 else { return Path() }
        if sink.open { sink.path.close() }
        return sink.path
    }

    public var description: String { "\(family) \(style) (\(path)\(index > 0 ? " #\(index)" : ""))" }

    public static func == (a: FontFace, b: FontFace) -> Bool { a === b }
    public func hash(into h: inout Hasher) { h.combine(ObjectIdentifier(self)) }
}
