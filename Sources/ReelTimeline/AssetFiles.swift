import Foundation
import ReelCore

/// The files a timeline names (its assets by name and its sound) and the folder they must lie
/// in, checked with `stat` and `realpath` only, so that nothing blocks on a pipe or a device.
/// Kept when a timeline has problems too, so a missing file is reported beside them.
public struct AssetFiles: Hashable, Sendable {
    /// Asset files by name, as absolute paths.
    public var paths: [String: String]
    /// The sounds the timeline's `audio` entry plays.
    public var audio: [AudioTrack]
    /// The folder asset files must lie in (through any link).
    public var root: String
    /// Names given on the command line (`--video CLIP`): checked as files, not held to the root.
    public var commandLine: Set<String> = []

    public init(paths: [String: String], audio: [AudioTrack], root: String, commandLine: Set<String> = []) {
        self.paths = paths
        self.audio = audio
        self.root = root
        self.commandLine = commandLine
    }

    /// What is wrong with each file: a path outside `root` (also through a link), no file, not
    /// a regular file, or a file Reel may not read; each at its JSON path (`assets.NAME.path`).
    public func problems() -> [TimelineProblem] {
        let root = URL(fileURLWithPath: self.root).standardizedFileURL.path
        let realRoot = Self.realPath(root) ?? root
        let outside = "a path inside the assets root \(root) (the timeline's folder unless --assets-root names another)"
        var files = paths.map {
            (
                name: $0.key, path: $0.value,
                kind: Timeline.isFontFile($0.value) ? "font" : Timeline.isVideoFile($0.value) ? "video" : "image"
            )
        }
        for sound in audio where !files.contains(where: { $0.name == sound.name }) {
            files.append((sound.name, sound.path, "sound"))
        }
        var problems: [TimelineProblem] = []
        for (name, path, kind) in files.sorted(by: { $0.name < $1.name }) {
            func problem(_ expected: String, _ found: String) {
                problems.append(TimelineProblem(path: jsonPath(of: name), expected: expected, found: found))
            }
            if Timeline.isDataURI(path) {
                continue
            } else if commandLine.contains(name) {
                if let found = Self.unreadable(path) { problem("a readable \(kind) file", found) }
            } else if !Self.isInside(path, root) {
                problem(outside, "\(path), outside it")
            } else if let real = Self.realPath(path), !Self.isInside(real, realRoot) {
                problem(outside, "\(path), a link to \(real) outside it")
            } else if let found = Self.unreadable(path) {
                problem("a readable \(kind) file (relative to the timeline's folder)", found)
            }
        }
        return problems
    }

    /// Where a problem with asset `name` is reported: its entry in the file, or the option
    /// that gave it.
    public func jsonPath(of name: String) -> String {
        commandLine.contains(name) ? name : "assets.\(name).path"
    }

    /// `path` when it is a readable regular file inside `root`, also once links are followed;
    /// nil otherwise (what a server of a timeline's folder may hand out).
    public static func fileInside(_ path: String, root: String) -> String? {
        let folder = URL(fileURLWithPath: root).standardizedFileURL.path
        guard isInside(path, folder), let real = realPath(path), isInside(real, realPath(folder) ?? folder),
            unreadable(real) == nil
        else { return nil }
        return real
    }

    /// What keeps `path` from being read as a file, in words (`a pipe (FIFO) at ...`), or nil
    /// when it is a readable regular file. Nothing is opened: a pipe cannot block.
    public static func unreadable(_ path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return "no file at \(path)" }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return access(path, R_OK) == 0 ? nil : "a file Reel may not read at \(path)"
        case S_IFDIR: return "a folder at \(path)"
        case S_IFIFO: return "a pipe (FIFO) at \(path)"
        case S_IFCHR, S_IFBLK: return "a device at \(path)"
        default: return "not a regular file at \(path)"
        }
    }

    /// Whether `path` is `folder` or lies below it.
    static func isInside(_ path: String, _ folder: String) -> Bool {
        folder == "/" || path == folder || path.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
    }

    /// The path with every link resolved, or nil when some part of it does not exist.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
