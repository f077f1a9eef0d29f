import Foundation
import ReelCore
import Testing

@testable import ReelText

/// One face of a font file: metrics, glyphs, advances, kerning and outlines through FreeType
/// and HarfBuzz; files are refused, with a reason, when those cannot read them whole.
@Suite struct FontFaceTests {
    static let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

    func scratch(_ name: String, _ data: Data) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("reel-font-\(UUID().uuidString)-\(name)").path
        try data.write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func garbageIsNotAFont() throws {
        let path = try scratch("garbage.ttf", Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ 13) }))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: FontError.self) { try FontFace(path: path) }
    }

    @Test(arguments: [600, 100_000, 700_000, 759_000])
    func aFileCutShortIsRefused(_ length: Int) throws {
        let path = try scratch("cut.ttf", try Data(contentsOf: URL(fileURLWithPath: Self.dejaVu)).prefix(length))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: FontError.self) { try FontFace(path: path) }
    }

    @Test func aCollectionFaceOutOfRangeIsRefused() throws {
        let path = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
        #expect(try FontFace(path: path, index: 2).family.hasPrefix("Noto Sans CJK"))
        do {
            _ = try FontFace(path: path, index: 99)
            Issue.record("face 99 opened")
        } catch {
            #expect(error.reason.contains("asked for face 99"))
        }
    }

    @Test func metricsAndOutlinesComeFromTheFile() throws {
        let face = try FontFace(path: Self.dejaVu)
        #expect(face.unitsPerEm == 2048)
        let o = try #require(face.glyph(for: "o"))
        // An "o": an outer contour and a hole, wound the other way.
        let polygons = face.polygons(of: o, pixelsPerUnit: 36.0 / 2048)
        #expect(polygons.count == 2)
        func area(_ p: [Point]) -> Double {
            zip(p, p.dropFirst() + [p[0]]).reduce(0) { $0 + $1.0.x * $1.1.y - $1.1.x * $1.0.y } / 2
        }
        #expect(area(polygons[0]) * area(polygons[1]) < 0)
        let box = face.inkBox(of: o)
        #expect(box.width > 0 && box.minY < 0 && box.maxY > 1000)
    }

    static let sans = "/usr/share/fonts/truetype/liberation2/LiberationSans-Regular.ttf"

    @Test func metricsAndGlyphsAreTheFontsOwn() throws {
        let face = try FontFace(path: Self.sans)
        #expect(face.family == "Liberation Sans" && face.style == "Regular")
        #expect(face.unitsPerEm == 2048)
        // In ems, the descender below the baseline as a positive number: 0.905 and 0.212 in hhea.
        #expect(abs(face.ascender - 0.905) < 0.001 && abs(face.descender - 0.212) < 0.001)
        let a = try #require(face.glyph(for: "A"))
        #expect(face.advance(of: a) > 0)
        #expect(face.glyph(for: "\u{E000}") == nil)
    }

    @Test func kerningTightensAPairTheFontKerns() throws {
        let face = try FontFace(path: Self.sans)
        #expect(face.kerning("A", "V") < 0)
        #expect(face.kerning("H", "H") == 0)
        #expect(face.kerning("A", "\u{E000}") == 0)
    }
}
