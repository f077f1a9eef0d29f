import Foundation
import Testing

@testable import ReelLottie

/// docs/lottie.md's compatibility table is the importer's own list.
@Suite struct LottieSupportTests {
    @Test func theLottiePageShowsTheImportersList() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized
        let page = try String(contentsOf: root.appendingPathComponent("docs/lottie.md"), encoding: .utf8)
        let begin = "<!-- lottie-support: made by scripts/sync-layer-keys.py -->\n"
        let table = page.components(separatedBy: begin).last?.components(separatedBy: "<!-- /lottie-support -->").first
        #expect(table == LottieSupport.markdown, "run `python3 scripts/sync-layer-keys.py` and look at the diff")
        #expect(LottieSupport.features.count >= 20)
    }
}
