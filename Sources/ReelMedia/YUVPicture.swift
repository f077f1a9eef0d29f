import CFFmpeg
import ReelCore

/// A decoded 8-bit 4:2:0 frame of a clip, held by reference (the decoder's own buffers, no
/// copy): what an overlay hands to the encoder untouched where no layer covers it, and
/// converts to RGBA (`RGBAKernels`) only in the rows a layer covers.
public final class YUVPicture: @unchecked Sendable {
    /// A reference to the decoded frame; only read.
    private let decoded: VideoFrame
    /// The matrix and range it is read with.
    let matrix: RGBAKernels.Matrix

    public var width: Int { decoded.width }
    public var height: Int { decoded.height }

    /// A new reference to `frame` (yuv420p or yuvj420p).
    init(_ frame: UnsafeMutablePointer<AVFrame>, matrix: RGBAKernels.Matrix) throws(FFmpegError) {
        decoded = try VideoFrame(referencing: frame)
        self.matrix = matrix
    }

    /// Its planes copied into `frame` (yuv420p of the same size) as they are.
    public func copy(into frame: VideoFrame) throws(FFmpegError) {
        guard frame.width == width, frame.height == height else {
            throw FFmpegError(
                call: "YUVPicture.copy", message: "a \(width)x\(height) picture into a \(frame.width)x\(frame.height) frame")
        }
        try FFmpegError.check(av_frame_make_writable(frame.frame), "av_frame_make_writable")
        let sizes = [(width, height), ((width + 1) / 2, (height + 1) / 2), ((width + 1) / 2, (height + 1) / 2)]
        decoded.withPlanes { from, fromStrides in
            frame.withPlanes { to, toStrides in
                for k in 0..<3 {
                    let (w, h) = sizes[k]
                    for row in 0..<h {
                        (to[k]! + row * Int(toStrides[k])).update(from: from[k]! + row * Int(fromStrides[k]), count: w)
                    }
                }
            }
        }
    }

    /// Rows `rows` of the picture as opaque RGBA into the same rows of `buffer` (its size).
    public func rgba(rows: Range<Int>, into buffer: PixelBuffer) {
        decoded.withPlanes { planes, strides in
            RGBAKernels.convert(
                y: planes[0]!, yStride: Int(strides[0]), u: planes[1]!, v: planes[2]!, cStride: Int(strides[1]), width: width,
                height: height, matrix: matrix, into: buffer, rows: rows)
        }
    }
}
