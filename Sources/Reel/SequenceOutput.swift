import Foundation
import ReelMedia

/// A numbered sequence of files (`frames/%05d.png`) written into a hidden temporary folder
/// beside its targets and moved into place only on success, so a failed or interrupted render
/// leaves none of its files and replaces none. The files it will write are checked before any
/// work starts: none is a folder, a device or one of the command's inputs (the timeline, its
/// images). A missing last folder of the pattern is made, and removed again if nothing lands.
public struct SequenceOutput: Sendable {
    /// The pattern as given, and the folder its files go into.
    public let pattern: String
    public let folder: String
    /// The temporary folder and the pattern inside it that the encoder writes.
    public let temporaryFolder: String
    public var temporaryPattern: String { temporaryFolder + "/" + fileNamePattern }
    private let fileNamePattern: String
    private let makesFolder: Bool

    /// Checks the folder of `pattern` and the files `numbers` will name (refusing the files in
    /// `inputs`, also through links).
    public init(pattern: String, numbers: Range<Int>, protecting inputs: [String] = []) throws(OutputError) {
        func refuse(_ reason: String) -> OutputError { OutputError(path: pattern, reason: reason) }
        let url = URL(fileURLWithPath: pattern)
        (self.pattern, fileNamePattern) = (pattern, url.lastPathComponent)
        folder = url.deletingLastPathComponent().path
        var info = stat()
        if stat(folder, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFDIR else { throw refuse("\(folder) is not a folder") }
            makesFolder = false
        } else {
            let parent = URL(fileURLWithPath: folder).deletingLastPathComponent().path
            guard stat(parent, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
                throw refuse("neither its folder \(folder) nor that folder's parent \(parent) exists")
            }
            makesFolder = true
        }
        let writable = makesFolder ? URL(fileURLWithPath: folder).deletingLastPathComponent().path : folder
        guard access(writable, W_OK | X_OK) == 0 else {
            throw refuse("the folder \(writable) is not writable (\(String(cString: strerror(errno))))")
        }
        let protected = inputs.compactMap { input -> (dev_t, ino_t)? in
            var s = stat()
            return stat(input, &s) == 0 ? (s.st_dev, s.st_ino) : nil
        }
        for number in numbers {
            let target = folder + "/" + (OutputFormat.sequenceFileName(fileNamePattern, number: number) ?? fileNamePattern)
            guard stat(target, &info) == 0 else { continue }
            guard info.st_mode & S_IFMT == S_IFREG else { throw refuse("\(target) exists and is not a regular file") }
            if protected.contains(where: { $0.0 == info.st_dev && $0.1 == info.st_ino }) {
                throw refuse("\(target) is one of the inputs; writing it would destroy the input")
            }
        }
        temporaryFolder =
            "\(folder)/.reel-\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max)).tmp"
    }

    /// Makes the temporary folder, runs `write` against the pattern inside it, then moves every
    /// file written into the target folder. On any error the temporary folder (and a folder
    /// made for the pattern) is removed; nothing in the target folder has been touched.
    public func write<T>(_ write: (String) throws -> T) throws -> T {
        if makesFolder, mkdir(folder, 0o755) != 0, errno != EEXIST {
            throw OutputError(path: pattern, reason: "cannot make the folder \(folder) (\(String(cString: strerror(errno))))")
        }
        guard mkdir(temporaryFolder, 0o700) == 0 else {
            let reason = "cannot create a folder in \(folder) (\(String(cString: strerror(errno))))"
            if makesFolder { rmdir(folder) }
            throw OutputError(path: pattern, reason: reason)
        }
        defer {
            removeTemporaryFolder()
            if makesFolder { rmdir(folder) }  // only succeeds when nothing landed in it
        }
        do {
            let result = try write(temporaryPattern)
            for name in try FileManager.default.contentsOfDirectory(atPath: temporaryFolder).sorted() {
                chmod(temporaryFolder + "/" + name, 0o644)
                guard rename(temporaryFolder + "/" + name, folder + "/" + name) == 0 else {
                    throw OutputError(
                        path: pattern,
                        reason:
                            "cannot move \(name) into \(folder) (\(String(cString: strerror(errno)))); files moved before it stay"
                    )
                }
            }
            return result
        } catch {
            if error is OutputError || error is Interrupted { throw error }
            throw OutputError(path: pattern, reason: "\(error)")
        }
    }

    private func removeTemporaryFolder() {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: temporaryFolder)) ?? [] {
            unlink(temporaryFolder + "/" + name)
        }
        rmdir(temporaryFolder)
    }
}
