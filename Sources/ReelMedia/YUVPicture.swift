import CFFmpeg
import ReelCore

/// A decoded 8-bit 4:2:0 frame of a clip as its planes (rows packed, no padding): what an
/// overlay hands to the encoder untouched where no layer covers it, and converts to RGBA
/// (`RGBAKernels`) only in the rows a layer covers.
public final class YUVPicture: @unchecked Sendable {
    public let width: Int
    public let height: Int
    let y: [UInt8]
    let u: [UInt8]
    let v: [UInt8]
    /// The matrix and range it is read with.
    let matrix: RGBAKernels.Matrix

    var chromaWidth: Int { (width + 1) / 2 }

    /// A copy of `frame`'s planes (yuv420p or yuvj420p).
    init(_ frame: UnsafeMutablePointer<AVFrame>, matrix: RGBAKernels.Matrix) {
        let f = frame.pointee
        width = Int(f.width)
        height = Int(f.height)
        self.matrix = matrix
        func plane(_ data: UnsafeMutablePointer<UInt8>?, _ stride: Int32, _ w: Int, _ h: Int) -> [UInt8] {
            guard let data else { return [UInt8](repeating: 128, count: w * h) }
            return [UInt8](unsafeUninitializedCapacity: w * h) { out, count in
                for row in 0..<h { (out.baseAddress! + row * w).update(from: data + row * Int(stride), count: w) }
                count = w * h
            }
        }
        let (cw, ch) = ((width + 1) / 2, (height + 1) / 2)
        y = plane(f.data.0, f.linesize.0, width, height)
        u = plane(f.data.1, f.linesize.1, cw, ch)
        v = plane(f.data.2, f.linesize.2, cw, ch)
    }

    /// Its planes copied into `frame` (yuv420p of the same size) as they are.
    public func copy(into frame: VideoFrame) throws(FFmpegError) {
        guard frame.width == width, frame.height == height else {
            throw FFmpegError(
                call: "YUVPicture.copy", message: "a \(width)x\(height) picture into a \(frame.width)x\(frame.height) frame")
        }
        try FFmpegError.check(av_frame_make_writable(frame.frame), "av_frame_make_writable")
        let (cw, ch) = ((width + 1) / 2, (height + 1) / 2)
        frame.withPlanes { planes, strides in
            for (k, (source, w, h)) in [(y, width, height), (u, cw, ch), (v, cw, ch)].enumerated() {
                source.withUnsafeBufferPointer { s in
                    for row in 0..<h { (planes[k]! + row * Int(strides[k])).update(from: s.baseAddress! + row * w, count: w) }
                }
            }
        }
    }

    /// Rows `rows` of the picture as opaque RGBA into the same rows of `buffer` (its size).
    public func rgba(rows: Range<Int>, into buffer: PixelBuffer) {
        y.withUnsafeBufferPointer { yp in
            u.withUnsafeBufferPointer { up in
                v.withUnsafeBufferPointer { vp in
                    RGBAKernels.convert(
                        y: yp.baseAddress!, yStride: width, u: up.baseAddress!, v: vp.baseAddress!, cStride: chromaWidth,
                        width: width, height: height, matrix: matrix, into: buffer, rows: rows)
                }
            }
        }
    }
}
