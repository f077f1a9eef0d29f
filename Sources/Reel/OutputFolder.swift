import Foundation

/// The folder an output goes into, made when missing (with its missing parents, as
/// `mkdir -p` and a batch's output folders are) only when the output is written, and removed
/// again when the output fails and nothing else landed in it. Checked before any work starts:
/// the nearest folder that exists must be a folder Reel may write.
struct OutputFolder: Sendable {
    let path: String
    /// The folders to make, outermost first; empty when the folder exists.
    let missing: [String]

    /// Checks `path`; `refuse` words a reason as the caller's error.
    init(_ path: String, refuse: (String) -> OutputError) throws(OutputError) {
        self.path = path
        var missing: [String] = []
        var existing = path
        var info = stat()
        while stat(existing, &info) != 0 {
            // ENOTDIR: a file stands where a folder on the way should be; it is named below.
            guard errno == ENOENT || errno == ENOTDIR else {
                throw refuse("its folder \(existing) cannot be read (\(String(cString: strerror(errno))))")
            }
            missing.insert(existing, at: 0)
            let parent = URL(fileURLWithPath: existing).deletingLastPathComponent().path
            guard parent != existing else { break }
            existing = parent
        }
        guard info.st_mode & S_IFMT == S_IFDIR else { throw refuse("\(existing) is not a folder") }
        guard access(existing, W_OK | X_OK) == 0 else {
            throw refuse("its folder \(existing) is not writable (\(String(cString: strerror(errno))))")
        }
        self.missing = missing
    }

    /// Makes the missing folders.
    func make(refuse: (String) -> OutputError) throws(OutputError) {
        for folder in missing where mkdir(folder, 0o755) != 0 && errno != EEXIST {
            let reason = "cannot make the folder \(folder) (\(String(cString: strerror(errno))))"
            removeIfEmpty()
            throw refuse(reason)
        }
    }

    /// Removes the folders made, innermost first, where nothing landed in them.
    func removeIfEmpty() {
        for folder in missing.reversed() { rmdir(folder) }
    }
}
