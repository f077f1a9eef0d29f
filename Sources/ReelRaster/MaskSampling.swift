import ReelCore

/// Bilinear sampling of an 8-bit coverage mask along a straight walk: the kernel that draws a
/// cached, blurred shadow mask through a rotated or scaled layer's transform. Positions are
/// 16.16 fixed point in the mask's pixel coordinates, already less half a pixel (so the
/// integer part is the top-left of the four pixels blended), and advance by a fixed step per
/// output pixel: exact integer arithmetic, the same bytes on every machine and lane width.
public enum MaskSampling {
    /// A straight walk through the mask: output pixel i samples at `start + i * step`.
    public struct Walk: Sendable {
        public var u, v: Int32
        public var du, dv: Int32

        public init(u: Int32, v: Int32, du: Int32, dv: Int32) {
            (self.u, self.v, self.du, self.dv) = (u, v, du, dv)
        }

        /// The walk for output pixels whose centres map to mask coordinates `(x, y)` plus
        /// `(dx, dy)` per pixel; nil when a position does not fit in 16.16.
        public init?(x: Double, y: Double, dx: Double, dy: Double) {
            let (u, v, du, dv) = ((x - 0.5) * 65536, (y - 0.5) * 65536, dx * 65536, dy * 65536)
            // abs() < 2e9 is false for NaN and the infinities too.
            guard abs(u) < 2e9, abs(v) < 2e9, abs(du) < 2e9, abs(dv) < 2e9 else { return nil }
            self.init(u: Int32(u.rounded()), v: Int32(v.rounded()), du: Int32(du.rounded()), dv: Int32(dv.rounded()))
        }
    }

    /// out[i] = the mask bilinearly sampled at walk position i, weights in 1/256 steps and one
    /// rounding at the end. Every position's four pixels must lie inside the mask's region:
    /// the caller cuts the walk to that span and writes 0 elsewhere.
    public static func bilinear(_ mask: CoverageMask, _ walk: Walk, count: Int, into out: UnsafeMutablePointer<UInt8>) {
        let region = mask.region
        let base = UnsafePointer(mask.row(region.y)) - region.x
        let stride = region.width
        let lanes = SIMD8<Int32>(0, 1, 2, 3, 4, 5, 6, 7)
        let laneStep = SIMD8<Int32>(repeating: 8)
        var u = SIMD8<Int32>(repeating: walk.u) &+ lanes &* SIMD8<Int32>(repeating: walk.du)
        var v = SIMD8<Int32>(repeating: walk.v) &+ lanes &* SIMD8<Int32>(repeating: walk.dv)
        let du8 = laneStep &* SIMD8<Int32>(repeating: walk.du)
        let dv8 = laneStep &* SIMD8<Int32>(repeating: walk.dv)
        let full = SIMD8<Int32>(repeating: 256)
        let low = SIMD8<Int32>(repeating: 0xFFFF)
        let rowStride = SIMD8<Int32>(repeating: Int32(stride))
        let top = SIMD8<Int32>(repeating: Int32(region.y))
        // Offsets go out through memory; each pixel pair side by side comes back in one 16-bit
        // load (little-endian: the left pixel is the low byte), the lanes built in registers
        // (eight narrow stores and one wide load would stall on store forwarding).
        var i = 0
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: 8) { offsets in
            let offset = offsets.baseAddress!
            let byte = SIMD8<Int32>(repeating: 0xFF)
            while i + 8 <= count {
                let ix = u &>> 16
                let iy = v &>> 16
                let wx = ((u & low) &+ 128) &>> 8
                let wy = ((v & low) &+ 128) &>> 8
                UnsafeMutableRawPointer(offset).storeBytes(of: (iy &- top) &* rowStride &+ ix, as: SIMD8<Int32>.self)
                @inline(__always) func pair(_ j: Int, _ below: Int) -> Int32 {
                    Int32(UnsafeRawPointer(base + Int(offset[j]) + below).loadUnaligned(as: UInt16.self))
                }
                let upper = SIMD8<Int32>(
                    pair(0, 0), pair(1, 0), pair(2, 0), pair(3, 0), pair(4, 0), pair(5, 0), pair(6, 0), pair(7, 0))
                let lower = SIMD8<Int32>(
                    pair(0, stride), pair(1, stride), pair(2, stride), pair(3, stride),
                    pair(4, stride), pair(5, stride), pair(6, stride), pair(7, stride))
                let a = upper & byte
                let b = upper &>> 8
                let c = lower & byte
                let d = lower &>> 8
                let top = a &* (full &- wx) &+ b &* wx
                let bottom = c &* (full &- wx) &+ d &* wx
                let value = (top &* (full &- wy) &+ bottom &* wy &+ SIMD8<Int32>(repeating: 32768)) &>> 16
                UnsafeMutableRawPointer(out + i).storeBytes(of: SIMD8<UInt8>(truncatingIfNeeded: value), as: SIMD8<UInt8>.self)
                u &+= du8
                v &+= dv8
                i += 8
            }
        }
        var su = walk.u &+ Int32(i) &* walk.du
        var sv = walk.v &+ Int32(i) &* walk.dv
        while i < count {
            out[i] = sample(base, stride, region.y, su, sv)
            su &+= walk.du
            sv &+= walk.dv
            i += 1
        }
    }

    /// One sample: the formula every lane follows.
    @inline(__always)
    static func sample(_ base: UnsafePointer<UInt8>, _ stride: Int, _ top: Int, _ u: Int32, _ v: Int32) -> UInt8 {
        let ix = Int(u >> 16)
        let iy = Int(v >> 16)
        let wx = ((u & 0xFFFF) + 128) >> 8
        let wy = ((v & 0xFFFF) + 128) >> 8
        let p = base + (iy * stride + ix - top * stride)
        let t = Int32(p[0]) * (256 - wx) + Int32(p[1]) * wx
        let b = Int32(p[stride]) * (256 - wx) + Int32(p[stride + 1]) * wx
        return UInt8((t * (256 - wy) + b * wy + 32768) >> 16)
    }

    /// The output pixels `0..<count` whose walk positions keep all four pixels inside
    /// `region` (a walk in 16.16, less half a pixel): one contiguous run, or nil.
    public static func span(of walk: Walk, count: Int, inside region: PixelRect) -> Range<Int>? {
        var lo = 0.0
        var hi = Double(count - 1)
        // Need first <= floor(p / 65536) <= last, p = start + i * step, along each axis.
        func narrow(_ start: Int32, _ step: Int32, _ first: Int, _ last: Int) -> Bool {
            let minP = Double(first) * 65536
            let maxP = Double(last) * 65536 + 65535
            guard maxP >= minP else { return false }
            let s = Double(start)
            let d = Double(step)
            if d == 0 { return s >= minP && s <= maxP }
            let a = (minP - s) / d
            let b = (maxP - s) / d
            lo = max(lo, min(a, b).rounded(.up))
            hi = min(hi, max(a, b).rounded(.down))
            return true
        }
        guard narrow(walk.u, walk.du, region.x, region.maxX - 2), narrow(walk.v, walk.dv, region.y, region.maxY - 2), lo <= hi
        else { return nil }
        // Rounding at the ends of the interval: step inwards until both ends are exact.
        var first = Int(lo)
        var last = Int(hi)
        func inside(_ i: Int) -> Bool {
            let u = Int64(walk.u) + Int64(i) * Int64(walk.du)
            let v = Int64(walk.v) + Int64(i) * Int64(walk.dv)
            let x = Int(u >> 16)
            let y = Int(v >> 16)
            return x >= region.x && x <= region.maxX - 2 && y >= region.y && y <= region.maxY - 2
        }
        while first <= last, !inside(first) { first += 1 }
        while last >= first, !inside(last) { last -= 1 }
        return first <= last ? first..<(last + 1) : nil
    }
}
