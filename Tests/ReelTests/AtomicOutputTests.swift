import Foundation
import ReelCore
import ReelMedia
import ReelTestSupport
import Testing

@testable import Reel

/// Where Reel may write: never over its input, never into a folder, a device or a pipe, never
/// where the timeline's `name` points; a replaced file keeps its mode; an interrupted render
/// leaves nothing behind. Each refusal names the path and says why.
@Suite struct AtomicOutputTests {
    /// A scratch folder holding `t.json`, a small valid timeline whose `name` points elsewhere.
    func scratch() throws -> URL {
        let dir = makeScratchDirectory()
        let text =
            ##"{"name": "../escaped", "canvas": {"width": 64, "height": 64, "duration": 0.2}, "layers": [{"id": "a", "bounds": [0, 0, 10, 10], "backgroundColor": "#FF0000"}]}"##
        try text.write(to: dir.appendingPathComponent("t.json"), atomically: true, encoding: .utf8)
        return dir
    }

    func expectRefused(_ arguments: [String], in dir: URL, _ fragment: String, sourceLocation: SourceLocation = #_sourceLocation)
        throws
    {
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
        try FileManager.default.createSymbolicLink(
            atPath: dir.appendingPathComponent("link.mp4").path, withDestinationPath: "t.json")
        try expectRefused(["render", "t.json", "-o", "link.mp4", "--quiet"], in: dir, "it is the input file")
        #expect(try Data(contentsOf: dir.appendingPathComponent("t.json")) == before)
    }

    @Test func theTimelinesNameDoesNotChooseTheOutput() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try runReel(["render", "t.json", "--quiet"], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("t.mp4").path))
        #expect(
            !FileManager.default.fileExists(atPath: dir.deletingLastPathComponent().appendingPathComponent("escaped.mp4").path))
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
        try Data("x".utf8).write(to: dir.appendingPathComponent("file.txt"))
        try expectRefused(["render", "t.json", "-o", "file.txt/x.mp4", "--quiet"], in: dir, "is not a folder")
    }

    /// A missing output folder is made (with its parents), as a batch's and a PNG sequence's
    /// are; a render refused later leaves no folder behind.
    @Test func aMissingFolderIsMade() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let made = try runReel(["render", "t.json", "-o", "missing/deeper/x.mp4", "--quiet"], in: dir)
        #expect(made.status == 0, "\(made.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("missing/deeper/x.mp4").path))
        let refused = try runReel(["render", "t.json", "-o", "other/x.mp4", "--frames", "0..<999", "--quiet"], in: dir)
        #expect(refused.status == 1)
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("other").path))
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

    /// Starts `reel render long.json` (a minute of video, lossless) in a fresh folder holding an older
    /// long.mp4, sends `signal` once the render has written encoded frames, and waits for the end.
    /// With `folder`, the temporary output is watched there (a PNG sequence's hidden folder).
    func interruptedRender(_ signal: Int32, extra: [String] = [], folder: String = "") throws -> (
        dir: URL, status: Int32, stderr: String
    ) {
        let dir = makeScratchDirectory()
        // Long enough to be caught mid-render, small enough that a missed signal fails fast. The
        // noise sliding behind the turning square makes every lossless frame large, so the first
        // packets fill libav's write buffer and reach the file within a few frames.
        let noise = PixelBuffer(width: 320, height: 180)
        var seed: UInt32 = 12345
        for y in 0..<180 {
            for x in 0..<320 {
                seed = seed &* 1_664_525 &+ 1_013_904_223
                noise.row(y)[x] = seed | 0xFF00_0000
            }
        }
        try ImageWriter.pngData(noise).write(to: dir.appendingPathComponent("noise.png"))
        let text =
            ##"{"canvas": {"width": 320, "height": 180, "duration": 60}, "assets": {"noise": {"path": "noise.png"}}, "layers": [{"id": "n", "frame": [0, 0, 320, 180], "contents": "noise", "animations": [{"keyPath": "position.x", "fromValue": 160, "toValue": 100, "duration": 60}]}, {"id": "a", "bounds": [0, 0, 100, 100], "position": [160, 90], "backgroundColor": "#FF0000", "shadowOpacity": 0.5, "shadowRadius": 20, "animations": [{"keyPath": "transform.rotation.z", "toValue": 6.28, "duration": 60}]}]}"##
        try text.write(to: dir.appendingPathComponent("long.json"), atomically: true, encoding: .utf8)
        try Data("previous".utf8).write(to: dir.appendingPathComponent("long.mp4"))
        let process = Process()
        process.executableURL = reelExecutable()
        process.arguments = ["render", "long.json", "--quiet", "--crf", "0"] + extra
        process.currentDirectoryURL = dir
        let errors = dir.appendingPathComponent("stderr.txt")
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
        // Wait until the temporary file holds encoded frames, past the 48 bytes of MP4 header
        // written at the start: the render is well under way.
        var deadline = Date().addingTimeInterval(20 * testTimeScale)
        func temporarySize() throws -> Int {
            let watched = dir.appendingPathComponent(folder)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: watched.path))?.filter { $0.contains(".reel-") }
            return (names ?? []).map { name in
                let path = watched.appendingPathComponent(name).path
                // A folder (a sequence's) counts by the files in it.
                if let inside = try? FileManager.default.contentsOfDirectory(atPath: path) { return inside.count * 1000 }
                return (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? 0
            }.max() ?? -1
        }
        while Date() < deadline, try temporarySize() <= 256 { usleep(20_000) }
        kill(process.processIdentifier, signal)
        deadline = Date().addingTimeInterval(10 * testTimeScale)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        let stderr = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
        try FileManager.default.removeItem(at: errors)
        return (dir, process.terminationStatus, stderr)
    }

    @Test(arguments: [(SIGINT, Int32(130), "interrupted"), (SIGTERM, 143, "terminated"), (SIGHUP, 129, "hung up")])
    func aSignalRemovesTheUnfinishedFile(signal: Int32, status: Int32, word: String) throws {
        let (dir, exit, stderr) = try interruptedRender(signal)
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(exit == status, "after SIG\(word)")
        #expect(stderr.contains("\(word); no output was written"))
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path)
        #expect(names.sorted() == ["long.json", "long.mp4", "noise.png"])
        #expect(try Data(contentsOf: dir.appendingPathComponent("long.mp4")) == Data("previous".utf8))
    }

    /// `--keep-partial`: the frames rendered before the signal become a file that plays.
    @Test(arguments: [(SIGINT, Int32(130), "interrupted"), (SIGTERM, 143, "terminated"), (SIGHUP, 129, "hung up")])
    func keepPartialFinishesTheFileWithTheFramesSoFar(signal: Int32, status: Int32, word: String) throws {
        let (dir, exit, stderr) = try interruptedRender(signal, extra: ["--keep-partial"])
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(exit == status, "after SIG\(word)")
        #expect(stderr.contains("\(word); kept the first"), "\(stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path)
        #expect(names.sorted() == ["long.json", "long.mp4", "noise.png"])
        let frames = try MediaReader(path: dir.appendingPathComponent("long.mp4").path).readFrames()
        #expect(frames.count > 0 && frames.count < 1800)
        #expect(stderr.contains("kept the first \(frames.count) of 1800 frames"), "\(stderr)")
        #expect(frames.first?.width == 320 && frames.first?.height == 180)
    }

    /// A PNG sequence stopped by a signal leaves none of its files (and no folder it made);
    /// with `--keep-partial` the frames so far land, numbered from the first.
    @Test func aSignalStopsAPNGSequenceCleanly() throws {
        let (dir, exit, stderr) = try interruptedRender(SIGINT, extra: ["-o", "seq/%04d.png"], folder: "seq")
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(exit == 130 && stderr.contains("interrupted; no output was written"), "\(stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["long.json", "long.mp4", "noise.png"])
        let (kept, keptExit, keptErr) = try interruptedRender(
            SIGTERM, extra: ["-o", "seq/%04d.png", "--keep-partial"], folder: "seq")
        defer { try? FileManager.default.removeItem(at: kept) }
        let names = try FileManager.default.contentsOfDirectory(atPath: kept.appendingPathComponent("seq").path).sorted()
        #expect(keptExit == 143 && keptErr.contains("kept the first \(names.count) of 1800 frames"), "\(keptErr)")
        #expect(!names.isEmpty && names == (0..<names.count).map { String(format: "%04d.png", $0) })
    }
}
