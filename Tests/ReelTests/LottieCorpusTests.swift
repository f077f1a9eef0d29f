import Foundation
import Reel
import ReelTestSupport
import ReelTimeline
import Testing

/// Every real Lottie file of the two shared sets (`../shared/lottie/corpus/` and the
/// unpacked `../shared/lottie-wide/corpus.tar.xz`, beside the repository; the test is off
/// where they are not) is read by the importer into a timeline Reel takes: no file is
/// refused for a path of the timeline the importer wrote, only for what the Lottie file itself
/// holds, named by its own Lottie path.
@Suite struct LottieCorpusTests {
    static let shared = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared")
    static let available = FileManager.default.fileExists(atPath: shared.appendingPathComponent("lottie-wide/corpus.tar.xz").path)

    /// Files whose refusal is the file's own fault, with the Lottie path and words that say so.
    static let refusedOnPurpose: [String: String] = [
        // A repro file whose out point lies 13 days after its in point.
        "rl_repro_sbof": "op: expected the composition's out point",
        // An embedded image whose bytes are not an image.
        "spec_embedded_image": "assets[0].p: expected an embedded image",
        // A precomp layer naming an asset the file does not have.
        "ios_pr_2559": "refId: expected the id of a precomp",
        // A keyframe of the wrong shape, written to crash players.
        "rl_repro_propertyhelper_type_confusion2": "expected"
    ]

    func files(in folder: URL) -> [URL] {
        let names = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
        return names.filter { $0.hasSuffix(".json") || $0.hasSuffix(".lottie") || $0.hasSuffix(".tgs") }.filter {
            !$0.contains("/images/")
        }.map { folder.appendingPathComponent($0) }
    }

    @Test(.enabled(if: available)) func noFileIsRefusedForAPathOfTheImportersOwn() throws {
        let dir = makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let unpacked = try runProgram(
            URL(fileURLWithPath: "/usr/bin/tar"), ["xJf", Self.shared.appendingPathComponent("lottie-wide/corpus.tar.xz").path],
            in: dir)
        #expect(unpacked.status == 0, "\(unpacked.stderr)")
        let all = files(in: Self.shared.appendingPathComponent("lottie/corpus")) + files(in: dir.appendingPathComponent("corpus"))
        #expect(all.count > 780)
        var refused: [String: String] = [:]
        for file in all {
            // Opened as every command opens a file (a Lottie file is told by its content).
            do {
                _ = try TimelineFile.open(file.path)
            } catch let error as TimelineError {
                refused[file.deletingPathExtension().lastPathComponent] = error.problems.map(\.description).joined(
                    separator: "; ")
            }
        }
        for (name, problems) in refused.sorted(by: { $0.key < $1.key }) {
            #expect(!problems.contains("sublayers"), "\(name) refused for a path of the timeline it became: \(problems)")
            guard let why = Self.refusedOnPurpose[name] else {
                Issue.record("\(name) refused: \(problems)")
                continue
            }
            #expect(problems.contains(why), "\(name): \(problems)")
        }
    }
}
