/// The caption file formats, told apart by the file name's ending.
public enum CaptionFormat: String, Hashable, Sendable, CaseIterable {
    /// SubRip (`.srt`): numbered cues, `00:00:01,000 --> 00:00:02,500`.
    case subRip = "srt"
    /// WebVTT (`.vtt`): a `WEBVTT` header, cues with optional inline timestamps.
    case webVTT = "vtt"
    /// Word-timed JSON as Whisper writes it (`.json`): segments with their words.
    case wordJSON = "json"

    /// The format a file name's ending names; nil for another ending.
    public init?(path: String) {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        self.init(rawValue: path[path.index(after: dot)...].lowercased())
    }
}
