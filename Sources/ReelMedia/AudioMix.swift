import CFFmpeg
import ReelCore

/// The sounds of a video mixed into one 48 kHz stereo track (the extensions page, "Sound"):
/// each file decoded by libavfilter (`SoundSource`), trimmed, placed and ramped here sample by
/// sample with `SoundEnvelope`, and summed in 32-bit floats. The envelope is applied in Swift
/// rather than by `volume`/`afade` filters because a duck follows other sounds' times and a
/// player layer's volume follows its animation, which no filter expression can read.
final class AudioMix {
    static let rate = 48000
    static let channels = 2
    /// Samples per channel handed out by each `next()`.
    static let chunk = 4096

    /// One sound's decoding state, in samples of its played part.
    private struct Voice {
        let source: SoundSource
        /// The timeline sample its played part starts at.
        let first: Int
        /// Samples of the file still to cut before the played part.
        var toCut: Int
        /// The played part's length when known (given by `duration`, or counted), else its limit.
        var limit: Int?
        /// Decoded samples of the played part (stereo pairs) from `bufferStart` on.
        var buffer: [Float] = []
        var bufferStart = 0
        var decoded = 0

        /// Whether nothing more of the played part will come.
        var finished: Bool { source.ended || limit.map { decoded >= $0 } == true }
    }

    private var voices: [Voice]
    private let envelope: SoundEnvelope
    /// The timeline sample of the next output sample.
    private var position: Int
    private(set) var ended = false

    /// `tracks` placed on the timeline; the output starts at timeline time `offset`.
    init(_ tracks: [AudioTrack], offset: Double) throws(FFmpegError) {
        let rate = Double(Self.rate)
        position = Int((offset * rate).rounded())
        let named = Set(tracks.flatMap { $0.duck?.under ?? [] })
        var voices: [Voice] = []
        var parts: [(start: Double, end: Double?)] = []
        for track in tracks {
            let cut = Int((track.trimStart * rate).rounded())
            var limit = track.duration.map { Int(($0 * rate).rounded()) }
            // A fade-out, or a duck under this sound, needs the played part's end before it comes.
            if track.fadeOut > 0 || track.id.map(named.contains) == true {
                let counted = try SoundSource(track, rate: Self.rate).countToEnd()
                limit = min(limit ?? .max, max(0, counted - cut))
            }
            let first = Int((track.start * rate).rounded())
            voices.append(Voice(source: try SoundSource(track, rate: Self.rate), first: first, toCut: cut, limit: limit))
            parts.append((Double(first) / rate, limit.map { Double(first + $0) / rate }))
        }
        self.voices = voices
        envelope = SoundEnvelope(tracks: tracks, parts: parts)
    }

    /// The next samples of the mix, interleaved stereo; nil once every sound has ended.
    func next() throws(FFmpegError) -> [Float]? {
        guard !ended else { return nil }
        let n = Self.chunk
        var out = [Float](repeating: 0, count: n * Self.channels)
        // Whether any sound goes on past this chunk, and how far into it the last one reaches.
        var sounding = false
        var reached = 0
        let rate = Double(Self.rate)
        for v in voices.indices {
            // The played part's samples this chunk covers.
            let from = position - voices[v].first
            try fill(v, through: from + n)
            let voice = voices[v]
            let end = voice.bufferStart + voice.buffer.count / 2
            let lo = max(from, voice.bufferStart)
            let hi = min(from + n, end)
            if !voice.finished || end > from + n { sounding = true }
            guard lo < hi else { continue }
            reached = max(reached, hi - from)
            voice.buffer.withUnsafeBufferPointer { samples in
                for j in lo..<hi {
                    let g = Float(envelope.gain(of: v, at: Double(voice.first + j) / rate))
                    let at = j - voice.bufferStart
                    out[2 * (j - from)] += samples[2 * at] * g
                    out[2 * (j - from) + 1] += samples[2 * at + 1] * g
                }
            }
            // What this chunk used is not needed again.
            let done = min(hi, end) - voices[v].bufferStart
            if done > 0 {
                voices[v].buffer.removeFirst(2 * done)
                voices[v].bufferStart += done
            }
        }
        position += n
        guard sounding else {
            ended = true
            return reached > 0 ? Array(out[0..<(2 * reached)]) : nil
        }
        return out
    }

    /// Decodes voice `v` until its played part is buffered through sample `end` (or it ended),
    /// dropping what lies before `end - chunk` (before the output's start).
    private func fill(_ v: Int, through end: Int) throws(FFmpegError) {
        while voices[v].bufferStart + voices[v].buffer.count / 2 < end, !voices[v].finished {
            var fresh: [Float] = []
            guard try voices[v].source.read(into: &fresh) else { break }
            var pairs = fresh.count / 2
            var skip = min(voices[v].toCut, pairs)
            voices[v].toCut -= skip
            pairs -= skip
            if let limit = voices[v].limit { pairs = min(pairs, limit - voices[v].decoded) }
            guard pairs > 0 else { continue }
            voices[v].decoded += pairs
            voices[v].buffer.append(contentsOf: fresh[(2 * skip)..<(2 * (skip + pairs))])
            // Samples placed before the output's start are never mixed.
            skip = min(voices[v].buffer.count / 2, end - Self.chunk - voices[v].bufferStart)
            if skip > 0 {
                voices[v].buffer.removeFirst(2 * skip)
                voices[v].bufferStart += skip
            }
        }
    }
}
