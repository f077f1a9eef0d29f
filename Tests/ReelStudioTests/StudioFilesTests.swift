import Foundation
import Testing

@testable import ReelStudio

/// A studio hands out files of the timeline's folder only.
@Suite struct StudioFilesTests {
    @Test func onlyFilesInsideTheFolderAreServed() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("studio-files-\(UUID().uuidString)")
        let folder = root.appendingPathComponent("show")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("assets"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try Data("inside".utf8).write(to: folder.appendingPathComponent("assets/a.png"))
        try Data("secret".utf8).write(to: root.appendingPathComponent("secret.txt"))
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("out.txt").path,
            withDestinationPath: root.appendingPathComponent("secret.txt").path)
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("in.png").path,
            withDestinationPath: folder.appendingPathComponent("assets/a.png").path)
        let path = folder.path
        #expect(StudioFiles.file("assets/a.png", in: path) != nil)
        #expect(StudioFiles.file("in.png", in: path) != nil, "a link that stays inside")
        for refused in [
            "../secret.txt", "assets/../../secret.txt", "%2e%2e/secret.txt", "..%2Fsecret.txt", "/etc/passwd", "%2Fetc%2Fpasswd",
            "out.txt", "assets", "assets//a.png", "missing.png", "", "a%00.png"
        ] {
            #expect(StudioFiles.file(Substring(refused), in: path) == nil, "\(refused)")
        }
    }
}
