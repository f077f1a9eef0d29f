import Foundation
import Testing
@testable import Reel

/// Where Reel may write: never over its input, never into a folder, a device or a pipe, never
/// where the timeline's `name` points; a replaced file keeps its mode; an interrupted render
/// leaves nothing behind. Each refusal names the path and says why.
@Suite struct AtomicOutputTests {
    /// A scratch folder holding `t.json`, a small valid timeline whose `name` points elsewhere.
    func scratch() throws -> URL {
        let dir = makeScratchDirectory()
        let text = ##"{"name": "../escaped", "canvas": {"width": 64, "height": 64, "duration": 0.2}, "layers": [{"id": "a", "bounds": [0, 0, 10, 10], "backgroundColor": "#FF0000"}]}"##
        try text.write(to: dir.appendingPathComponent("t.json"), atomically: true, encoding: .utf8)
        return dir
    }

    func expectRefused(_ arguments: [String], in dir: URL, _ fragment: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let result = try runReel(arguments, in: dir)
        #expect(result.status == 1, sourceLocation: sourceLocation)
        #expect(result.stderr.contains(fragment), "\(result.stderr)", sourceLocation: sourceLocation)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.contains(".reel-") }
        #expect(leftovers.isEmpty, sourceLocation: sourceLocation)
    }

    @Test func theInputIsNeverOverwritten() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let before = try Data(contentsOf: dir.appendingPathComponent("t.json"))
        try expectRefused(["render", "t.json", "-o", "t.json", "--quiet"], in: dir, "cannot write t.json: it is the input file")
        try expectRefused(["frame", "t.json", "-o", "t.json"], in: dir, "it is the input file")
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("link.mp4").path, withDestinationPath: "t.json")
        try expectRefused(["render", "t.json", "-o", "link.mp4", "--quiet"], in: dir, "it is the input file")
        #expect(try Data(contentsOf: dir.appendingPathComponent("t.json")) == before)
    }

    @Test func theTimelinesNameDoesNotChooseTheOutput() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try runReel(["render", "t.json", "--quiet"], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("t.mp4").path))
        #expect(!FileManager.default.fileExists(atPath: dir.deletingLastPathComponent().appendingPathComponent("escaped.mp4").path))
    }

    @Test func foldersDevicesAndPipesAreRefusedBeforeRendering() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        try expectRefused(["render", "t.json", "-o", ".", "--quiet"], in: dir, "cannot write .: it is a folder")
        try expectRefused(["render", "t.json", "-o", "out/", "--quiet"], in: dir, "ends in '/'")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out").path))
        try expectRefused(["render", "t.json", "-o", "/dev/null", "--quiet"], in: dir, "it is a device")
        #expect(mkfifo(dir.appendingPathComponent("pipe").path, 0o644) == 0)
        try expectRefused(["render", "t.json", "-o", "pipe", "--quiet"], in: dir, "it is a pipe (FIFO)")
        try expectRefused(["render", "t.json", "-o", "missing/x.mp4", "--quiet"], in: dir, "its folder")
    }

    @Test func aReplacedFileKeepsItsMode() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("kept.mp4")
        try Data("old".utf8).write(to: out)
        #expect(chmod(out.path, 0o600) == 0)
        #expect(try runReel(["render", "t.json", "-o", "kept.mp4", "--quiet"], in: dir).status == 0)
        let attributes = try FileManager.default.attributesOfItem(atPath: out.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        #expect((attributes[.size] as? NSNumber)?.intValue ?? 0 > 100)
    }

    @Test(arguments: [(SIGINT, Int32(130), "interrupted"), (SIGTERM, 143, "terminated"), (SIGHUP, 129, "hung up")])
    func aSignalRemovesTheUnfinishedFile(signal: Int32, status: Int32, word: String) throws {
        let dir = makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        // Long enough to be caught mid-render, small enough that a missed signal fails fast.
        let text = ##"{"canvas": {"width": 320, "height": 180, "duration": 60}, "layers": [{"id": "a", "bounds": [0, 0, 100, 100], "position": [160, 90], "backgroundColor": "#FF0000", "shadowOpacity": 0.5, "shadowRadius": 20, "animations": [{"keyPath": "transform.rotation.z", "toValue": 6.28, "duration": 60}]}]}"##
        try text.write(to: dir.appendingPathComponent("long.json"), atomically: true, encoding: .utf8)
        try Data("previous".utf8).write(to: dir.appendingPathComponent("long.mp4"))
        let process = Process()
        process.executableURL = reelExecutable()
        process.arguments = ["render", "long.json", "--quiet"]
        process.currentDirectoryURL = dir
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Wait until the temporary file exists: the render is under way.
        var deadline = Date().addingTimeInterval(20)
        while Date() < deadline, try FileManager.default.contentsOfDirectory(atPath: dir.path).allSatisfy({ !$0.contains(".reel-") }) {
            usleep(20_000)
        }
        kill(process.processIdentifier, signal)
        deadline = Date().addingTimeInterval(10)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        #expect(process.terminationStatus == status, "after SIG\(word)")
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path)
        #expect(names.sorted() == ["long.json", "long.mp4"])
        #expect(try Data(contentsOf: dir.appendingPathComponent("long.mp4")) == Data("previous".utf8))
    }
}
