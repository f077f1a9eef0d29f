import Foundation
import Testing

@testable import ReelCore

/// One way to read a text file: refused past its limit, and when not UTF-8 with the first bad byte and its line.
@Suite struct TextFileTests {
    private func file(_ bytes: [UInt8]) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("reel-text-\(UUID().uuidString)").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func textIsReadAndRefusedByItsRules() throws {
        let good = try file(Array("héllo\nworld".utf8))
        defer { try? FileManager.default.removeItem(atPath: good) }
        #expect(try TextFile.text(good, limit: 100) == "héllo\nworld")
        #expect(throws: TextFile.Failure.tooLarge(12)) { try TextFile.text(good, limit: 4) }
        let bad = try file(Array("ab\ncd".utf8) + [0xFF] + Array("ef".utf8))
        defer { try? FileManager.default.removeItem(atPath: bad) }
        #expect(throws: TextFile.Failure.notUTF8(byte: 5, line: 2)) { try TextFile.text(bad, limit: 100) }
        #expect(throws: TextFile.Failure.self) { try TextFile.text("/nonexistent/reel", limit: 100) }
    }
}
