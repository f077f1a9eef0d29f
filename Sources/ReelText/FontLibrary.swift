import CFontStack
import Foundation
import ReelCore

/// Finds the fonts text is drawn with: a font asset of the timeline by its name, otherwise
/// the machine's fonts through fontconfig (its aliases, such as `Helvetica` for Liberation
/// Sans, included), and for a character the font lacks, the first installed font that has
/// it. Faces are opened once per process and shared; every answer is kept. Safe to share
/// between threads.
public final class FontLibrary: @unchecked Sendable {
    /// How a font name was resolved.
    public struct Resolution: Hashable, Sendable {
        public let face: FontFace
        /// False when no font has the name and fontconfig's default font stands in.
        public let isMatch: Bool
    }

    private let assets: [String: FontFace]
    private let lock = NSLock()
    private var resolved: [String: Resolution] = [:]
    private var fallbacks: [FallbackKey: FontFace?] = [:]

    private struct FallbackKey: Hashable {
        let name: String
        let scalar: UInt32
        let language: String
        let prefersColor: Bool
    }

    /// The Debian package whose font Reel's text falls back to.
    public static let defaultFontPackage = "fonts-dejavu-core"

    /// Why text cannot be set on this machine (fontconfig finds no font Reel can open), with
    /// the fix; nil when it can.
    public static var missingFontsProblem: String? {
        SystemFonts.shared.hasAnyFont
            ? nil
            : "fontconfig finds no font Reel can open; install one: apt-get install \(defaultFontPackage)"
    }

    /// A library whose names first match `assets` (fonts the timeline ships, by asset name).
    public init(assets: [String: FontFace] = [:]) {
        self.assets = assets
    }

    /// Whether `name` is a font asset's (one face, with no family of styles to choose from).
    public func isAsset(_ name: String) -> Bool { assets[name] != nil }

    /// The face `name` means: a font asset, else fontconfig's match (its default font, not a
    /// match, when nothing has the name).
    public func face(named name: String) -> Resolution {
        lock.lock()
        defer { lock.unlock() }
        if let kept = resolved[name] { return kept }
        let resolution: Resolution
        if let asset = assets[name] {
            resolution = Resolution(face: asset, isMatch: true)
        } else {
            resolution = SystemFonts.shared.match(name)
        }
        resolved[name] = resolution
        return resolution
    }

    /// The face that draws `scalar` in text set in `name` when that font lacks it: the first
    /// installed font, in fontconfig's order of likeness to `name` and its face's weight and
    /// slant for the language of `script` (the character's, or its neighbours' for
    /// punctuation), that has the character; nil when none has it. So bold text falls back to
    /// a bold face where the fallback family has one. With `prefersColor` (a character with
    /// emoji presentation), a colour font that has it comes first.
    public func fallback(for scalar: Unicode.Scalar, in name: String, script: hb_script_t, prefersColor: Bool = false)
        -> FontFace?
    {
        let key = FallbackKey(
            name: name, scalar: scalar.value, language: SystemFonts.language(for: script), prefersColor: prefersColor)
        lock.lock()
        if let kept = fallbacks[key] {
            lock.unlock()
            return kept
        }
        lock.unlock()
        let pattern = assets[name].map(\.family) ?? name
        let style = FontStyle(name: face(named: name).face.style) ?? .regular
        let found = SystemFonts.shared.fallback(
            for: scalar, like: pattern, style: style, language: key.language, prefersColor: prefersColor)
        lock.lock()
        fallbacks[key] = found
        lock.unlock()
        return found
    }

    /// The face that draws `scalar` in text set in `name` when that font lacks it, for the
    /// character's own script (see `fallback(for:in:script:prefersColor:)`).
    public func fallback(for scalar: Unicode.Scalar, in name: String) -> FontFace? {
        fallback(for: scalar, in: name, script: hb_unicode_script(hb_unicode_funcs_get_default(), scalar.value))
    }

    /// The font libraries this process runs with, as `reel --version` names them:
    /// `FreeType 2.12.1, HarfBuzz 6.0.0, fontconfig 2.14.1`.
    public static var linkedVersions: String {
        let freeType = withFreeType { library -> String in
            var (major, minor, patch): (FT_Int, FT_Int, FT_Int) = (0, 0, 0)
            FT_Library_Version(library, &major, &minor, &patch)
            return "\(major).\(minor).\(patch)"
        }
        let fc = FcGetVersion()
        return
            "FreeType \(freeType), HarfBuzz \(String(cString: hb_version_string())), fontconfig \(fc / 10000).\(fc / 100 % 100).\(fc % 100)"
    }

    /// Runs `body` with the process's FreeType library, one caller at a time (FreeType's
    /// library object is not thread-safe).
    static func withFreeType<T>(_ body: (FT_Library) -> T) -> T {
        freeTypeLock.lock()
        defer { freeTypeLock.unlock() }
        return body(freeType)
    }

    private static let freeTypeLock = NSLock()
    nonisolated(unsafe) private static let freeType: FT_Library = {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { fatalError("FreeType could not start") }
        return library
    }()
}

/// The machine's fonts as fontconfig knows them, and every face opened from them.
final class SystemFonts: @unchecked Sendable {
    static let shared = SystemFonts()

    private let lock = NSLock()
    private let config: OpaquePointer?
    private var faces: [String: FontFace] = [:]
    /// Fonts sorted by likeness to a name, for fallback, per (name, language).
    private var sorted: [String: UnsafeMutablePointer<FcFontSet>] = [:]

    private init() {
        config = FcInitLoadConfigAndFonts()
    }

    /// The face `name` means through fontconfig: a PostScript or full name, a family (or an
    /// alias fontconfig binds strongly to it), or `Family-Style`; otherwise the default font.
    func match(_ name: String) -> FontLibrary.Resolution {
        lock.lock()
        defer { lock.unlock() }
        if let exact = face(whereAny: [FC_POSTSCRIPT_NAME, FC_FULLNAME], is: name) {
            return FontLibrary.Resolution(face: exact, isMatch: true)
        }
        var fallback: FontLibrary.Resolution? = nil
        var attempts = [(name, nil as String?)]
        if let dash = name.lastIndex(of: "-"), dash != name.startIndex {
            attempts.append((String(name[..<dash]), String(name[name.index(after: dash)...])))
        }
        for (family, style) in attempts {
            guard let (face, isMatch) = bestMatch(family: family, style: style) else { continue }
            if isMatch { return FontLibrary.Resolution(face: face, isMatch: true) }
            // A stand-in keeps the style the name asks for (`Family-Bold` stands in bold).
            if fallback == nil || style != nil { fallback = FontLibrary.Resolution(face: face, isMatch: false) }
        }
        if let fallback { return fallback }
        // The name's fonts cannot be drawn (a bitmap-only colour font): the default stands in.
        guard let standIn = defaultFace else {
            // `FontLibrary.missingFontsProblem` is asked before any text is set.
            preconditionFailure("fontconfig found no font Reel can open; install \(FontLibrary.defaultFontPackage)")
        }
        return FontLibrary.Resolution(face: standIn, isMatch: false)
    }

    /// The font that stands in for names nothing has: fontconfig's default, else the first
    /// installed font Reel can open; nil when there is none at all.
    lazy var defaultFace: FontFace? = {
        if let (face, _) = fontconfigMatch(family: "sans-serif", style: nil) { return face }
        let all = FcPatternCreate()!
        defer { FcPatternDestroy(all) }
        let wanted = FcObjectSetCreate()!
        defer { FcObjectSetDestroy(wanted) }
        for object in [FC_FILE, FC_INDEX] { FcObjectSetAdd(wanted, object) }
        guard let list = FcFontList(config, all, wanted) else { return nil }
        defer { FcFontSetDestroy(list) }
        for i in 0..<Int(list.pointee.nfont) {
            if let font = list.pointee.fonts[i], let face = open(font) { return face }
        }
        return nil
    }()

    /// Whether some installed font can be opened (text can be set at all).
    var hasAnyFont: Bool {
        lock.lock()
        defer { lock.unlock() }
        return defaultFace != nil
    }

    /// The first font like `family` in `style` (weight and slant) that has `scalar`.
    func fallback(for scalar: Unicode.Scalar, like family: String, style: FontStyle, language: String, prefersColor: Bool)
        -> FontFace?
    {
        lock.lock()
        defer { lock.unlock() }
        let key = "\(family)\u{0}\(language)\u{0}\(style.weight)\u{0}\(style.slant)"
        let set: UnsafeMutablePointer<FcFontSet>
        if let kept = sorted[key] {
            set = kept
        } else {
            let pattern = Self.pattern(family: family, style: nil, language: language)
            defer { FcPatternDestroy(pattern) }
            FcPatternAddInteger(pattern, FC_WEIGHT, style.weight)
            FcPatternAddInteger(pattern, FC_SLANT, style.slant)
            FcConfigSubstitute(config, pattern, FcMatchPattern)
            FcDefaultSubstitute(pattern)
            var result = FcResultMatch
            guard let fonts = FcFontSort(config, pattern, FcFalse, nil, &result) else { return nil }
            sorted[key] = fonts
            set = fonts
        }
        // Colour fonts first for an emoji, then every font in order.
        for colorOnly in prefersColor ? [true, false] : [false] {
            for i in 0..<Int(set.pointee.nfont) {
                guard let font = set.pointee.fonts[i] else { continue }
                if colorOnly {
                    var color: FcBool = FcFalse
                    guard FcPatternGetBool(font, FC_COLOR, 0, &color) == FcResultMatch, color != FcFalse else { continue }
                }
                var charset: OpaquePointer?
                guard FcPatternGetCharSet(font, FC_CHARSET, 0, &charset) == FcResultMatch, let charset,
                    FcCharSetHasChar(charset, scalar.value) != 0,
                    let face = open(font), face.glyph(for: scalar) != nil
                else { continue }
                return face
            }
        }
        return nil
    }

    /// The language whose fonts should draw `script` first (Han as Simplified Chinese), so
    /// the choice does not hang on the machine's locale.
    static func language(for script: hb_script_t) -> String {
        switch script {
        case HB_SCRIPT_HAN, HB_SCRIPT_BOPOMOFO: return "zh-cn"
        case HB_SCRIPT_HIRAGANA, HB_SCRIPT_KATAKANA: return "ja"
        case HB_SCRIPT_HANGUL: return "ko"
        default: return "en"
        }
    }

    private static func pattern(family: String, style: String?, language: String) -> OpaquePointer {
        let pattern = FcPatternCreate()!
        FcPatternAddString(pattern, FC_FAMILY, family)
        // A style spelt in weight and slant words asks for those, as PostScript names mean
        // them (`Oblique` finds an italic face); another is the family's own style name.
        if let style, let s = FontStyle(name: style) {
            FcPatternAddInteger(pattern, FC_WEIGHT, s.weight)
            FcPatternAddInteger(pattern, FC_SLANT, s.slant)
        } else if let style {
            FcPatternAddString(pattern, FC_STYLE, style)
        }
        let lang = FcLangSetCreate()!
        FcLangSetAdd(lang, language)
        FcPatternAddLangSet(pattern, FC_LANG, lang)
        FcLangSetDestroy(lang)
        return pattern
    }

    /// fontconfig's best font for `family` (and `style`), and whether it is a match: the
    /// family itself or one fontconfig gives for it (an alias such as Helvetica's Liberation
    /// Sans), not the default family that stands in for names nothing has.
    private func bestMatch(family: String, style: String?) -> (FontFace, Bool)? {
        guard let (face, families) = fontconfigMatch(family: family, style: style) else { return nil }
        let standIn = defaultFamilies
        var isMatch = families.contains(family.lowercased()) || families != standIn
        // The family without the style asked for (no bold face) is a stand-in too.
        if isMatch, let style {
            if let wanted = FontStyle(name: style) {
                isMatch = (FontStyle(name: face.style) ?? .regular).serves(wanted)
            } else {
                isMatch = face.style.lowercased() == style.lowercased()
            }
        }
        return (face, isMatch)
    }

    /// The families of the font fontconfig gives for a name no font has.
    private lazy var defaultFamilies: Set<String> = fontconfigMatch(family: "reel-no-such-font-\u{1}", style: nil)?.1 ?? []

    /// fontconfig's best font for `family` and `style`, and that font's family names in lower case.
    private func fontconfigMatch(family: String, style: String?) -> (FontFace, Set<String>)? {
        let pattern = Self.pattern(family: family, style: style, language: "en")
        defer { FcPatternDestroy(pattern) }
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultMatch
        guard let font = FcFontMatch(config, pattern, &result) else { return nil }
        defer { FcPatternDestroy(font) }
        guard let face = open(font) else { return nil }
        return (face, Set(strings(font, FC_FAMILY).map { $0.lowercased() }))
    }

    /// A face whose `objects` (PostScript name, full name) equal `name`, case aside.
    private func face(whereAny objects: [String], is name: String) -> FontFace? {
        let all = FcPatternCreate()!
        defer { FcPatternDestroy(all) }
        let wanted = FcObjectSetCreate()!
        defer { FcObjectSetDestroy(wanted) }
        for object in [FC_FILE, FC_INDEX] + objects { FcObjectSetAdd(wanted, object) }
        guard let list = FcFontList(config, all, wanted) else { return nil }
        defer { FcFontSetDestroy(list) }
        let target = name.lowercased()
        var matches: [(String, Int32, OpaquePointer)] = []
        for i in 0..<Int(list.pointee.nfont) {
            guard let font = list.pointee.fonts[i] else { continue }
            if objects.contains(where: { strings(font, $0).contains { $0.lowercased() == target } }) {
                var file: UnsafeMutablePointer<FcChar8>?
                var index: Int32 = 0
                guard FcPatternGetString(font, FC_FILE, 0, &file) == FcResultMatch, let file else { continue }
                FcPatternGetInteger(font, FC_INDEX, 0, &index)
                matches.append((String(cString: file), index, font))
            }
        }
        // The same name in several places: the first by file and index, so every machine with
        // the same files picks the same one.
        guard let first = matches.min(by: { ($0.0, $0.1) < ($1.0, $1.1) }) else { return nil }
        return open(first.2)
    }

    private func strings(_ font: OpaquePointer, _ object: String) -> [String] {
        var out: [String] = []
        var s: UnsafeMutablePointer<FcChar8>?
        var i: Int32 = 0
        while FcPatternGetString(font, object, i, &s) == FcResultMatch, let s {
            out.append(String(cString: s))
            i += 1
        }
        return out
    }

    /// The face a fontconfig pattern names (file and index), opened once per process.
    private func open(_ font: OpaquePointer) -> FontFace? {
        var file: UnsafeMutablePointer<FcChar8>?
        var index: Int32 = 0
        guard FcPatternGetString(font, FC_FILE, 0, &file) == FcResultMatch, let file else { return nil }
        FcPatternGetInteger(font, FC_INDEX, 0, &index)
        let path = String(cString: file)
        let key = "\(path)#\(index & 0xFFFF)"
        if let kept = faces[key] { return kept }
        guard let face = try? FontFace(path: path, index: Int(index & 0xFFFF)) else { return nil }
        faces[key] = face
        return face
    }
}
