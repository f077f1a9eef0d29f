import Foundation
import ReelMedia

/// A numbered sequence of files (`frames/%05d.png`) written into a hidden temporary folder
/// beside its targets and moved into place only on success, so a failed or interrupted render
/// leaves none of its files and replaces none. The files it will write are checked before any
/// work starts: none is a folder, a device or one of the command's inputs (the timeline, its
/// images). Missing folders of the pattern are made, and removed again if nothing lands.
public struct SequenceOutput: Sendable {
    /// The pattern as given, and the folder its files go into.
    public let pattern: String
    public let folder: String
    /// The temporary folder and the pattern inside it that the encoder writes.
    public let temporaryFolder: String
    public var temporaryPattern: String { temporaryFolder + "/" + fileNamePattern }
    private let fileNamePattern: String
    /// The pattern's folder, made when missing as the files are written.
    private let made: OutputFolder

    /// Checks the folder of `pattern` and the files `numbers` will name (refusing the files in
    /// `inputs`, also through links).
    public init(pattern: String, numbers: Range<Int>, protecting inputs: [String] = []) throws(OutputError) {
        func refuse(_ reason: String) -> OutputError { OutputError(path: pattern, reason: reason) }
        let url = URL(fileURLWithPath: pattern)
        (self.pattern, fileNamePattern) = (pattern, url.lastPathComponent)
        folder = url.deletingLastPathComponent().path
        made = try OutputFolder(folder, refuse: refuse)
        var info = stat()
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
        try made.make { OutputError(path: pattern, reason: $0) }
        guard mkdir(temporaryFolder, 0o700) == 0 else {
            let reason = "cannot create a folder in \(folder) (\(String(cString: strerror(errno))))"
            made.removeIfEmpty()
            throw OutputError(path: pattern, reason: reason)
        }
        defer {
            removeTemporaryFolder()
            made.removeIfEmpty()  // only succeeds when nothing landed in them
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
