import ReelCore

/// The arithmetic of premultiplied RGBA → BT.709 limited-range yuv420p, step for step what
/// libswscale 5.1 does for `SWS_BILINEAR | SWS_ACCURATE_RND | SWS_FULL_CHR_H_INP`, so frames
/// come out as they did through swscale (same bytes on this machine's build):
///
/// 1. each pixel to Y, U, V in 1/64 steps: `(c · rgb + offset + 256) >> 9`, coefficients × 2^15;
/// 2. Y out: `(Y14 + 32) >> 6`;
/// 3. U, V rows to half width through the horizontal chroma filter, truncated: `Σ h · C14 >> 13`;
/// 4. then to half height through the vertical one, rounded: `(Σ v · C15 + 2^18) >> 19`.
///
/// Premultiplied colour goes in as is (the picture over black); alpha is not read.
enum YUVMatrix {
    // swscale's fill_rgb2yuv_table for sws_getCoefficients(SWS_CS_ITU709) and a limited-range
    // destination: Y scaled by 219/255, U and V by 224/255, all × 2^15, rounded its way.
    static let ry: Int32 = 5983, gy: Int32 = 20127, by: Int32 = 2032
    static let ru: Int32 = -3298, gu: Int32 = -11094, bu: Int32 = 14392
    static let rv: Int32 = 14392, gv: Int32 = -13073, bv: Int32 = -1320
    /// Black at 16 (16 << 15) plus half of the `>> 9` step.
    static let lumaBias: Int32 = 0x80100
    /// Zero chroma at 128 (128 << 15) plus half of the `>> 9` step.
    static let chromaBias: Int32 = 0x40_0100
}

/// One output sample of a chroma filter: the first source sample it reads, how many, and their
/// weights (fixed point summing to the filter's one; weights past `count` are zero).
struct ChromaWindow: Equatable {
    var start: Int
    var count: Int
    var weights: SIMD4<Int16>

    /// swscale's bilinear filter from `source` samples to `destination` (its initFilter with
    /// chroma sited at the centre of each pixel pair), weights summing to `one`, sizes padded to
    /// `align` as its x86 build does (4 across, 2 down); near-zero taps trimmed and edges
    /// repeated its way. A tent 1-3-3-1 / 8 for even sizes of 8 and more; odd and tiny sizes get
    /// uneven weights, which is why it is worked out here rather than assumed.
    static func swscaleBilinear(source srcW: Int, destination dstW: Int, one: Int64, align: Int) -> [ChromaWindow] {
        precondition(srcW > 0 && dstW > 0 && dstW <= srcW)
        let inc = ((Int64(srcW) << 16) + Int64(dstW >> 1)) / Int64(dstW)
        let srcPos: Int64 = 128
        let dstPos: Int64 = 128  // centre siting, 1/256 of a sample
        let fone = Int64(1) << (54 - min((srcW / dstW).bitWidth - 1 - (srcW / dstW).leadingZeroBitCount, 8))
        var size: Int
        var filter: [Int64]
        var pos = [Int](repeating: 0, count: dstW)
        if abs(inc - 0x10000) < 10 && srcPos == dstPos {
            size = 1
            filter = [Int64](repeating: fone, count: dstW)
            pos = Array(0..<dstW)
        } else {
            size = inc <= 1 << 16 ? 3 : 1 + (2 * srcW + dstW - 1) / dstW
            size = max(min(size, srcW - 2), 1)
            filter = [Int64](repeating: 0, count: dstW * size)
            var centre = ((dstPos * inc) >> 7) - ((srcPos * 0x10000) >> 7)  // in 1/2^17 source samples
            for i in 0..<dstW {
                var xx = Int((centre - Int64(size - 2) * (1 << 16)) / (1 << 17))
                pos[i] = xx
                for j in 0..<size {
                    var d = abs(Int64(xx) * (1 << 17) - centre) << 13
                    if inc > 1 << 16 { d = d * Int64(dstW) / Int64(srcW) }
                    filter[i * size + j] = max((1 << 30) - d, 0) * (fone >> 30)
                    xx += 1
                }
                centre += 2 * inc
            }
        }

        // Drop near-zero leading taps and find the widest span that matters.
        let cutoff = 0.002 * Double(fone)
        var span = 0
        for i in stride(from: dstW - 1, through: 0, by: -1) {
            var cut: Int64 = 0
            for _ in 0..<size {
                cut += abs(filter[i * size])
                if Double(cut) > cutoff || (i < dstW - 1 && pos[i] >= pos[i + 1]) { break }
                for k in 1..<max(size, 1) { filter[i * size + k - 1] = filter[i * size + k] }
                filter[i * size + size - 1] = 0
                pos[i] += 1
            }
            var used = size
            cut = 0
            for j in stride(from: size - 1, to: 0, by: -1) {
                cut += abs(filter[i * size + j])
                if Double(cut) > cutoff { break }
                used -= 1
            }
            span = max(span, used)
        }
        let padding = span == 1 && align == 2 ? 1 : align
        let n = (span + padding - 1) & ~(padding - 1)
        var taps = [Int64](repeating: 0, count: dstW * n)
        for i in 0..<dstW { for j in 0..<min(n, size) { taps[i * n + j] = filter[i * size + j] } }

        // Edges: weights that fall outside move onto the first or last sample.
        for i in 0..<dstW {
            if pos[i] < 0 {
                for j in 1..<max(n, 1) {
                    let left = max(j + pos[i], 0)
                    taps[i * n + left] += taps[i * n + j]
                    taps[i * n + j] = 0
                }
                pos[i] = 0
            }
            if pos[i] + n > srcW {
                let shift = pos[i] + min(n - srcW, 0)
                var acc: Int64 = 0
                for j in stride(from: n - 1, through: 0, by: -1) where pos[i] + j >= srcW {
                    acc += taps[i * n + j]
                    taps[i * n + j] = 0
                }
                for j in stride(from: n - 1, through: 0, by: -1) { taps[i * n + j] = j < shift ? 0 : taps[i * n + j - shift] }
                pos[i] -= shift
                taps[i * n + srcW - 1 - pos[i]] += acc
            }
        }

        // Normalise to `one`, carrying each rounding error into the next tap.
        return (0..<dstW).map { i in
            var sum = taps[i * n..<(i + 1) * n].reduce(0, +)
            sum = (sum + one / 2) / one
            if sum == 0 { sum = 1 }
            var error: Int64 = 0
            var weights = [Int64](repeating: 0, count: n)
            for j in 0..<n {
                let v = taps[i * n + j] + error
                weights[j] = (v >= 0 ? v + sum >> 1 : v - sum >> 1) / sum
                error = v - weights[j] * sum
            }
            let first = weights.firstIndex { $0 != 0 } ?? 0
            let last = weights.lastIndex { $0 != 0 } ?? 0
            precondition(last - first < 4, "a bilinear 2:1 window spans at most four samples")
            var window = ChromaWindow(start: pos[i] + first, count: last - first + 1, weights: .zero)
            for k in 0..<window.count { window.weights[k] = Int16(weights[first + k]) }
            return window
        }
    }

    /// The 1-3-3-1 / 8 tent at 2i - 1 ... 2i + 2, edges repeated: what the SIMD tent passes compute.
    static func tent(source n: Int, destination m: Int, one: Int16) -> [ChromaWindow] {
        (0..<m).map { i in
            var byPosition = [Int: Int16]()
            for (k, w) in [1, 3, 3, 1].enumerated() {
                byPosition[min(max(2 * i - 1 + k, 0), n - 1), default: 0] += Int16(w) * (one / 8)
            }
            let start = byPosition.keys.min()!
            var window = ChromaWindow(start: start, count: byPosition.count, weights: .zero)
            for (p, w) in byPosition { window.weights[p - start] = w }
            return window
        }
    }
}

/// The SIMD passes of the conversion, eight pixels or chroma positions a lane group, on
/// unsafe pointers. U and V travel together between passes, one 32-bit element per position
/// (U in the low 16 bits, V in the high), so one vector op does both channels. Each pass runs
/// its last, partial group in lanes too and stores only what exists: one copy of the maths.
/// `ReferenceConversion` is the per-sample twin tests hold them to. The per-row kernels are calls of
/// their own: inside a larger caller the optimizer leaves the lane narrowing out of line.
enum YUVKernels {
    typealias Lanes = SIMD8<Int32>
    static let step = Lanes.scalarCount

    /// Y and 1/64-step U | V << 16 of eight pixels. swscale rounds Y twice, to 1/64 and then to
    /// a whole step, `((s + bias) >> 9 + 32) >> 6`; as 32 is a whole number of 1/64 steps that is
    /// exactly `(s + bias + 2^14) >> 15`, one rounding.
    @inline(__always)
    static func pixels(_ p: SIMD8<UInt32>) -> (y: Lanes, uv: SIMD8<UInt32>) {
        let r = Lanes(truncatingIfNeeded: p & 0xFF)
        let g = Lanes(truncatingIfNeeded: (p &>> 8) & 0xFF)
        let b = Lanes(truncatingIfNeeded: (p &>> 16) & 0xFF)
        let y = (r &* YUVMatrix.ry &+ g &* YUVMatrix.gy &+ b &* YUVMatrix.by &+ (YUVMatrix.lumaBias + 1 << 14)) &>> 15
        let u14 = (r &* YUVMatrix.ru &+ g &* YUVMatrix.gu &+ b &* YUVMatrix.bu &+ YUVMatrix.chromaBias) &>> 9
        let v14 = (r &* YUVMatrix.rv &+ g &* YUVMatrix.gv &+ b &* YUVMatrix.bv &+ YUVMatrix.chromaBias) &>> 9
        return (y, SIMD8<UInt32>(truncatingIfNeeded: u14 | v14 &<< 16))
    }

    /// The 16 halves of eight U | V elements, U first (a reinterpretation, no instruction).
    @inline(__always)
    static func halves(_ v: SIMD8<UInt32>) -> SIMD16<Int16> { unsafeBitCast(v, to: SIMD16<Int16>.self) }

    /// Stores the first `count` (0...8) lanes of `v`: the tail of a row.
    @inline(__always)
    static func store(_ v: SIMD8<UInt8>, _ p: UnsafeMutablePointer<UInt8>, count: Int) {
        for k in 0..<count { p[k] = v[k] }
    }

    /// Stores eight lanes.
    @inline(__always)
    static func store(_ v: SIMD8<UInt8>, _ p: UnsafeMutablePointer<UInt8>) {
        UnsafeMutableRawPointer(p).storeBytes(of: v, as: SIMD8<UInt8>.self)
    }

    /// One source row: `width` Y bytes into `luma`, and U | V << 16 in 1/64 steps into `uv` at
    /// 1...width with the edge pixels repeated at 0 and width + 1. Reads the row up to the next
    /// multiple of eight pixels (a PixelBuffer row always has them); `uv` needs width + 9.
    @inline(never)
    static func row(_ src: UnsafePointer<UInt32>, width: Int, luma: UnsafeMutablePointer<UInt8>, uv: UnsafeMutablePointer<UInt32>)
    {
        @inline(__always) func group(_ x: Int) -> SIMD8<UInt8> {
            let out = pixels(UnsafeRawPointer(src + x).loadUnaligned(as: SIMD8<UInt32>.self))
            UnsafeMutableRawPointer(uv + (x &+ 1)).storeBytes(of: out.uv, as: SIMD8<UInt32>.self)
            return SIMD8<UInt8>(truncatingIfNeeded: out.y)
        }
        var x = 0
        while x &+ step <= width {
            store(group(x), luma + x)
            x &+= step
        }
        if x < width { store(group(x), luma + x, count: width &- x) }
        uv[0] = uv[1]
        uv[width + 1] = uv[width]
    }

    /// Half-width chroma through the 1-3-3-1 / 8 tent, truncated to 1/128 steps:
    /// `(c[2i-1] + 3 c[2i] + 3 c[2i+1] + c[2i+2]) >> 2`, written `s + ((t - s) >> 2)` with
    /// s the inner pair and t the outer so it stays in 16 bits. `c` is a `row` output (edges
    /// repeated); writes whole groups of eight, so `out` needs `count` rounded up to eight.
    @inline(never)
    static func tent(_ c: UnsafePointer<UInt32>, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        var i = 0
        while i < count {
            let a = UnsafeRawPointer(c + 2 &* i).loadUnaligned(as: SIMD16<UInt32>.self)  // c[2i-1 ...]
            let b = UnsafeRawPointer(c + (2 &* i &+ 2)).loadUnaligned(as: SIMD16<UInt32>.self)  // c[2i+1 ...]
            let inner = halves(a.oddHalf) &+ halves(b.evenHalf)
            let outer = halves(a.evenHalf) &+ halves(b.oddHalf)
            UnsafeMutableRawPointer(out + i).storeBytes(of: inner &+ ((outer &- inner) &>> 2), as: SIMD16<Int16>.self)
            i &+= step
        }
    }

    /// Half-width chroma through any filter (odd and small widths), one position at a time.
    @inline(never)
    static func filter(
        _ c: UnsafePointer<UInt32>, windows: UnsafePointer<ChromaWindow>, count: Int, into out: UnsafeMutablePointer<UInt32>
    ) {
        for i in 0..<count {
            let w = windows[i]
            var u: Int32 = 0
            var v: Int32 = 0
            for k in 0..<w.count {
                let uv = c[w.start &+ k &+ 1]
                u &+= Int32(w.weights[k]) &* Int32(uv & 0xFFFF)
                v &+= Int32(w.weights[k]) &* Int32(uv >> 16)
            }
            out[i] = UInt32(min(u >> 13, 32767)) | UInt32(min(v >> 13, 32767)) << 16
        }
    }

    /// Stores `count` U and V samples made eight at a time by `group(i)` (the last group cut short).
    @inline(__always)
    static func storeChroma(
        count: Int, u: UnsafeMutablePointer<UInt8>, v: UnsafeMutablePointer<UInt8>,
        _ group: (Int) -> (u: SIMD8<UInt8>, v: SIMD8<UInt8>)
    ) {
        var i = 0
        while i &+ step <= count {
            let out = group(i)
            store(out.u, u + i)
            store(out.v, v + i)
            i &+= step
        }
        if i < count {
            let out = group(i)
            store(out.u, u + i, count: count &- i)
            store(out.v, v + i, count: count &- i)
        }
    }

    /// One output chroma row, U and V, through the 1-3-3-1 / 8 tent down (even heights of 8 and
    /// more; rows `r0 ... r3` at 2j - 1 ... 2j + 2, edges repeated), rounded:
    /// `(r0 + 3 r1 + 3 r2 + r3 + 512) >> 10`, the weighted sum's 2^18 and 2^19 divided by 512. In
    /// 16-bit lanes the sum would overflow, so it is taken a quarter at a time: with s = r1 + r2,
    /// t = r0 + r3, `(3 (s >> 2) + (t >> 2) + (3 (s & 3) + (t & 3)) >> 2 + 128) >> 8`, exactly.
    @inline(never)
    static func tentDown(
        _ r0: UnsafePointer<UInt32>, _ r1: UnsafePointer<UInt32>, _ r2: UnsafePointer<UInt32>, _ r3: UnsafePointer<UInt32>,
        count: Int, u: UnsafeMutablePointer<UInt8>, v: UnsafeMutablePointer<UInt8>
    ) {
        @inline(__always) func group(_ i: Int) -> (u: SIMD8<UInt8>, v: SIMD8<UInt8>) {
            @inline(__always) func load(_ r: UnsafePointer<UInt32>) -> SIMD16<UInt16> {
                unsafeBitCast(UnsafeRawPointer(r + i).loadUnaligned(as: SIMD8<UInt32>.self), to: SIMD16<UInt16>.self)
            }
            let s = load(r1) &+ load(r2)
            let t = load(r0) &+ load(r3)
            let quarters = 3 &* (s &>> 2) &+ (t &>> 2) &+ ((3 &* (s & 3) &+ (t & 3)) &>> 2)
            let c = unsafeBitCast((quarters &+ 128) &>> 8, to: SIMD8<UInt32>.self)
            return (SIMD8<UInt8>(truncatingIfNeeded: c), SIMD8<UInt8>(truncatingIfNeeded: c &>> 16))
        }
        storeChroma(count: count, u: u, v: v, group)
    }

    /// One output chroma row, U and V, from four filtered rows and their weights, rounded:
    /// `(Σ w · c + 2^18) >> 19` (filtered chroma is below 2^15, so the masks lose nothing and let
    /// each product be one 16-bit multiply-add). Reads whole groups of eight; stores `count` of each.
    @inline(never)
    static func vertical(
        _ r0: UnsafePointer<UInt32>, _ r1: UnsafePointer<UInt32>, _ r2: UnsafePointer<UInt32>, _ r3: UnsafePointer<UInt32>,
        weights: SIMD4<Int16>, count: Int, u: UnsafeMutablePointer<UInt8>, v: UnsafeMutablePointer<UInt8>
    ) {
        let w0 = Lanes(repeating: Int32(weights[0]))
        let w1 = Lanes(repeating: Int32(weights[1]))
        let w2 = Lanes(repeating: Int32(weights[2]))
        let w3 = Lanes(repeating: Int32(weights[3]))
        @inline(__always) func group(_ i: Int) -> (u: SIMD8<UInt8>, v: SIMD8<UInt8>) {
            @inline(__always) func load(_ r: UnsafePointer<UInt32>) -> SIMD8<UInt32> {
                UnsafeRawPointer(r + i).loadUnaligned(as: SIMD8<UInt32>.self)
            }
            let c0 = load(r0)
            let c1 = load(r1)
            let c2 = load(r2)
            let c3 = load(r3)
            @inline(__always) func sum(_ channel: (SIMD8<UInt32>) -> SIMD8<UInt32>) -> SIMD8<UInt8> {
                @inline(__always) func lanes(_ c: SIMD8<UInt32>) -> Lanes { Lanes(truncatingIfNeeded: channel(c) & 0x7FFF) }
                let s = Lanes(repeating: 1 << 18) &+ w0 &* lanes(c0) &+ w1 &* lanes(c1) &+ w2 &* lanes(c2) &+ w3 &* lanes(c3)
                return SIMD8<UInt8>(truncatingIfNeeded: (s &>> 19).clamped(lowerBound: .zero, upperBound: Lanes(repeating: 255)))
            }
            return (sum { $0 }, sum { $0 &>> 16 })
        }
        storeChroma(count: count, u: u, v: v, group)
    }
}

/// The per-sample twin of the conversion, written for clarity: whole planes, plain loops.
enum ReferenceConversion {
    /// Y, U, V planes without padding (width, then (width + 1) / 2 bytes a row).
    static func convert(_ buffer: PixelBuffer, horizontal: [ChromaWindow], vertical: [ChromaWindow]) -> (
        y: [UInt8], u: [UInt8], v: [UInt8]
    ) {
        let w = buffer.width
        let h = buffer.height
        let cw = horizontal.count
        let ch = vertical.count
        var y = [UInt8](repeating: 0, count: w * h)
        var u14 = [Int32](repeating: 0, count: w * h)
        var v14 = u14
        for row in 0..<h {
            for x in 0..<w {
                let p = buffer.pixel(x: x, y: row)
                let r = Int32(p.r)
                let g = Int32(p.g)
                let b = Int32(p.b)
                let y14 = (YUVMatrix.ry * r + YUVMatrix.gy * g + YUVMatrix.by * b + YUVMatrix.lumaBias) >> 9
                y[row * w + x] = UInt8((y14 + 32) >> 6)
                u14[row * w + x] = (YUVMatrix.ru * r + YUVMatrix.gu * g + YUVMatrix.bu * b + YUVMatrix.chromaBias) >> 9
                v14[row * w + x] = (YUVMatrix.rv * r + YUVMatrix.gv * g + YUVMatrix.bv * b + YUVMatrix.chromaBias) >> 9
            }
        }
        func across(_ c: [Int32]) -> [Int32] {
            var out = [Int32](repeating: 0, count: cw * h)
            for row in 0..<h {
                for (i, win) in horizontal.enumerated() {
                    var sum: Int32 = 0
                    for k in 0..<win.count { sum += Int32(win.weights[k]) * c[row * w + win.start + k] }
                    out[row * cw + i] = min(sum >> 13, 32767)
                }
            }
            return out
        }
        func down(_ c: [Int32]) -> [UInt8] {
            var out = [UInt8](repeating: 0, count: cw * ch)
            for (j, win) in vertical.enumerated() {
                for i in 0..<cw {
                    var sum: Int32 = 1 << 18
                    for k in 0..<win.count { sum += Int32(win.weights[k]) * c[(win.start + k) * cw + i] }
                    out[j * cw + i] = UInt8(min(max(sum >> 19, 0), 255))
                }
            }
            return out
        }
        return (y, down(across(u14)), down(across(v14)))
    }
}
