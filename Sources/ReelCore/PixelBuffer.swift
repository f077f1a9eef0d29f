/// An image of premultiplied RGBA, 8 bits per channel, rows `stride` bytes apart.
/// It owns its memory; a frame is written by one thread at a time, which is why the
/// unchecked `Sendable` is safe: the pipeline hands a buffer from thread to thread, never shares it.
public final class PixelBuffer: @unchecked Sendable {
    public let width: Int
    public let height: Int
    /// Bytes from one row to the next (a multiple of 64, so rows start cache-line aligned).
    public let stride: Int
    public let bytes: UnsafeMutableRawPointer
    /// The rows the buffer holds: all of them, or for a band view (see
    /// `init(width:height:rows:borrowing:)`) only these, `bytes` holding the first.
    public let rows: Range<Int>
    /// Whether the buffer frees `bytes` (false for scratch memory lent by its owner).
    private let ownsBytes: Bool

    /// A transparent buffer with memory of its own.
    public init(width: Int, height: Int) {
        precondition(width > 0 && height > 0, "PixelBuffer needs a positive size")
        self.width = width
        self.height = height
        stride = PixelBuffer.stride(forWidth: width)
        bytes = UnsafeMutableRawPointer.allocate(byteCount: stride * height, alignment: 64)
        bytes.initializeMemory(as: UInt8.self, repeating: 0, count: stride * height)
        rows = 0..<height
        ownsBytes = true
    }

    /// A buffer over scratch memory that the caller owns, reuses from frame to frame, and
    /// keeps alive longer than the buffer (`stride(forWidth:)` times `height` bytes, 64-byte
    /// aligned). Its pixels are whatever the memory holds.
    public init(width: Int, height: Int, borrowing memory: UnsafeMutableRawPointer) {
        precondition(width > 0 && height > 0, "PixelBuffer needs a positive size")
        self.width = width
        self.height = height
        stride = PixelBuffer.stride(forWidth: width)
        bytes = memory
        rows = 0..<height
        ownsBytes = false
    }

    /// A band view: rows `rows` of a `width` x `height` image over scratch memory the caller
    /// owns (`rows.count` rows of `stride(forWidth:)` bytes, 64-byte aligned), so a frame can
    /// be drawn a band at a time in memory that stays in cache. Only rows in `rows` may be
    /// read or written; whole-image operations cover those rows.
    public init(width: Int, height: Int, rows: Range<Int>, borrowing memory: UnsafeMutableRawPointer) {
        precondition(
            width > 0 && height > 0 && rows.lowerBound >= 0 && rows.upperBound <= height && !rows.isEmpty,
            "a band view needs rows inside a positive size")
        self.width = width
        self.height = height
        stride = PixelBuffer.stride(forWidth: width)
        bytes = memory
        self.rows = rows
        ownsBytes = false
    }

    deinit { if ownsBytes { bytes.deallocate() } }

    /// Bytes from row to row for a width: whole cache lines.
    @inlinable
    public static func stride(forWidth width: Int) -> Int { (width * 4 + 63) & ~63 }

    /// The 32-bit pixels of row `y` (RGBA in memory order, little-endian: R in the low byte).
    @inlinable
    public func row(_ y: Int) -> UnsafeMutablePointer<UInt32> {
        (bytes + (y - rows.lowerBound) * stride).assumingMemoryBound(to: UInt32.self)
    }

    /// Fills every pixel with one premultiplied colour.
    public func clear(to color: Color) {
        let packed = PixelBuffer.pack(color.premultipliedRGBA8)
        if packed == 0 {
            clear(rows: rows)
            return
        }
        for y in rows { row(y).update(repeating: packed, count: width) }
    }

    /// Makes rows `rows` transparent.
    public func clear(rows: Range<Int>) {
        let rows = rows.clamped(to: self.rows)
        guard !rows.isEmpty else { return }
        UnsafeMutableRawPointer(row(rows.lowerBound)).initializeMemory(as: UInt8.self, repeating: 0, count: stride * rows.count)
    }

    /// Premultiplied RGBA of the pixel at (x, y).
    public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let v = row(y)[x]
        return (
            UInt8(truncatingIfNeeded: v), UInt8(truncatingIfNeeded: v >> 8),
            UInt8(truncatingIfNeeded: v >> 16), UInt8(truncatingIfNeeded: v >> 24)
        )
    }

    /// Packs premultiplied RGBA bytes into one memory-order pixel.
    @inlinable
    public static func pack(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> UInt32 {
        UInt32(p.r) | UInt32(p.g) << 8 | UInt32(p.b) << 16 | UInt32(p.a) << 24
    }

    /// The pixels row by row without padding (width * height * 4 bytes): what tests compare.
    public var packedBytes: [UInt8] {
        precondition(rows == 0..<height, "packedBytes needs a whole buffer, not a band view")
        var out = [UInt8](repeating: 0, count: width * height * 4)
        out.withUnsafeMutableBytes { dst in
            for y in 0..<height {
                dst.baseAddress!.advanced(by: y * width * 4).copyMemory(from: bytes + y * stride, byteCount: width * 4)
            }
        }
        return out
    }
}
