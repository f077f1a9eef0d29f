import ReelCore

#if canImport(Glibc)
    import Glibc
#endif

/// Gaussian blur of an 8-bit coverage plane, moved by a (possibly fractional) offset at the
/// same time: the shadow kernel. Separable; along each axis the Gaussian sampled at whole
/// pixels less the offset's fraction is Deriche's recursive approximation (`AxisFilter`), so a
/// pixel costs the same at every sigma and stays within a fifth of a level of the exact
/// Gaussian. Eight rows or columns run at once, one per Float lane. Sigma is capped at
/// `maximumSigma` pixels, beyond which a shadow is a faint haze anyway.
public enum GaussianBlur {
    public static let maximumSigma = 256.0
    /// Lines filtered at once: eight, one register.
    typealias Lanes = SIMD8<Float>
    static let lanes = Lanes.scalarCount

    /// Pixels from a shape's edge beyond which its blur adds less than half a level (255 x the
    /// Gaussian's tail past 3 sigma is 0.34): where a blurred shadow is cut.
    public static func reach(sigma: Double) -> Int { Int((3 * min(max(sigma, 0), maximumSigma)).rounded(.up)) }

    /// Blurs `source` by `sigma` pixels and moves it by `shift` pixels, writing a plane over
    /// `region` (source pixels outside its own region count as 0).
    public static func apply(_ source: CoverageMask, region: PixelRect, sigma: Double, shift: Point) -> CoverageMask {
        let out = CoverageMask(region: region)
        let src = source.region
        guard !region.isEmpty, !src.isEmpty else { return out }
        let horizontal = AxisFilter(sigma: sigma, shift: shift.x)
        let vertical = AxisFilter(sigma: sigma, shift: shift.y)
        // Along an axis, output pixel n takes the filtered line at j = n - whole: the filter
        // runs over every j from the first source pixel or the first output, whichever comes
        // first, to the last of either (zeros outside the source, so the recursions start at rest).
        let columns = horizontal.span(source: src.x..<src.maxX, output: region.x..<region.maxX)
        let rows = vertical.span(source: src.y..<src.maxY, output: region.y..<region.maxY)
        // The source rows filtered along x, over the output's columns (a whole number of lane groups wide).
        let pitch = (region.width + lanes - 1) / lanes * lanes
        let middle = UnsafeMutablePointer<Float>.allocate(capacity: src.height * pitch)
        middle.initialize(repeating: 0, count: src.height * pitch)
        defer { middle.deallocate() }
        let line = UnsafeMutablePointer<Lanes>.allocate(capacity: max(columns.count, rows.count) * 2)
        defer { line.deallocate() }
        let input = line + max(columns.count, rows.count)
        // The source turned column after column (each column's rows padded to whole lane
        // groups), so one load takes a lane group of rows at one column.
        let depth = (src.height + lanes - 1) / lanes * lanes
        let turned = UnsafeMutablePointer<UInt8>.allocate(capacity: src.width * depth)
        turned.initialize(repeating: 0, count: src.width * depth)
        defer { turned.deallocate() }
        Self.turn(source, into: turned, depth: depth)
        // A lane group of source rows at a time, one row per lane.
        for first in stride(from: 0, to: src.height, by: lanes) {
            let used = min(lanes, src.height - first)
            let inside = max(columns.lowerBound, src.x)..<min(columns.upperBound, src.maxX)
            input.update(repeating: Lanes(repeating: 0), count: columns.count)
            for j in inside {
                let bytes = UnsafeRawPointer(turned + (j - src.x) * depth + first).loadUnaligned(as: SIMD8<UInt8>.self)
                input[j - columns.lowerBound] = Lanes(SIMD8<Int32>(truncatingIfNeeded: bytes))
            }
            horizontal.run(input, count: columns.count, into: line)
            let from = line + (region.x - horizontal.whole - columns.lowerBound)
            for lane in 0..<used {
                let row = middle + (first + lane) * pitch
                for x in 0..<region.width { row[x] = from[x][lane] }
            }
        }
        // A lane group of output columns at a time.
        for x0 in stride(from: 0, to: region.width, by: lanes) {
            for (i, j) in rows.enumerated() {
                input[i] =
                    j >= src.y && j < src.maxY
                    ? UnsafeRawPointer(middle + (j - src.y) * pitch + x0).loadUnaligned(as: Lanes.self) : Lanes(repeating: 0)
            }
            vertical.run(input, count: rows.count, into: line)
            let count = min(lanes, region.width - x0)
            for y in region.y..<region.maxY {
                let bytes = Self.bytes(line[y - vertical.whole - rows.lowerBound])
                let row = out.row(y) + x0
                if count == lanes {
                    UnsafeMutableRawPointer(row).storeBytes(of: bytes, as: SIMD8<UInt8>.self)
                } else {
                    for lane in 0..<count { row[lane] = bytes[lane] }
                }
            }
        }
        return out
    }

    /// Writes `source` column after column into `turned` (column x's rows at x * `depth`),
    /// eight rows by eight columns at a time: the 8 x 8 bytes in eight 64-bit words are
    /// turned by swapping 4 x 4, then 2 x 2, then 1 x 1 blocks across the diagonal.
    static func turn(_ source: CoverageMask, into turned: UnsafeMutablePointer<UInt8>, depth: Int) {
        let src = source.region
        var block = [UInt64](repeating: 0, count: 8)
        for y0 in stride(from: 0, to: src.height, by: 8) {
            let rows = min(8, src.height - y0)
            var x = 0
            while x + 8 <= src.width {
                for k in 0..<8 {
                    block[k] = k < rows ? UnsafeRawPointer(source.row(src.y + y0 + k) + x).loadUnaligned(as: UInt64.self) : 0
                }
                for (half, mask) in [(4, 0x0000_0000_FFFF_FFFF as UInt64), (2, 0x0000_FFFF_0000_FFFF), (1, 0x00FF_00FF_00FF_00FF)]
                {
                    let shift = UInt64(8 * half)
                    for i in 0..<8 where i & half == 0 {
                        let t = ((block[i] >> shift) ^ block[i + half]) & mask
                        block[i] ^= t << shift
                        block[i + half] ^= t
                    }
                }
                for c in 0..<8 {
                    UnsafeMutableRawPointer(turned + (x + c) * depth + y0).storeBytes(of: block[c], as: UInt64.self)
                }
                x += 8
            }
            for column in x..<src.width {
                for k in 0..<rows { turned[column * depth + y0 + k] = source.row(src.y + y0 + k)[column] }
            }
        }
    }

    /// Levels rounded to the nearest whole (ties to even) and clamped to 0...255: added to
    /// 1.5 x 2^23, a Float holds the rounded whole in its low mantissa bits; integer masks
    /// then clamp it (plain lane operations, no generic conversions).
    @inline(__always)
    static func bytes(_ v: Lanes) -> SIMD8<UInt8> {
        let n = unsafeBitCast(v + Lanes(repeating: 12_582_912), to: SIMD8<Int32>.self) &- 0x4B40_0000
        let positive = n & ~(n &>> 31)
        let over = positive &- 255
        return SIMD8<UInt8>(truncatingIfNeeded: positive &- (over & ~(over &>> 31)))
    }
}
