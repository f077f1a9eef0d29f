import Foundation
import Testing

/// The README and docs/ ship with the code: every link they make resolves inside the
/// repository, and the README stays a front page.
@Suite struct DocumentationTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().standardized

    /// README.md and every page directly in docs/.
    private func pages() throws -> [URL] {
        let docs = Self.repository.appendingPathComponent("docs")
        let names = try FileManager.default.contentsOfDirectory(atPath: docs.path).filter { $0.hasSuffix(".md") }
        return [Self.repository.appendingPathComponent("README.md")] + names.sorted().map { docs.appendingPathComponent($0) }
    }

    /// The targets of a page's Markdown links and images, `](TARGET)`.
    private func links(in text: String) -> [String] {
        text.components(separatedBy: "](").dropFirst().compactMap { rest in
            rest.split(separator: ")", maxSplits: 1).first.map { String($0.split(separator: " ").first ?? $0) }
        }
    }

    @Test func everyLinkResolvesInsideTheRepository() throws {
        let root = Self.repository.path + "/"
        for page in try pages() {
            let text = try String(contentsOf: page, encoding: .utf8)
            for target in links(in: text) where !target.hasPrefix("http") && !target.hasPrefix("#") {
                let path = target.split(separator: "#").first.map(String.init) ?? target
                let file = page.deletingLastPathComponent().appendingPathComponent(path).standardized
                #expect(
                    (file.path + "/").hasPrefix(root) && FileManager.default.fileExists(atPath: file.path),
                    "\(page.lastPathComponent) links to \(target), which is not a file of the repository")
            }
            #expect(!text.contains("../shared"), "\(page.lastPathComponent) names a path outside the repository")
        }
    }

    @Test func theREADMEIsAFrontPage() throws {
        let readme = try String(contentsOf: Self.repository.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.split(separator: "\n", omittingEmptySubsequences: false).count <= 200)
        for page in try pages().dropFirst() {
            #expect(
                readme.contains("(docs/\(page.lastPathComponent))"), "the README does not link docs/\(page.lastPathComponent)")
        }
    }
}
