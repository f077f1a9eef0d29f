import Foundation

/// A file written under a temporary name beside its target and renamed over it only on
/// success, so a failed render leaves no file and never half-overwrites an existing one.
public struct AtomicOutput: Sendable {
    public let destination: String
    public let temporary: String

    public init(destination: String) {
        let url = URL(fileURLWithPath: destination)
        self.destination = url.path
        let dir = url.deletingLastPathComponent().path
        temporary = "\(dir)/.\(url.lastPathComponent).reel-\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max)).tmp"
    }

    /// Runs `write` against the temporary path, then renames it into place; on any error the
    /// temporary file is removed and the error passes on.
    public func write<T>(_ write: (String) throws -> T) throws -> T {
        do {
            let result = try write(temporary)
            guard rename(temporary, destination) == 0 else {
                let message = String(cString: strerror(errno))
                throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "cannot rename into \(destination): \(message)"])
            }
            return result
        } catch {
            unlink(temporary)
            throw error
        }
    }
}
