import ReelCore
import ReelText
import Synchronization

/// Decoded pictures, opened fonts and their typesetters kept across the renders of one process
/// (a batch's rows), so that what rows share is decoded once: a photo column's photos each
/// once, a font once, its shaped text kept by the typesetter.
public final class AssetCache: Sendable {
    private struct Held {
        var images: [String: Image] = [:]
        var fonts: [String: FontFace] = [:]
        var typesetters: [[String]: Typesetter] = [:]
    }
    private let held = Mutex(Held())

    public init() {}

    /// The image decoded from `path`, decoding it with `decode` the first time.
    func image<E: Error>(_ path: String, _ decode: () throws(E) -> Image?) throws(E) -> Image? {
        if let kept = held.withLock({ $0.images[path] }) { return kept }
        guard let image = try decode() else { return nil }
        held.withLock { $0.images[path] = image }
        return image
    }

    /// The font face `key` (path and index) names, opened with `open` the first time.
    func font(_ key: String, _ open: () throws(FontError) -> FontFace) throws(FontError) -> FontFace {
        if let kept = held.withLock({ $0.fonts[key] }) { return kept }
        let face = try open()
        held.withLock { $0.fonts[key] = face }
        return face
    }

    /// The typesetter of a set of font assets (`key`: their names and files), made once.
    func typesetter(_ key: [String], _ make: () -> Typesetter) -> Typesetter {
        held.withLock { held in
            if let kept = held.typesetters[key] { return kept }
            let made = make()
            held.typesetters[key] = made
            return made
        }
    }

    /// After a render: the typesetters keep at most `layouts` layouts each, so a batch's
    /// memory does not grow with its rows.
    func trimText(to layouts: Int) {
        Typesetter.systemFonts.trim(to: layouts)
        for typesetter in held.withLock({ Array($0.typesetters.values) }) { typesetter.trim(to: layouts) }
    }
}
