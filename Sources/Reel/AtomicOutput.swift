import Foundation

/// A file written under a temporary name beside its target and renamed over it only on
/// success, so a failed or interrupted render leaves no file and never half-overwrites an
/// existing one. The target is checked before any work starts: not a folder, not one of the
/// command's input files, a regular file if it exists, in a folder Reel may write (made, with
/// its missing parents, as the file is written). A file replaced keeps its permissions.
public struct AtomicOutput: Sendable {
    public let destination: String
    public let temporary: String
    /// The permission bits of the file being replaced, if there is one.
    private let mode: mode_t?
    /// The file's folder, made when missing as the file is written.
    private let folder: OutputFolder

    /// Checks `destination` (refusing the files in `inputs`, also through links) and picks the
    /// temporary name beside it.
    public init(destination: String, protecting inputs: [String] = []) throws(OutputError) {
        func refuse(_ reason: String) -> OutputError { OutputError(path: destination, reason: reason) }
        guard !destination.isEmpty else { throw refuse("the path is empty") }
        guard !destination.hasSuffix("/") else { throw refuse("the path ends in '/', so it names a folder; give a file name") }
        let url = URL(fileURLWithPath: destination)
        self.destination = url.path
        var target = stat()
        if stat(url.path, &target) == 0 {
            switch target.st_mode & S_IFMT {
            case S_IFDIR: throw refuse("it is a folder")
            case S_IFREG: break
            case S_IFCHR, S_IFBLK: throw refuse("it is a device, not a regular file; Reel writes regular files only")
            case S_IFIFO: throw refuse("it is a pipe (FIFO), not a regular file; Reel writes regular files only")
            default: throw refuse("it is not a regular file; Reel writes regular files only")
            }
            for input in inputs {
                var source = stat()
                if stat(input, &source) == 0, source.st_dev == target.st_dev, source.st_ino == target.st_ino {
                    throw refuse("it is the input file \(input); writing it would destroy the input")
                }
            }
            mode = target.st_mode & 0o7777
        } else {
            mode = nil
        }
        let dir = url.deletingLastPathComponent().path
        folder = try OutputFolder(dir, refuse: refuse)
        temporary =
            "\(dir)/.\(url.lastPathComponent).reel-\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max)).tmp"
    }

    /// Creates the temporary file (empty), runs `write` against its path, then renames it into
    /// place; on any error, or when the process is interrupted, the temporary file is removed.
    public func write<T>(_ write: (String) throws -> T) throws -> T {
        Interruption.removeOnInterrupt(temporary)
        defer { Interruption.removeOnInterrupt(nil) }
        try folder.make { OutputError(path: destination, reason: $0) }
        // Made here, empty, so a folder that refuses new files is named in words before any work.
        let made = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard made >= 0 else {
            let reason = "cannot create a file in \(folder.path) (\(String(cString: strerror(errno))))"
            folder.removeIfEmpty()
            throw OutputError(path: destination, reason: reason)
        }
        close(made)
        do {
            let result = try write(temporary)
            if let mode { chmod(temporary, mode) }
            guard rename(temporary, destination) == 0 else {
                throw OutputError(
                    path: destination, reason: "cannot move the finished file into place (\(String(cString: strerror(errno))))")
            }
            return result
        } catch {
            unlink(temporary)
            folder.removeIfEmpty()
            // An error that already says what happened (or that a signal stopped the work) stays as it is.
            if error is OutputError || error is Interrupted { throw error }
            throw OutputError(path: destination, reason: "\(error)")
        }
    }

    /// Writes `data` as the file.
    public func write(_ data: Data) throws {
        try write { path in
            let fd = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC)
            guard fd >= 0 else { throw OutputError(path: destination, reason: String(cString: strerror(errno))) }
            defer { close(fd) }
            try data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
                var offset = 0
                while offset < bytes.count {
                    let n = Glibc.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
                    if n < 0, errno == EINTR { continue }
                    guard n > 0 else { throw OutputError(path: destination, reason: String(cString: strerror(errno))) }
                    offset += n
                }
            }
        }
    }
}

/// Why an output file cannot be written, in words, with its path.
public struct OutputError: Error, CustomStringConvertible {
    public let path: String
    public let reason: String

    public var description: String { "cannot write \(path): \(reason)" }
}
