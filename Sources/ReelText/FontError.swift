/// Why a font file cannot be used, in words a user can act on.
public struct FontError: Error, Equatable, CustomStringConvertible {
    /// The file.
    public let path: String
    /// What was wrong with it ("not a font file FreeType can read", ...).
    public let reason: String

    public var description: String { "\(reason) at \(path)" }
}
