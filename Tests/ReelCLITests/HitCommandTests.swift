import Foundation
import ReelTestSupport
import Testing

@Suite struct HitCommandTests {
    static let seed = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "../../Timelines/seeds/3-hitTest.json"
    ).standardized

    func hit(_ point: String) throws -> (status: Int32, stdout: String) {
        let result = try runReel(["hit", Self.seed.path, "--time", "0", "--point", point])
        return (result.status, result.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// The seed's rule: the deepest layer in sublayer order, even where zPosition drew another on top.
    @Test func namesTheLayerTheSeedSays() throws {
        #expect(try hit("150,150").stdout == "layerView/blueLayer")
        #expect(try hit("75,75").stdout == "layerView")
        // greenLayer has zPosition -1, so the blue layer is drawn over it here, but it is the later sublayer.
        #expect(try hit("180,130").stdout == "greenLayer")
        let miss = try hit("10,10")
        #expect(miss.status == 1 && miss.stdout.isEmpty)
    }
}
