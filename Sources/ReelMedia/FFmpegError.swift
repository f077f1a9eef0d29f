import CFFmpeg

/// A failed libav call: the function that failed, its return code, and libav's text for it.
public struct FFmpegError: Error, Hashable, Sendable, CustomStringConvertible {
    public let call: String
    public let code: Int32
    public let message: String

    public init(call: String, code: Int32) {
        self.call = call
        self.code = code
        var buffer = [CChar](repeating: 0, count: 256)
        av_strerror(code, &buffer, buffer.count)
        message = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// A failure that has no libav return code (a missing encoder, a null allocation).
    public init(call: String, message: String) {
        self.call = call
        code = 0
        self.message = message
    }

    public var description: String { code == 0 ? "\(call): \(message)" : "\(call) failed: \(message) (\(code))" }

    /// Throws when `code` is negative, naming `call`; returns the code otherwise.
    @discardableResult
    static func check(_ code: Int32, _ call: String) throws(FFmpegError) -> Int32 {
        if code < 0 { throw FFmpegError(call: call, code: code) }
        return code
    }
}

/// libav's own logging, silenced once per process: encoders would chatter on stderr, and a
/// decoder's complaints quote raw bytes of the file (`Invalid PNG signature 0x...`). Every
/// failure still reaches the user as an `FFmpegError` naming the call and what went wrong.
enum FFmpegLog {
    static let quiet: Void = av_log_set_level(AV_LOG_QUIET)
}
