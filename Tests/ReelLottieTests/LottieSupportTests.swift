import Foundation
import Testing

@testable import ReelLottie

/// The README's compatibility table is the importer's own list.
@Suite struct LottieSupportTests {
    @Test func theREADMEShowsTheImportersList() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let begin = "<!-- lottie-support: made by scripts/sync-layer-keys.py -->\n"
        let table = readme.components(separatedBy: begin).last?.components(separatedBy: "<!-- /lottie-support -->").first
        #expect(table == LottieSupport.markdown, "run `python3 scripts/sync-layer-keys.py` and look at the diff")
        #expect(LottieSupport.features.count >= 20)
    }
}
