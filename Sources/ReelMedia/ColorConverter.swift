import CFFmpeg
import ReelCore

/// Converts premultiplied RGBA frames to video's BT.709 limited-range YUV 4:2:0 with Reel's
/// own SIMD passes (`YUVKernels`), byte for byte what libswscale gave the same frame with
/// bilinear chroma, accurate rounding and full chroma input. Premultiplied colour is what an
/// opaque picture shows; over black otherwise. A converter keeps scratch rows: one per thread.
public final class ColorConverter {
    public let width: Int
    public let height: Int
    /// The chroma filters, across (to half width) and down (to half height), as swscale builds them.
    let horizontalWindows: [ChromaWindow]
    let verticalWindows: [ChromaWindow]
    /// Whether the horizontal filter is the plain 1-3-3-1 tent on an even width (8 and more), which
    /// runs in lanes; other widths filter one sample at a time.
    let tentAcross: Bool
    /// The same for the vertical filter (even heights of 8 and more), which then runs in 16-bit lanes.
    let tentDown: Bool

    private let across: UnsafeMutablePointer<ChromaWindow>
    private let down: UnsafeMutablePointer<ChromaWindow>
    /// One source row's U | V << 16 at 1/64 steps, edges repeated (`YUVKernels.row`).
    private let rowUV: UnsafeMutablePointer<UInt32>
    /// The last four half-width U | V rows, source row s in slot s & 3, and which row each slot holds.
    private let ring: UnsafeMutablePointer<UInt32>
    private let ringRows: UnsafeMutablePointer<Int>
    private let ringStride: Int
    /// Where the Y of rows read only for their chroma goes.
    private let discard: UnsafeMutablePointer<UInt8>
    /// Rows of the band whose Y is written; a tiny frame's filter can skip a row.
    private let lumaDone: UnsafeMutablePointer<Bool>

    public init(width: Int, height: Int) throws(FFmpegError) {
        guard width > 0, height > 0 else {
            throw FFmpegError(call: "ColorConverter", message: "RGBA to yuv420p at \(width)x\(height) is not supported")
        }
        self.width = width
        self.height = height
        let cw = (width + 1) / 2
        let ch = (height + 1) / 2
        horizontalWindows = ChromaWindow.swscaleBilinear(source: width, destination: cw, one: 1 << 14, align: 4)
        verticalWindows = ChromaWindow.swscaleBilinear(source: height, destination: ch, one: 1 << 12, align: 2)
        tentAcross = width % 2 == 0 && horizontalWindows == ChromaWindow.tent(source: width, destination: cw, one: 1 << 14)
        tentDown = height % 2 == 0 && verticalWindows == ChromaWindow.tent(source: height, destination: ch, one: 1 << 12)
        across = .allocate(capacity: cw)
        across.initialize(from: horizontalWindows, count: cw)
        down = .allocate(capacity: ch)
        down.initialize(from: verticalWindows, count: ch)
        let rowLength = ((width + 15) & ~15) + 32
        rowUV = .allocate(capacity: rowLength)
        rowUV.initialize(repeating: 0, count: rowLength)
        ringStride = ((cw + 7) & ~7) + 8
        ring = .allocate(capacity: 4 * ringStride)
        ring.initialize(repeating: 0, count: 4 * ringStride)
        ringRows = .allocate(capacity: 4)
        ringRows.initialize(repeating: -1, count: 4)
        discard = .allocate(capacity: width)
        discard.initialize(repeating: 0, count: width)
        lumaDone = .allocate(capacity: height)
        lumaDone.initialize(repeating: false, count: height)
    }

    deinit {
        across.deallocate()
        down.deallocate()
        rowUV.deallocate()
        ring.deallocate()
        ringRows.deallocate()
        discard.deallocate()
        lumaDone.deallocate()
    }

    /// Writes `buffer` into `frame` (yuv420p, same size).
    public func convert(_ buffer: PixelBuffer, into frame: VideoFrame) throws(FFmpegError) {
        try convert(buffer, rows: 0..<height, into: frame)
    }

    /// Writes rows `rows` of `buffer` into `frame`: their Y and the chroma rows they own
    /// (rows / 2, rounded up at the bottom), so bands can be converted as they finish, in any
    /// order or on several converters at once; the frame ends up as one whole `convert` makes it.
    /// A band starts on an even row and ends on one or at the bottom. Its chroma reads
    /// `sourceRows(for:)`, one row beyond either side: those must be drawn too. Bands of one
    /// frame converted by several threads need a writable frame (a new one, or one the encoder
    /// has let go of); a single call makes it writable itself.
    public func convert(_ buffer: PixelBuffer, rows: Range<Int>, into frame: VideoFrame) throws(FFmpegError) {
        guard buffer.width == width, buffer.height == height, frame.width == width, frame.height == height,
            frame.frame.pointee.format == AV_PIX_FMT_YUV420P.rawValue
        else {
            throw FFmpegError(
                call: "ColorConverter.convert",
                message:
                    "a \(width)x\(height) converter got a \(buffer.width)x\(buffer.height) buffer and a \(frame.width)x\(frame.height) frame of format \(frame.frame.pointee.format)"
            )
        }
        guard rows.lowerBound >= 0, rows.upperBound <= height, rows.lowerBound % 2 == 0,
            rows.upperBound % 2 == 0 || rows.upperBound == height
        else {
            throw FFmpegError(
                call: "ColorConverter.convert",
                message: "rows \(rows) of \(height): a band starts on an even row and ends on one or at the bottom")
        }
        guard !rows.isEmpty else { return }
        let reads = sourceRows(for: rows)
        guard reads.clamped(to: buffer.rows) == reads else {
            throw FFmpegError(
                call: "ColorConverter.convert",
                message: "rows \(rows) read rows \(reads), but the buffer holds rows \(buffer.rows)")
        }
        try FFmpegError.check(av_frame_make_writable(frame.frame), "av_frame_make_writable")
        frame.withPlanes { planes, strides in
            convert(
                buffer, rows: rows, y: planes[0]!, Int(strides[0]), u: planes[1]!, Int(strides[1]), v: planes[2]!, Int(strides[2])
            )
        }
    }

    /// The buffer rows the chroma of `rows` reads: the band and one row beyond either side
    /// (more or fewer for tiny or odd heights), clamped to the frame.
    public func sourceRows(for rows: Range<Int>) -> Range<Int> {
        let rows = rows.clamped(to: 0..<height)
        var lower = rows.lowerBound
        var upper = rows.upperBound
        for window in verticalWindows[rows.lowerBound / 2..<(rows.upperBound + 1) / 2] {
            lower = min(lower, window.start)
            upper = max(upper, window.start + window.count)
        }
        return lower..<upper
    }

    /// Each chroma row of the band from up to four half-width rows in the ring, each source row
    /// read once (its Y written on the way when it is in the band).
    private func convert(
        _ buffer: PixelBuffer, rows: Range<Int>, y: UnsafeMutablePointer<UInt8>, _ yStride: Int,
        u: UnsafeMutablePointer<UInt8>, _ uStride: Int, v: UnsafeMutablePointer<UInt8>, _ vStride: Int
    ) {
        let cw = (width + 1) / 2
        ringRows.update(repeating: -1, count: 4)
        (lumaDone + rows.lowerBound).update(repeating: false, count: rows.count)
        for j in rows.lowerBound / 2..<(rows.upperBound + 1) / 2 {
            let window = down[j]
            for s in window.start..<window.start + window.count where ringRows[s & 3] != s {
                let inBand = rows.contains(s)
                sourceRow(buffer.row(s), luma: inBand ? y + s * yStride : discard, slot: s & 3, chromaWidth: cw)
                ringRows[s & 3] = s
                if inBand { lumaDone[s] = true }
            }
            func ringRow(_ s: Int) -> UnsafePointer<UInt32> { UnsafePointer(ring + (s & 3) * ringStride) }
            if tentDown {
                let top = max(2 * j - 1, 0)
                let bottom = min(2 * j + 2, height - 1)
                YUVKernels.tentDown(
                    ringRow(top), ringRow(2 * j), ringRow(2 * j + 1), ringRow(bottom), count: cw, u: u + j * uStride,
                    v: v + j * vStride)
            } else {
                func tap(_ k: Int) -> UnsafePointer<UInt32> { ringRow(window.start + (k < window.count ? k : 0)) }
                YUVKernels.vertical(
                    tap(0), tap(1), tap(2), tap(3), weights: window.weights, count: cw, u: u + j * uStride, v: v + j * vStride)
            }
        }
        for s in rows where !lumaDone[s] {
            YUVKernels.row(buffer.row(s), width: width, luma: y + s * yStride, uv: rowUV)
        }
    }

    /// One source row: its Y into `luma`, its half-width U | V into ring slot `slot`.
    private func sourceRow(_ src: UnsafePointer<UInt32>, luma: UnsafeMutablePointer<UInt8>, slot: Int, chromaWidth cw: Int) {
        YUVKernels.row(src, width: width, luma: luma, uv: rowUV)
        if tentAcross {
            YUVKernels.tent(rowUV, count: cw, into: ring + slot * ringStride)
        } else {
            YUVKernels.filter(rowUV, windows: across, count: cw, into: ring + slot * ringStride)
        }
    }
}
