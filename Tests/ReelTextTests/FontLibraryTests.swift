import CFontStack
import Foundation
import ReelCore
import Testing

@testable import ReelText

/// Fonts are found as the page says: an asset first, then fontconfig's names and aliases, a
/// stand-in (reported) for a name nothing has, and a fallback per character.
@Suite struct FontLibraryTests {
    @Test func fontconfigAliasesResolve() {
        let library = FontLibrary()
        let helvetica = library.face(named: "Helvetica")
        #expect(helvetica.face.family == "Liberation Sans" && helvetica.face.style == "Regular" && helvetica.isMatch)
        let bold = library.face(named: "Helvetica-Bold")
        #expect(bold.face.family == "Liberation Sans" && bold.face.style == "Bold" && bold.isMatch)
        #expect(library.face(named: "LiberationSans-Italic").face.style == "Italic")
        #expect(library.face(named: "Times").face.family == "Liberation Serif")
    }

    @Test func aNameNothingHasGetsTheDefaultAndSaysSo() {
        let found = FontLibrary().face(named: "Reel No Such Font")
        #expect(!found.isMatch)
        #expect(found.face.glyph(for: "a") != nil)
    }

    @Test func anAssetWinsOverTheMachinesFonts() throws {
        let face = try FontFace(path: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
        let library = FontLibrary(assets: ["Helvetica": face])
        #expect(library.face(named: "Helvetica").face === face)
    }

    @Test func fallbackFindsAFontThatHasTheCharacter() {
        let library = FontLibrary()
        let han = library.fallback(for: "视", in: "Helvetica", script: HB_SCRIPT_HAN)
        #expect(han?.glyph(for: "视") != nil)
        #expect(library.fallback(for: "\u{10FFFD}", in: "Helvetica", script: HB_SCRIPT_COMMON) == nil)
    }

    /// Bold text falls back to the fallback family's bold face: "李雷" in Liberation Sans Bold
    /// (which has no Han) is drawn by Noto Sans CJK Bold, whose strokes are heavier than the
    /// Regular face's that plain Liberation Sans falls back to: more ink per em.
    @Test func fallbackKeepsTheWeightAsked() throws {
        let library = FontLibrary()
        func ink(_ name: String) throws -> (face: FontFace, area: Double) {
            let face = try #require(library.fallback(for: "李", in: name, script: HB_SCRIPT_HAN))
            let glyph = try #require(face.glyph(for: "李"))
            // Signed area of the outline's polygons (non-overlapping contours: the ink's area).
            let area = face.polygons(of: glyph, pixelsPerUnit: 1).reduce(0.0) { sum, polygon in
                sum + zip(polygon, polygon.dropFirst() + [polygon[0]]).reduce(0.0) { $0 + $1.0.x * $1.1.y - $1.1.x * $1.0.y } / 2
            }
            return (face, abs(area) / (face.unitsPerEm * face.unitsPerEm))
        }
        let regular = try ink("Liberation Sans")
        let bold = try ink("Liberation Sans Bold")
        #expect(regular.face.family.contains("CJK") && bold.face.family.contains("CJK"))
        #expect(bold.face.style == "Bold", "\(bold.face)")
        #expect(bold.area > regular.area * 1.3, "bold ink \(bold.area), regular \(regular.area)")
        let italic = try ink("Liberation Sans Bold Italic")
        #expect(italic.face.style == "Bold", "a family without italics keeps the weight: \(italic.face)")
    }
}
