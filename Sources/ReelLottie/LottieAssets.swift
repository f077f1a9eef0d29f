import Foundation

/// The file's `assets` (precomps and images), `fonts` and `chars`, found by id.
struct LottieAssets {
    /// An image asset as the timeline names it.
    struct ImageAsset {
        let name: String
        let width: Double
        let height: Double
    }

    /// A glyph from `chars`: its advance and outline at size 100.
    struct Glyph {
        let advance: Double
        let outline: [Double]
    }

    private(set) var precomps: [String: LottieNode] = [:]
    private(set) var images: [String: ImageAsset] = [:]
    /// The timeline's assets: name → a path beside the file or a `data:` URI.
    private(set) var files: [String: String] = [:]
    /// Image ids whose files are not there.
    private(set) var missing: Set<String> = []
    private var glyphsByFamily: [String: [String: Glyph]] = [:]
    /// The file's fonts (`fonts.list`) by `fName`.
    private(set) var fonts: [String: Font] = [:]

    /// A font of `fonts.list`: its family, style and ascent (percent of the size, as lottie-web
    /// places a text box's first baseline with it).
    struct Font {
        let family: String
        let style: String
        let ascent: Double?
    }

    /// Reads `root`'s assets; `packaged` holds the images of a dotLottie by file name.
    init(_ root: LottieNode, packaged: [String: Data], baseDirectory: String) {
        for asset in root["assets"]?.items ?? [] {
            guard let id = asset.string("id") else { continue }
            if asset["layers"] != nil {
                precomps[id] = asset
                continue
            }
            guard let p = asset.string("p") else { continue }
            if p.hasPrefix("data:audio/") {
                // A sound (for an audio layer, `ty` 6): not an image, and not played.
                asset.unsupported("audio is not played")
                continue
            }
            let name = "image \(images.count + 1)"
            if p.hasPrefix("data:") {
                guard Self.isImage(uri: p) else {
                    asset["p"]!.problem(
                        expected: "an embedded image (a data: URI of a PNG, JPEG, WebP or GIF)", found: "\"\(p.prefix(60))...\"")
                    missing.insert(id)
                    continue
                }
                files[name] = p
            } else if let data = packaged[(p as NSString).lastPathComponent] {
                files[name] = "data:\(Self.mediaType(of: p));base64," + data.base64EncodedString()
            } else if asset.number("e") == 1 {
                asset["p"]!.problem(expected: "an embedded image (a data: URI)", found: "\"\(p.prefix(80))\"")
                continue
            } else {
                let folder = asset.string("u") ?? ""
                let path = URL(fileURLWithPath: baseDirectory).appendingPathComponent(folder + p).standardizedFileURL.path
                guard FileManager.default.fileExists(atPath: path) else {
                    // As the players do: the layers that show it draw nothing.
                    asset["p"]!.unsupported(
                        "image \(folder + p) is not beside the Lottie file; the layers that show it draw nothing")
                    missing.insert(id)
                    continue
                }
                files[name] = path
            }
            images[id] = ImageAsset(name: name, width: asset.number("w") ?? 0, height: asset.number("h") ?? 0)
        }
        for font in root["fonts"]?["list"]?.items ?? [] {
            guard let name = font.string("fName") else { continue }
            fonts[name] = Font(
                family: font.string("fFamily") ?? name, style: font.string("fStyle") ?? "", ascent: font.number("ascent"))
        }
        for char in root["chars"]?.items ?? [] {
            guard let ch = char.string("ch") else { continue }
            let family = char.string("fFamily") ?? ""
            let shapes = char["data"]?["shapes"]?.items ?? []
            let glyph = Glyph(advance: char.number("w") ?? 0, outline: Self.outline(shapes))
            glyphsByFamily[family, default: [:]][ch] = glyph
            // Documents name the font by `fName`; chars by family: both find it.
            for (fName, font) in fonts where font.family == family { glyphsByFamily[fName, default: [:]][ch] = glyph }
        }
    }

    /// Glyph outlines for the font a document names (`f`: an `fName`, or a family).
    func glyphs(family: String) -> [String: Glyph]? {
        glyphsByFamily[family] ?? fonts[family].flatMap { glyphsByFamily[$0.family] }
    }

    /// Every outline of a glyph's shapes at its first frame, groups' transforms left out (glyph groups have none).
    private static func outline(_ items: [LottieNode]) -> [Double] {
        var out: [Double] = []
        for item in items {
            switch item.string("ty") {
            case "gr": out += outline(item["it"]?.items ?? [])
            case "sh":
                if let shape = LottieProperty.read(item["ks"], decode: BezierShape.decode) { out += shape.value(at: 0) }
            default: break
            }
        }
        return out
    }

    /// Whether a `data:` URI's bytes start as a PNG, JPEG, WebP or GIF does.
    static func isImage(uri: String) -> Bool {
        guard let comma = uri.firstIndex(of: ","), uri[..<comma].hasSuffix(";base64") else { return false }
        let head = uri[uri.index(after: comma)...].prefix(24)
        guard let bytes = Data(base64Encoded: String(head.prefix(head.count / 4 * 4))) else { return false }
        let signatures: [[UInt8]] = [
            [0x89, 0x50, 0x4E, 0x47], [0xFF, 0xD8, 0xFF], [0x52, 0x49, 0x46, 0x46], [0x47, 0x49, 0x46, 0x38]
        ]
        return signatures.contains { bytes.starts(with: $0) }
    }

    static func mediaType(of name: String) -> String {
        switch (name as NSString).pathExtension.lowercased() {
        case "jpg", "jpeg": return "image/jpeg"
        case "webp": return "image/webp"
        case "gif": return "image/gif"
        default: return "image/png"
        }
    }

    /// A solid's colour (`"#rrggbb"`) as the timeline writes colours.
    static func hexColor(_ s: String) -> String {
        let hex = s.hasPrefix("#") ? String(s.dropFirst()) : s
        guard hex.count == 6 || hex.count == 8, hex.allSatisfy(\.isHexDigit) else { return "#000000" }
        return "#" + hex.uppercased()
    }
}
