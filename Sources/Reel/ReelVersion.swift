import ReelMedia
import ReelText

/// Reel's version and the libraries it is linked with (`reel --version`): what a bug report needs.
public enum ReelVersion {
    public static let number = "0.9.0"

    /// `reel 0.9.0`, then a line for FFmpeg and one for the font stack.
    public static var text: String {
        "reel \(number)\n\(FFmpegVersion.text)\n\(FontLibrary.linkedVersions)"
    }
}
