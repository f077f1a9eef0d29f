import Foundation
import ReelCore
import Testing

@testable import ReelMedia

/// A path for `name` in a scratch folder of this test process.
func scratchPath(_ name: String) -> String {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
        "reel-tests-\(ProcessInfo.processInfo.processIdentifier)")
    try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    return dir.appendingPathComponent(name).path
}
