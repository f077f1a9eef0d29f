import CFFmpeg

/// The codec of a written file's sound: AAC in MP4 and MOV and Opus in WebM (compressed, what
/// players expect), or 16-bit PCM in MOV (`--audio-codec pcm`: lossless, so the mix arrives
/// sample for sample, as editors and exact checks want).
public enum AudioCodec: String, CaseIterable, Sendable {
    case aac, opus, pcm

    /// libavcodec's encoder.
    var encoder: String {
        switch self {
        case .aac: "aac"
        case .opus: "libopus"
        case .pcm: "pcm_s16le"
        }
    }

    /// The sample format the encoder is fed: floats (interleaved or planar, whichever the
    /// encoder lists first), or 16-bit integers for PCM.
    func sampleFormat(of codec: UnsafePointer<AVCodec>) throws(FFmpegError) -> AVSampleFormat {
        let wanted = self == .pcm ? [AV_SAMPLE_FMT_S16] : [AV_SAMPLE_FMT_FLT, AV_SAMPLE_FMT_FLTP]
        var p = codec.pointee.sample_fmts
        while let f = p?.pointee, f != AV_SAMPLE_FMT_NONE {
            if wanted.contains(f) { return f }
            p = p! + 1
        }
        throw FFmpegError(call: "audio encoder \(encoder)", message: "takes none of the sample formats Reel writes")
    }

    /// Opus encodes at 48 kHz only; the others keep the sound's own rate.
    func rate(for source: Int) -> Int { self == .opus ? 48000 : source }

    /// The bit rate of a compressed stream (PCM's follows from its rate).
    var bitRate: Int64 {
        switch self {
        case .aac: 192_000
        case .opus: 128_000
        case .pcm: 0
        }
    }
}
