import Foundation

/// Reading a text file the one way every format does: refused past a size before it is read
/// (parsing keeps several copies), and refused when it is not UTF-8, naming the first bad
/// byte and its line. Each format says the failure in its own error type.
public enum TextFile {
    public enum Failure: Error, Hashable, Sendable {
        /// Larger than the limit: its size in bytes.
        case tooLarge(Int)
        /// The system refused it: why.
        case unreadable(String)
        /// Not UTF-8: the offset of the first byte that does not belong, and its line (from 1).
        case notUTF8(byte: Int, line: Int)
    }

    /// The bytes of the file at `path`, at most `limit` of them.
    public static func bytes(_ path: String, limit: Int) throws(Failure) -> Data {
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        guard size <= limit else { throw .tooLarge(size) }
        do {
            return try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .unreadable(error.localizedDescription)
        }
    }

    /// The text of the file at `path`, at most `limit` bytes of UTF-8.
    public static func text(_ path: String, limit: Int) throws(Failure) -> String {
        try utf8(bytes(path, limit: limit))
    }

    /// `data` as UTF-8 text.
    public static func utf8(_ data: Data) throws(Failure) -> String {
        if let text = String(validating: data, as: UTF8.self) { return text }
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = data.makeIterator()
        var offset = 0
        while case .valid(let scalar) = parser.parseScalar(from: &iterator) { offset += scalar.count }
        throw .notUTF8(byte: offset, line: data.prefix(offset).reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) })
    }
}
