/// The YUV matrix a clip's frames are read with when the user says which (`--video-colorspace`,
/// a video asset's `"colorspace"`), overriding the clip's tag or its absence.
public enum VideoColorspace: String, CaseIterable, Hashable, Sendable {
    /// ITU-R BT.601 (SD; what FFmpeg assumes for an untagged clip).
    case bt601
    /// ITU-R BT.709 (HD).
    case bt709
}
