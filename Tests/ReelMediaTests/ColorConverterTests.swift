import CFFmpeg
import Foundation
import ReelCore
import ReelTestSupport
import Testing

@testable import ReelMedia

/// Pictures that stress a chroma filter: noise, sharp edges at every phase, flat and extreme colours.
enum TestPattern: CaseIterable {
    case premultipliedNoise, opaqueNoise, checkerboard, lines, primaries, gradient

    func image(width: Int, height: Int, seed: UInt64 = 7) -> PixelBuffer {
        var g = SeededGenerator(state: seed)
        let buffer = PixelBuffer(width: width, height: height)
        for y in 0..<height {
            let row = buffer.row(y)
            for x in 0..<width {
                let bits = g.next()
                func byte(_ i: UInt64) -> UInt32 { UInt32(truncatingIfNeeded: bits >> (8 * i)) & 0xFF }
                switch self {
                case .premultipliedNoise:
                    let a = byte(3)
                    row[x] = byte(0) * a / 255 | (byte(1) * a / 255) << 8 | (byte(2) * a / 255) << 16 | a << 24
                case .opaqueNoise:
                    row[x] = UInt32(truncatingIfNeeded: bits) | 0xFF00_0000
                case .checkerboard:
                    row[x] = (x ^ y) & 1 == 0 ? 0xFFFF_00FF : 0xFF00_FF00
                case .lines:
                    // 1-px lines across and down at odd and even positions, on a dark ground.
                    row[x] = x % 7 == 3 || y % 5 == 1 || x == width - 1 ? 0xFF80_14FA : 0xFF1E_F005
                case .primaries:
                    row[x] =
                        (byte(0) & 1 == 0 ? 0 : 0xFF) | (byte(0) & 2 == 0 ? 0 : 0xFF00) | (byte(0) & 4 == 0 ? 0 : 0xFF_0000)
                        | 0xFF00_0000
                case .gradient:
                    row[x] = PixelBuffer.pack(
                        (UInt8(x * 255 / max(width - 1, 1)), UInt8(y * 255 / max(height - 1, 1)), UInt8((x + y) % 256), 255))
                }
            }
        }
        return buffer
    }
}

/// Y, U, V of a frame without row padding.
struct Planes: Equatable {
    var y: [UInt8], u: [UInt8], v: [UInt8]

    init(y: [UInt8], u: [UInt8], v: [UInt8]) {
        self.y = y
        self.u = u
        self.v = v
    }

    init(_ frame: VideoFrame) {
        let w = frame.width
        let h = frame.height
        let cw = (w + 1) / 2
        let ch = (h + 1) / 2
        func plane(_ i: Int, _ width: Int, _ height: Int) -> [UInt8] {
            frame.withPlanes { planes, strides in
                [UInt8](unsafeUninitializedCapacity: width * height) { out, count in
                    for row in 0..<height {
                        (out.baseAddress! + row * width).initialize(from: planes[i]! + row * Int(strides[i]), count: width)
                    }
                    count = width * height
                }
            }
        }
        self.init(y: plane(0, w, h), u: plane(1, cw, ch), v: plane(2, cw, ch))
    }

    /// The largest difference of any sample, per plane.
    func maxDifference(_ other: Planes) -> (y: Int, u: Int, v: Int) {
        func diff(_ a: [UInt8], _ b: [UInt8]) -> Int { a == b ? 0 : zip(a, b).map { abs(Int($0) - Int($1)) }.max() ?? 0 }
        return (diff(y, other.y), diff(u, other.u), diff(v, other.v))
    }
}

/// The conversion Reel used to run: libswscale with bilinear chroma, accurate rounding and full
/// chroma input, BT.709 from full-range RGB to limited-range YUV.
func swscale(_ buffer: PixelBuffer) throws -> Planes {
    let w = Int32(buffer.width)
    let h = Int32(buffer.height)
    let ctx = try #require(
        sws_getContext(
            w, h, AV_PIX_FMT_RGBA, w, h, AV_PIX_FMT_YUV420P,
            SWS_BILINEAR | SWS_ACCURATE_RND | SWS_FULL_CHR_H_INP, nil, nil, nil))
    defer { sws_freeContext(ctx) }
    let bt709 = sws_getCoefficients(SWS_CS_ITU709)
    #expect(sws_setColorspaceDetails(ctx, bt709, 1, bt709, 0, 0, 1 << 16, 1 << 16) >= 0)
    let frame = try VideoFrame.yuv420p(width: buffer.width, height: buffer.height)
    let src: [UnsafePointer<UInt8>?] = [UnsafePointer(buffer.bytes.assumingMemoryBound(to: UInt8.self)), nil, nil, nil]
    let stride: [Int32] = [Int32(buffer.stride), 0, 0, 0]
    let rows = frame.withPlanes { planes, strides in sws_scale(ctx, src, stride, 0, h, planes, strides) }
    #expect(rows == h)
    return Planes(frame)
}

func convert(_ buffer: PixelBuffer) throws -> Planes {
    let frame = try VideoFrame.yuv420p(width: buffer.width, height: buffer.height)
    try ColorConverter(width: buffer.width, height: buffer.height).convert(buffer, into: frame)
    return Planes(frame)
}

let oddAndEvenSizes = [
    (1, 1), (2, 2), (3, 3), (4, 4), (5, 3), (6, 6), (7, 7), (8, 8), (9, 9), (10, 4), (16, 16), (17, 9),
    (33, 17), (64, 48), (2, 9), (9, 2), (1, 7), (7, 1), (100, 3), (3, 100), (62, 35)
]

@Suite struct ColorConverterTests {
    /// Every Y, U and V sample within 1 of swscale's (on Debian 12's FFmpeg 5.1 they are equal).
    /// Full HD sizes for two patterns only: a debug build converts one in seconds.
    @Test(arguments: TestPattern.allCases)
    func matchesSwscale(pattern: TestPattern) throws {
        let large = [TestPattern.premultipliedNoise: [(1920, 1080)], .lines: [(1921, 1081)]][pattern] ?? [(640, 360)]
        for (w, h) in oddAndEvenSizes + large {
            let image = pattern.image(width: w, height: h)
            let d = try convert(image).maxDifference(try swscale(image))
            #expect(d.y <= 1 && d.u <= 1 && d.v <= 1, "\(pattern) \(w)x\(h): max difference Y \(d.y), U \(d.u), V \(d.v)")
        }
    }

    /// Every small size, where swscale's filters are uneven (odd sizes, sizes below 8), against swscale.
    @Test func matchesSwscaleAtSmallSizes() throws {
        for w in 1...34 {
            for h in 1...12 {
                let image = TestPattern.opaqueNoise.image(width: w, height: h, seed: UInt64(w * 100 + h))
                let d = try convert(image).maxDifference(try swscale(image))
                #expect(d.y <= 1 && d.u <= 1 && d.v <= 1, "\(w)x\(h): max difference Y \(d.y), U \(d.u), V \(d.v)")
            }
        }
    }

    /// The lanes against the per-sample twin, byte for byte, across tails of every length.
    @Test func simdMatchesReference() throws {
        for w in 1...40 {
            for h in [1, 2, 3, 4, 5, 6, 8, 11, 16] {
                for (n, pattern) in TestPattern.allCases.enumerated() {
                    let image = pattern.image(width: w, height: h, seed: UInt64(w * 1000 + h * 10 + n))
                    let converter = try ColorConverter(width: w, height: h)
                    let reference = ReferenceConversion.convert(
                        image, horizontal: converter.horizontalWindows, vertical: converter.verticalWindows)
                    #expect(try convert(image) == Planes(y: reference.y, u: reference.u, v: reference.v), "\(pattern) \(w)x\(h)")
                }
            }
        }
    }

    /// Bands in any order, each on its own converter, make the frame one whole conversion makes.
    @Test func bandsMakeTheWholeFrame() throws {
        var g = SeededGenerator(state: 11)
        for (w, h) in oddAndEvenSizes + [(1920, 64)] {
            let image = TestPattern.premultipliedNoise.image(width: w, height: h)
            let whole = try convert(image)
            for _ in 0..<3 {
                var cuts = [0, h]
                for _ in 0..<Int.random(in: 0...4, using: &g) where h > 2 {
                    cuts.append(2 * Int.random(in: 0...(h - 1) / 2, using: &g))
                }
                cuts = Array(Set(cuts)).sorted()
                let bands = zip(cuts, cuts.dropFirst()).map { $0..<$1 }.shuffled(using: &g)
                let frame = try VideoFrame.yuv420p(width: w, height: h)
                for band in bands { try ColorConverter(width: w, height: h).convert(image, rows: band, into: frame) }
                #expect(Planes(frame) == whole, "\(w)x\(h) in bands \(bands)")
            }
        }
    }

    /// A band reads nothing outside `sourceRows(for:)`: rows beyond it may still be drawing.
    @Test func bandReadsOnlyItsSourceRows() throws {
        for (w, h) in [(64, 48), (17, 9), (9, 2), (6, 6), (33, 17)] {
            let image = TestPattern.opaqueNoise.image(width: w, height: h)
            let converter = try ColorConverter(width: w, height: h)
            for start in stride(from: 0, to: h, by: 2) {
                let band = start..<min(start + 4, h)
                let clean = try VideoFrame.yuv420p(width: w, height: h)
                let dirty = try VideoFrame.yuv420p(width: w, height: h)
                try converter.convert(image, rows: band, into: clean)
                let scribbled = TestPattern.opaqueNoise.image(width: w, height: h, seed: 99)
                for row in converter.sourceRows(for: band) { scribbled.row(row).update(from: image.row(row), count: w) }
                try converter.convert(scribbled, rows: band, into: dirty)
                let a = Planes(clean)
                let b = Planes(dirty)
                let cw = (w + 1) / 2
                let chroma = band.lowerBound / 2 * cw..<(band.upperBound + 1) / 2 * cw
                #expect(
                    a.y[band.lowerBound * w..<band.upperBound * w] == b.y[band.lowerBound * w..<band.upperBound * w],
                    "\(w)x\(h) \(band)")
                #expect(a.u[chroma] == b.u[chroma] && a.v[chroma] == b.v[chroma], "\(w)x\(h) \(band)")
            }
        }
    }

    /// The standard levels: black and white at 16 and 235, BT.709 red at (63, 102, 240).
    @Test func knownColours() throws {
        for (color, want) in [
            (Color(hex: "#000000")!, (16, 128, 128)), (Color(hex: "#FFFFFF")!, (235, 128, 128)),
            (Color(hex: "#FF0000")!, (63, 102, 240))
        ] {
            let image = PixelBuffer(width: 6, height: 4)
            image.clear(to: color)
            let planes = try convert(image)
            #expect(
                Set(planes.y) == [UInt8(want.0)] && Set(planes.u) == [UInt8(want.1)] && Set(planes.v) == [UInt8(want.2)],
                "\(color)")
        }
    }

    /// Even widths of 8 and more filter across with the 1-3-3-1 tent the lanes run; others are uneven.
    @Test func filtersAreSwscalesBilinear() throws {
        for w in 1...80 {
            let converter = try ColorConverter(width: w, height: 2)
            #expect(converter.tentAcross == (w % 2 == 0 && w >= 8), "width \(w)")
            #expect(try ColorConverter(width: 2, height: w).tentDown == (w % 2 == 0 && w >= 8), "height \(w)")
        }
        let hd = try ColorConverter(width: 1920, height: 1080)
        #expect(hd.tentAcross && hd.verticalWindows == ChromaWindow.tent(source: 1080, destination: 540, one: 1 << 12))
        #expect(hd.verticalWindows[1] == ChromaWindow(start: 1, count: 4, weights: [512, 1536, 1536, 512]))
        #expect(hd.verticalWindows[0] == ChromaWindow(start: 0, count: 3, weights: [2048, 1536, 512, 0]))
    }

    @Test func rejectsMismatchedSizesAndBands() throws {
        let converter = try ColorConverter(width: 8, height: 6)
        let frame = try VideoFrame.yuv420p(width: 8, height: 6)
        #expect(throws: FFmpegError.self) { try converter.convert(PixelBuffer(width: 8, height: 4), into: frame) }
        #expect(throws: FFmpegError.self) { try converter.convert(PixelBuffer(width: 8, height: 6), rows: 1..<4, into: frame) }
        #expect(throws: FFmpegError.self) { try converter.convert(PixelBuffer(width: 8, height: 6), rows: 0..<3, into: frame) }
        #expect(throws: FFmpegError.self) { try ColorConverter(width: 0, height: 6) }
    }

    /// Milliseconds of this thread's CPU time a 1920x1080 frame, medians and bests of 100: this
    /// converter on a frame not in cache, in 64-row bands, on 17 bands of 64 rows each converted
    /// while in cache (as a pipeline converting bands as they finish sees them), and swscale (its
    /// context made once, as the old converter did). Opt in with REEL_BENCH=1 in a release build
    /// (`-Xswiftc -enable-testing`); REEL_BENCH=reel:N, hot:N or swscale:N only converts N frames,
    /// for `perf stat` or `perf record`.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["REEL_BENCH"] != nil))
    func benchmark() throws {
        let image = TestPattern.premultipliedNoise.image(width: 1920, height: 1080)
        let frame = try VideoFrame.yuv420p(width: 1920, height: 1080)
        let converter = try ColorConverter(width: 1920, height: 1080)
        let band = TestPattern.premultipliedNoise.image(width: 1920, height: 64)
        let small = try VideoFrame.yuv420p(width: 1920, height: 64)
        let bandConverter = try ColorConverter(width: 1920, height: 64)
        let ctx = try #require(
            sws_getContext(
                1920, 1080, AV_PIX_FMT_RGBA, 1920, 1080, AV_PIX_FMT_YUV420P,
                SWS_BILINEAR | SWS_ACCURATE_RND | SWS_FULL_CHR_H_INP, nil, nil, nil))
        defer { sws_freeContext(ctx) }
        let bt709 = sws_getCoefficients(SWS_CS_ITU709)
        sws_setColorspaceDetails(ctx, bt709, 1, bt709, 0, 0, 1 << 16, 1 << 16)
        let src: [UnsafePointer<UInt8>?] = [UnsafePointer(image.bytes.assumingMemoryBound(to: UInt8.self)), nil, nil, nil]
        let srcStrides: [Int32] = [Int32(image.stride), 0, 0, 0]
        let runs: [String: () throws -> Void] = [
            "reel": { try converter.convert(image, into: frame) },
            "bands": {
                for y in stride(from: 0, to: 1080, by: 64) {
                    try converter.convert(image, rows: y..<min(y + 64, 1080), into: frame)
                }
            },
            "hot": { for _ in 0..<17 { try bandConverter.convert(band, into: small) } },
            "swscale": { _ = frame.withPlanes { planes, lines in sws_scale(ctx, src, srcStrides, 0, 1080, planes, lines) } }
        ]
        let mode = ProcessInfo.processInfo.environment["REEL_BENCH"]!.split(separator: ":")
        if mode.count == 2, let run = runs[String(mode[0])], let n = Int(mode[1]) {
            for _ in 0..<n { try run() }
            return
        }
        func cpuTime() -> Double {
            var t = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
            return Double(t.tv_sec) * 1e3 + Double(t.tv_nsec) / 1e6
        }
        for name in ["reel", "bands", "hot", "swscale"] {
            var times: [Double] = []
            for _ in 0..<100 {
                let start = cpuTime()
                try runs[name]!()
                times.append(cpuTime() - start)
            }
            times.sort()
            print("1920x1080 RGBA to yuv420p, \(name): median \(times[50]) ms, best \(times[0]) ms of CPU")
        }
    }
}
