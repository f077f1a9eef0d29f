import Foundation

/// A folder of its own for one test, removed by the caller.
public func makeScratchDirectory() -> URL {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("reel-\(UUID().uuidString)")
    try! FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    return dir
}

/// 1 s at 10 fps, 160x96: an #FF8800 square sliding right over a dark background, and a
/// rotating, fading card with a border and a sublayer (group opacity) for the determinism test.
public let slidingSquareTimeline = #"""
    {
      "canvas": {"width": 160, "height": 96, "fps": 10, "duration": 1, "background": "#1E1E28"},
      "layers": [
        {"id": "square", "bounds": [0, 0, 32, 32], "position": [24, 48], "backgroundColor": "#FF8800",
         "animations": [{"keyPath": "position.x", "fromValue": 24, "toValue": 124, "duration": 1}]},
        {"id": "card", "bounds": [0, 0, 50, 30], "position": [100, 30], "backgroundColor": "#3498DB", "cornerRadius": 8,
         "borderWidth": 3, "borderColor": "#FFFFFF",
         "sublayers": [{"id": "dot", "bounds": [0, 0, 16, 16], "position": [25, 15], "cornerRadius": 8, "backgroundColor": "#E74C3C"}],
         "animations": [
           {"keyPath": "transform.rotation.z", "fromValue": 0, "toValue": "120deg", "duration": 1, "timingFunction": "easeInEaseOut"},
           {"keyPath": "opacity", "values": [1, 0.3, 0.8], "duration": 1}]}
      ]
    }
    """#

/// Where the built `reel` executable is: beside the test bundle in the build folder.
/// How much longer than usual a time limit in a test may be: REEL_TEST_TIME_SCALE, which
/// `bin/sanitize` sets because instrumented code runs several times slower; 1 otherwise.
public let testTimeScale = ProcessInfo.processInfo.environment["REEL_TEST_TIME_SCALE"].flatMap(Double.init) ?? 1

public func reelExecutable() -> URL {
    var dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for _ in 0..<4 {
        let candidate = dir.appendingPathComponent("reel")
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        dir = dir.deletingLastPathComponent()
    }
    return URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../.build/debug/reel")
        .standardized
}

/// Runs `reel` with `arguments`; returns its exit status, stdout and stderr. With `timeout`,
/// a run still going after that many seconds is terminated (and ends by SIGTERM); `environment`
/// adds variables to the test's own.
public func runReel(
    _ arguments: [String], in directory: URL? = nil, timeout: Double? = nil, environment: [String: String] = [:]
) throws -> (status: Int32, stdout: String, stderr: String) {
    let result = try runProgram(reelExecutable(), arguments, in: directory, timeout: timeout, environment: environment)
    return (result.status, String(decoding: result.stdout, as: UTF8.self), result.stderr)
}

/// Runs `program` with `arguments`; returns its exit status, stdout's bytes and stderr.
public func runProgram(
    _ program: URL, _ arguments: [String], in directory: URL? = nil, timeout: Double? = nil,
    environment: [String: String] = [:]
) throws -> (status: Int32, stdout: Data, stderr: String) {
    let process = Process()
    process.executableURL = program
    process.arguments = arguments
    if !environment.isEmpty {
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    }
    if let directory { process.currentDirectoryURL = directory }
    // stderr goes to a file so that neither stream can fill a pipe and stall the process.
    let errorFile = FileManager.default.temporaryDirectory.appendingPathComponent("reel-stderr-\(UUID().uuidString)")
    _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
    defer { try? FileManager.default.removeItem(at: errorFile) }
    let output = Pipe()
    process.standardOutput = output
    process.standardError = try FileHandle(forWritingTo: errorFile)
    try process.run()
    if let timeout {
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { if process.isRunning { process.terminate() } }
    }
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let errorData = try Data(contentsOf: errorFile)
    return (process.terminationStatus, outputData, String(decoding: errorData, as: UTF8.self))
}
