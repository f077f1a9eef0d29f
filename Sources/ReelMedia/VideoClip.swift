import CFFmpeg
import ReelCore

/// A video file read frame-exactly: every frame's presentation time is read once from the
/// packets (no decoding), so the frame shown at a time is the one whose presentation
/// interval holds it, with B-frames and variable frame rates alike; a frame is decoded by
/// going on from the last one decoded, or from the keyframe before it after a jump. Frames
/// come out upright (the display matrix's quarter turns), with square pixels (the sample
/// aspect ratio applied) and in the clip's own matrix and range, as premultiplied RGBA.
/// One reader at a time: callers share a clip through a lock.
public final class VideoClip {
    /// What the file says about its video (and whether it has sound).
    public struct Info: Hashable, Sendable {
        public let codec: String
        /// Coded size, and the size frames come out at (sample aspect and rotation applied).
        public let codedWidth: Int, codedHeight: Int
        public let width: Int, height: Int
        /// Frames per second on average (frames over the span of their times).
        public let frameRate: Double
        /// The stream's own frame rate as a fraction (libav's guess: 30000/1001 for NTSC).
        public let rateNumerator: Int, rateDenominator: Int
        public let frameCount: Int
        /// Seconds from the first frame's start to the last frame's end.
        public let duration: Double
        /// Clockwise quarter turns the display matrix asks for (0, 90, 180, 270).
        public let rotation: Int
        public let pixelFormat: String
        public let colorSpace: String
        public let colorRange: String
        public let colorTransfer: String
        public let hasAlpha: Bool
        public let hasAudio: Bool
        /// The matrix and range frames are read with, and why: "tagged", "untagged: FFmpeg's
        /// default" or "--video-colorspace" / the asset's `colorspace`.
        public let readMatrix: String
        public let readRange: String
        public let readReason: String

        /// HDR transfer (PQ or HLG): converted without tone mapping.
        public var isHDR: Bool { colorTransfer == "smpte2084" || colorTransfer == "arib-std-b67" }
    }

    public let path: String
    public let info: Info
    /// Each frame's start, in seconds from the first frame, in presentation order.
    public let times: [Double]

    private let input: MediaInput
    private let codec: UnsafeMutablePointer<AVCodecContext>
    private let timeBase: Double
    /// Presentation timestamps in stream units, in presentation order, and which are keyframes.
    private let stamps: [Int64]
    private let keyframes: [Bool]
    private let indexOfStamp: [Int64: Int]
    private var packet: UnsafeMutablePointer<AVPacket>?
    private var frame: UnsafeMutablePointer<AVFrame>?
    private var scaler: OpaquePointer?
    /// The matrix the user named for this clip, over its tag.
    private let matrix: VideoColorspace?
    /// The last frame decoded, from which decoding goes on without a seek.
    private var last: Int? = nil
    private var draining = false
    /// Frames decoded so far (a straight render decodes each once).
    public private(set) var decodedFrames = 0

    /// Opens the file's best video stream and reads its packets' times; throws when libav
    /// cannot open it or it holds no video frame.
    /// `matrix`, when given, is the YUV matrix frames are read with whatever the clip is tagged.
    public init(path: String, matrix: VideoColorspace? = nil) throws(FFmpegError) {
        FFmpegLog.quiet
        self.path = path
        self.matrix = matrix
        // What is opened is freed with `input`, however this ends.
        let input = try MediaInput(path)
        self.input = input
        let format = input.format
        var decoder = input.decoder
        let index = input.streamIndex
        let hasAudio = av_find_best_stream(format, AVMEDIA_TYPE_AUDIO, -1, -1, nil, 0) >= 0
        let st = input.stream
        let par = st.pointee.codecpar.pointee
        // VP9 with alpha carries it in side data only libvpx's decoder reads.
        var alphaMode: UnsafeMutablePointer<AVDictionaryEntry>? = av_dict_get(st.pointee.metadata, "alpha_mode", nil, 0)
        if par.codec_id == AV_CODEC_ID_VP9, alphaMode != nil, let vpx = avcodec_find_decoder_by_name("libvpx-vp9") {
            decoder = vpx
        } else {
            alphaMode = nil
        }
        codec = try input.openDecoder(decoder, threaded: true)
        guard par.width > 0, par.height > 0, Int(par.width) * Int(par.height) <= VideoClip.maximumPixels else {
            throw FFmpegError(
                call: "video size",
                message: "\(par.width) x \(par.height) pixels declared; a clip may have at most \(VideoClip.maximumPixels)")
        }
        // Every packet's time, without decoding.
        var pkt = av_packet_alloc()
        defer { av_packet_free(&pkt) }
        var found: [(Int64, Bool)] = []
        while av_read_frame(format, pkt) >= 0 {
            defer { av_packet_unref(pkt) }
            guard pkt!.pointee.stream_index == index else { continue }
            let p = pkt!.pointee
            let stamp = p.pts != reel_nopts_value() ? p.pts : p.dts
            guard stamp != reel_nopts_value() else { continue }
            found.append((stamp, p.flags & AV_PKT_FLAG_KEY != 0))
        }
        found.sort { $0.0 < $1.0 }
        guard let first = found.first else {
            throw FFmpegError(call: "av_read_frame", message: "the file holds no video frame")
        }
        let tb = Double(st.pointee.time_base.num) / Double(st.pointee.time_base.den)
        stamps = found.map(\.0)
        keyframes = found.map(\.1)
        indexOfStamp = Dictionary(found.enumerated().map { ($1.0, $0) }, uniquingKeysWith: { a, _ in a })
        times = stamps.map { Double($0 - first.0) * tb }
        timeBase = tb
        let span = times.last!
        let step = times.count > 1 ? span / Double(times.count - 1) : 1.0 / 30
        // Display: square pixels, then quarter turns.
        let sar = par.sample_aspect_ratio
        var dw = Int(par.width)
        if sar.num > 0, sar.den > 0, sar.num != sar.den {
            dw = max(1, Int((Double(par.width) * Double(sar.num) / Double(sar.den)).rounded()))
        }
        var rotation = 0
        if let matrix = av_stream_get_side_data(st, AV_PKT_DATA_DISPLAYMATRIX, nil) {
            let degrees = matrix.withMemoryRebound(to: Int32.self, capacity: 9) { av_display_rotation_get($0) }
            // libav's angle is counter-clockwise; the frame is turned clockwise by its negation.
            if degrees.isFinite { rotation = ((Int((-degrees).rounded()) % 360) + 360) % 360 / 90 * 90 }
        }
        let (w, h) = rotation % 180 == 0 ? (dw, Int(par.height)) : (Int(par.height), dw)
        let name = MediaInput.name
        let guessed = av_guess_frame_rate(format, st, nil)
        let pixelFormat = AVPixelFormat(rawValue: par.format)
        let flags = av_pix_fmt_desc_get(pixelFormat)?.pointee.flags ?? 0
        info = Info(
            codec: String(cString: avcodec_get_name(par.codec_id)), codedWidth: Int(par.width), codedHeight: Int(par.height),
            width: w, height: h, frameRate: span > 0 ? Double(times.count - 1) / span : 1 / step,
            rateNumerator: Int(guessed.num > 0 && guessed.den > 0 ? guessed.num : 30),
            rateDenominator: Int(guessed.num > 0 && guessed.den > 0 ? guessed.den : 1),
            frameCount: times.count, duration: span + step, rotation: rotation,
            pixelFormat: name(av_get_pix_fmt_name(pixelFormat)), colorSpace: name(av_color_space_name(par.color_space)),
            colorRange: name(av_color_range_name(par.color_range)), colorTransfer: name(av_color_transfer_name(par.color_trc)),
            hasAlpha: alphaMode != nil || flags & UInt64(AV_PIX_FMT_FLAG_ALPHA) != 0, hasAudio: hasAudio,
            readMatrix: RGBAConverter.matrix(tagged: par.color_space, override: matrix).name,
            readRange: par.color_range == AVCOL_RANGE_JPEG ? "pc" : "tv",
            readReason: matrix != nil
                ? "as named"
                : par.color_space == AVCOL_SPC_UNSPECIFIED || par.color_range == AVCOL_RANGE_UNSPECIFIED
                    ? "untagged: read as FFmpeg reads it (BT.601, limited range) unless --video-colorspace or the asset's colorspace names another"
                    : "as tagged")
        packet = av_packet_alloc()
        frame = av_frame_alloc()
        try seek(toFrame: 0)
    }

    deinit {
        av_packet_free(&packet)
        av_frame_free(&frame)
        sws_freeContext(scaler)
    }

    /// The largest clip, in pixels per frame, Reel opens (16384 x 8192).
    public static let maximumPixels = 16384 * 8192

    /// The frame shown at `time` seconds of the clip: the one whose presentation interval
    /// holds it; the first before 0, the last after the end.
    /// A frame's start counts as `time` when it lies within half a tick of the stream's time
    /// base after it: containers round times to their ticks (a 30 fps frame 2 stored at 67 ms
    /// of a millisecond base still starts at 2/30 s).
    public func frameIndex(at time: Double) -> Int {
        let time = time + timeBase / 2
        guard time > 0 else { return 0 }
        // The last frame starting at or before `time`.
        var (lo, hi) = (0, times.count)
        while lo < hi {
            let mid = (lo + hi) / 2
            if times[mid] <= time { lo = mid + 1 } else { hi = mid }
        }
        return max(lo - 1, 0)
    }

    /// Frame `index` as premultiplied RGBA, upright and square-pixelled. `keep` sees every
    /// frame decoded on the way (decoding forward passes frames a window may want).
    public func frame(_ index: Int, passing keep: (Int, PixelBuffer) -> Void = { _, _ in }) throws(FFmpegError) -> PixelBuffer {
        try decode(index, as: picture, passing: keep)
    }

    /// Whether frames can go to an encoder as the clip holds them: 8-bit 4:2:0 without
    /// alpha, upright, square pixels (`planes` then gives them).
    public var givesPlanes: Bool {
        info.pixelFormat == "yuv420p" && info.rotation == 0 && info.width == info.codedWidth
            && info.height == info.codedHeight && !info.hasAlpha
    }

    /// Frame `index` as its YUV planes, read with the clip's matrix and range (a clip that
    /// `givesPlanes`); `keep` sees every frame decoded on the way.
    public func planes(_ index: Int, passing keep: (Int, YUVPicture) -> Void = { _, _ in }) throws(FFmpegError) -> YUVPicture {
        let matrix = RGBAKernels.Matrix(bt709: info.readMatrix == "bt709", fullRange: info.readRange == "pc")
        return try decode(index, as: { (f) throws(FFmpegError) in try YUVPicture(f, matrix: matrix) }, passing: keep)
    }

    /// Frame `index` made by `make` from the decoded frame, decoding forward or from a keyframe.
    private func decode<T>(
        _ index: Int, as make: (UnsafeMutablePointer<AVFrame>) throws(FFmpegError) -> T, passing keep: (Int, T) -> Void
    ) throws(FFmpegError) -> T {
        let target = min(max(index, 0), times.count - 1)
        // Forward from the last frame when no keyframe lies between; else from the keyframe before.
        if let last, target > last, !keyframes[(last + 1)...target].contains(true) || target - last <= 8 {
            // go on
        } else {
            try seek(toFrame: target)
        }
        while true {
            let (decoded, picture) = try next(make)
            last = decoded
            if decoded == target { return picture }
            if decoded > target {
                // The decoder ran past (a seek that landed late): back to an earlier keyframe.
                try seek(toFrame: max(target - 1, 0), earlier: true)
                continue
            }
            keep(decoded, picture)
        }
    }

    /// Positions the demuxer at the keyframe at or before frame `index` (one keyframe earlier with `earlier`).
    private func seek(toFrame index: Int, earlier: Bool = false) throws(FFmpegError) {
        var k = index
        while k > 0, !keyframes[k] { k -= 1 }
        if earlier { repeat { k -= 1 } while k > 0 && !keyframes[k] }
        k = max(k, 0)
        try FFmpegError.check(
            av_seek_frame(input.format, input.streamIndex, stamps[k], AVSEEK_FLAG_BACKWARD), "av_seek_frame")
        avcodec_flush_buffers(codec)
        draining = false
        last = nil
    }

    /// The next frame out of the decoder, with its index.
    private func next<T>(_ make: (UnsafeMutablePointer<AVFrame>) throws(FFmpegError) -> T) throws(FFmpegError) -> (Int, T) {
        while true {
            let r = avcodec_receive_frame(codec, frame)
            if r >= 0 {
                defer { av_frame_unref(frame) }
                let f = frame!.pointee
                let stamp = f.best_effort_timestamp != reel_nopts_value() ? f.best_effort_timestamp : f.pts
                guard let index = indexOfStamp[stamp] else { continue }
                decodedFrames += 1
                return (index, try make(frame!))
            }
            if r == reel_averror_eof() {
                throw FFmpegError(call: "avcodec_receive_frame", message: "the clip ended before the frame wanted")
            }
            guard r == reel_averror_eagain() else { throw FFmpegError(call: "avcodec_receive_frame", code: r) }
            if draining { throw FFmpegError(call: "avcodec_receive_frame", message: "the decoder gave no more frames") }
            let read = av_read_frame(input.format, packet)
            if read == reel_averror_eof() {
                draining = true
                try FFmpegError.check(avcodec_send_packet(codec, nil), "avcodec_send_packet")
                continue
            }
            try FFmpegError.check(read, "av_read_frame")
            defer { av_packet_unref(packet) }
            guard packet!.pointee.stream_index == input.streamIndex else { continue }
            let sent = avcodec_send_packet(codec, packet)
            // A damaged packet is skipped: the frames around it still decode.
            if sent < 0, sent != reel_averror_invaliddata() { try FFmpegError.check(sent, "avcodec_send_packet") }
        }
    }

    /// A decoded frame as the clip shows it: converted at its display width, then turned.
    private func picture(_ decoded: UnsafeMutablePointer<AVFrame>) throws(FFmpegError) -> PixelBuffer {
        let (w, h) = info.rotation % 180 == 0 ? (info.width, info.height) : (info.height, info.width)
        let upright = try RGBAConverter.convert(decoded, scaler: &scaler, width: w, height: h, matrix: matrix)
        return info.rotation == 0 ? upright : upright.turned(clockwiseQuarterTurns: info.rotation / 90)
    }
}
