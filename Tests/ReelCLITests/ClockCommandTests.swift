import Foundation
import Reel
import ReelBuilder
import ReelCore
import ReelMedia
import ReelTestSupport
import ReelTimeline
import Testing

/// Reads a clock back from pixels: each hand's angle, fitted to the pixels of its colour, and
/// each LCD digit, sampled at the centre of every glyph pixel and matched against the font.
struct ClockReader {
    let clock: ClockTimeline
    let frame: PixelBuffer
    /// How far outside a hand's edge its pixels may lie (anti-aliasing; more for video).
    var slack = 0.75

    private func rgb(_ x: Int, _ y: Int) -> (r: Double, g: Double, b: Double) {
        let p = frame.pixel(x: x, y: y)
        return (Double(p.r), Double(p.g), Double(p.b))
    }

    private func isRed(_ c: (r: Double, g: Double, b: Double)) -> Bool { c.r - max(c.g, c.b) > 70 }
    private func luma(_ c: (r: Double, g: Double, b: Double)) -> Double { 0.299 * c.r + 0.587 * c.g + 0.114 * c.b }

    /// Pixel centres, relative to the pivot, within `radii` of it, that `keep` accepts.
    private func points(_ radii: ClosedRange<Double>, _ keep: ((r: Double, g: Double, b: Double)) -> Bool) -> [(Double, Double)] {
        let a = clock.analog!
        var out: [(Double, Double)] = []
        let reach = Int(radii.upperBound.rounded(.up)) + 1
        for y in max(0, Int(a.center.y) - reach)...min(frame.height - 1, Int(a.center.y) + reach) {
            for x in max(0, Int(a.center.x) - reach)...min(frame.width - 1, Int(a.center.x) + reach) {
                let (dx, dy) = (Double(x) + 0.5 - a.center.x, Double(y) + 0.5 - a.center.y)
                guard radii.contains((dx * dx + dy * dy).squareRoot()), keep(rgb(x, y)) else { continue }
                out.append((dx, dy))
            }
        }
        return out
    }

    /// Distance across and along a hand at `degrees` (clockwise from 12).
    private static func across(_ p: (Double, Double), _ degrees: Double) -> (lateral: Double, forward: Double) {
        let a = degrees * .pi / 180
        let (ux, uy) = (sin(a), -cos(a))
        return (abs(p.0 * uy - p.1 * ux), p.0 * ux + p.1 * uy)
    }

    /// The angle at which the fewest of `points` fall outside a hand `width` wide with a `tail`:
    /// every pixel of a hand lies inside it, whatever covers the rest of the hand.
    private func fit(_ points: [(Double, Double)], _ hand: ClockTimeline.Hand) -> Double {
        let xs = points.map(\.0)
        let ys = points.map(\.1)
        let (half, back) = (hand.width / 2 + slack, -(hand.tail + slack))
        func outside(_ degrees: Double) -> Int {
            let a = degrees * .pi / 180
            let (ux, uy) = (sin(a), -cos(a))
            var n = 0
            for i in 0..<xs.count {
                let lateral = abs(xs[i] * uy - ys[i] * ux)
                let forward = xs[i] * ux + ys[i] * uy
                if lateral > half || forward < back { n += 1 }
            }
            return n
        }
        let steps = Array(stride(from: 0.0, to: 360, by: 0.5))
        let coarseCounts = steps.map(outside)
        let coarse = steps[coarseCounts.firstIndex(of: coarseCounts.min()!)!]
        let fine = Array(stride(from: coarse - 1, through: coarse + 1, by: 0.02))
        let counts = fine.map(outside)
        let best = counts.min()!
        // The middle of the first run of best angles.
        let first = counts.firstIndex(of: best)!
        var last = first
        while last + 1 < counts.count, counts[last + 1] == best { last += 1 }
        let angle = (fine[first] + fine[last]) / 2
        return (angle + 360).truncatingRemainder(dividingBy: 360)
    }

    /// Each hand's angle in degrees clockwise from 12.
    func handAngles() -> (hour: Double, minute: Double, second: Double) {
        let a = clock.analog!
        let dark: ((r: Double, g: Double, b: Double)) -> Bool = { !isRed($0) && luma($0) < 70 }
        let second = fit(points((a.pinRadius + 1.5)...(a.second.length + 1), isRed), a.second)
        // Beyond the hour hand and inside the ticks only the minute hand is dark.
        let minute = fit(points((a.hour.length + 2)...(a.tickInnerRadius - 1.5), dark), a.minute)
        // Near the pivot: the dark pixels that the minute hand does not explain.
        let near = points((a.pinRadius + 1.5)...(a.hour.length + 0.5), dark).filter { p in
            let d = Self.across(p, minute)
            return d.lateral > a.minute.width / 2 + slack + 0.75 || d.forward < -(a.minute.tail + slack + 0.75)
        }
        return (fit(near, a.hour), minute, second)
    }

    /// The six digits (nil where a cell matches no glyph exactly at its glyph-pixel centres).
    func digits() -> [Int?] {
        let lcd = clock.lcd!
        let k = Double(lcd.magnification)
        return lcd.digitFrames.map { cell in
            var lit: [[Bool]] = []
            for gy in 0..<ClockFont.height {
                let y = Int(cell.origin.y + (Double(gy) + 0.5) * k)
                lit.append(
                    (0..<ClockFont.digitWidth).map { gx in
                        let x = Int(cell.origin.x + (Double(gx) + 0.5) * k)
                        return luma(rgb(x, y)) < 125
                    })
            }
            return (0...9).first { ClockFont.glyph($0) == lit }
        }
    }

    /// Whether the colons are lit (their dots' centres are ink).
    func colonsLit() -> [Bool] {
        let lcd = clock.lcd!
        let k = Double(lcd.magnification)
        return lcd.colonFrames.map { cell in luma(rgb(Int(cell.origin.x + 2.5 * k), Int(cell.origin.y + 6.5 * k))) < 125 }
    }

    /// How many pixels inside the digit cells are `a`, `b`, and neither.
    func countInDigitCells(_ a: UInt32, _ b: UInt32) -> (a: Int, b: Int, other: Int) {
        var counts = (a: 0, b: 0, other: 0)
        for cell in clock.lcd!.digitFrames {
            for y in Int(cell.minY)..<Int(cell.maxY) {
                let row = frame.row(y)
                for x in Int(cell.minX)..<Int(cell.maxX) {
                    let p = row[x]
                    if p == a { counts.a += 1 } else if p == b { counts.b += 1 } else { counts.other += 1 }
                }
            }
        }
        return counts
    }

    /// The angles the hands should show at `seconds` after midnight.
    static func expectedAngles(_ seconds: Double, smooth: Bool) -> (hour: Double, minute: Double, second: Double) {
        let s = seconds.truncatingRemainder(dividingBy: 86_400)
        return (
            s.truncatingRemainder(dividingBy: 43_200) / 120, s.truncatingRemainder(dividingBy: 3600) / 10,
            (smooth ? s : s.rounded(.down)).truncatingRemainder(dividingBy: 60) * 6
        )
    }

    static func expectedDigits(_ seconds: Double) -> [Int?] {
        let s = Int(seconds.rounded(.down)) % 86_400
        let (h, m, sec) = (s / 3600, s / 60 % 60, s % 60)
        return [h / 10, h % 10, m / 10, m % 10, sec / 10, sec % 10]
    }

    /// Degrees between two angles, the short way round.
    static func difference(_ a: Double, _ b: Double) -> Double {
        let d = abs(a - b).truncatingRemainder(dividingBy: 360)
        return min(d, 360 - d)
    }

    /// Checks hands (within `tolerance` degrees) and digits against the time of day `seconds`.
    func expectShows(
        _ seconds: Double, smooth: Bool = false, tolerance: Double = 1, _ note: String = "",
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let label = "\(note) at \(ClockTimeline.timeOfDay(Int(seconds.rounded(.down)))) (+\(seconds - seconds.rounded(.down)))"
        if clock.analog != nil {
            let seen = handAngles()
            let want = Self.expectedAngles(seconds, smooth: smooth)
            for (name, got, expected) in [
                ("hour", seen.hour, want.hour), ("minute", seen.minute, want.minute), ("second", seen.second, want.second)
            ] {
                #expect(
                    Self.difference(got, expected) <= tolerance, "\(name) hand \(got) deg, expected \(expected) deg, \(label)",
                    sourceLocation: sourceLocation)
            }
        }
        if clock.lcd != nil {
            #expect(digits() == Self.expectedDigits(seconds), "digits \(label)", sourceLocation: sourceLocation)
            let lit = seconds - seconds.rounded(.down) < 0.5
            #expect(colonsLit() == [lit, lit], "colons \(label)", sourceLocation: sourceLocation)
        }
    }
}

let repositoryTimelines = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Timelines")
    .standardized

/// The clocks rendered in-process (lossless RGBA): the hands and digits read back at known
/// times, the digits crisp.
@Suite struct ClockRenderTests {
    func render(_ clock: ClockTimeline, _ times: [Double]) throws -> [PixelBuffer] {
        let renderer = try FrameRenderer(timeline: clock.timeline.build(baseDirectory: repositoryTimelines.path))
        return times.map { renderer.render(time: $0) }
    }

    /// Across the hour, noon and midnight, stepping and sweeping.
    @Test(arguments: [("06:59:58", false), ("11:59:58", false), ("23:59:58", false), ("23:59:58", true), ("10:08:37", true)])
    func handsShowTheTime(start: String, smooth: Bool) throws {
        let s = try #require(ClockTimeline.secondsAfterMidnight(start))
        let clock = ClockTimeline(style: .analog, start: s, duration: 4, width: 480, height: 480, smooth: smooth)
        let times = [1.5, 2, 3.25]
        for (t, frame) in zip(times, try render(clock, times)) {
            ClockReader(clock: clock, frame: frame).expectShows(Double(s) + t, smooth: smooth)
        }
    }

    /// 23:59:59 rolls over to 00:00:00 on the LCD; every pixel of every digit cell is the
    /// glyph's ink or the panel, nothing between, at several magnifications.
    @Test(arguments: [(640, 360, [0, 1, 1.5, 2, 2.75]), (200, 120, [1.25, 2]), (1920, 1080, [2])])
    func lcdDigitsRollOverCrisply(width: Int, height: Int, times: [Double]) throws {
        let clock = ClockTimeline(style: .lcd, start: 86_398, duration: 4, width: width, height: height)
        let ink = PixelBuffer.pack((0x14, 0x3C, 0x14, 255))
        let panel = PixelBuffer.pack((0xC8, 0xD8, 0xB0, 255))
        for (t, frame) in zip(times, try render(clock, times)) {
            let reader = ClockReader(clock: clock, frame: frame)
            reader.expectShows(86_398 + t, "\(width)x\(height)")
            let counts = reader.countInDigitCells(ink, panel)
            #expect(counts.a > 0 && counts.b > 0 && counts.other == 0, "\(width)x\(height) t = \(t): \(counts)")
        }
    }

    /// The sprite sheet committed beside the example timelines is the font's.
    @Test func committedSpriteSheetIsTheFont() throws {
        let sheet = try #require(
            try MediaReader(path: repositoryTimelines.appendingPathComponent("assets/clock-digits.png").path).readFrames().first)
        #expect(sheet.width == ClockFont.sheetWidth && sheet.height == ClockFont.height)
        #expect(sheet.packedBytes == ClockFont.sheetRGBA())
    }
}

/// `reel clock` itself.
@Suite struct ClockCommandTests {
    /// Ten seconds at 30 fps from 23:59:55 are 300 frames.
    @Test func writesTheFramesOfTheDuration() throws {
        let dir = makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try runReel(
            [
                "clock", "--start", "23:59:55", "--duration", "10", "--size", "128x72", "--preset", "ultrafast",
                "-o", "c.mp4"
            ], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        let reader = try MediaReader(path: dir.appendingPathComponent("c.mp4").path)
        #expect(reader.info.width == 128 && reader.info.height == 72 && abs(reader.info.duration - 10) < 1e-6)
        #expect(try reader.readFrames().count == 300)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["c.mp4"])
    }

    /// Frames decoded from the video, across 23:59:59 -> 00:00:00: hands within a degree,
    /// every digit read back, the colons blinking.
    @Test func videoRollsOverMidnight() throws {
        let dir = makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try runReel(
            [
                "clock", "--style", "both", "--start", "23:59:58", "--duration", "3", "--size", "960x540", "--fps", "2",
                "--crf", "12", "--preset", "ultrafast", "-o", "roll.mp4"
            ], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        let frames = try MediaReader(path: dir.appendingPathComponent("roll.mp4").path).readFrames()
        #expect(frames.count == 6)
        let clock = ClockTimeline(style: .both, start: 86_398, duration: 3, width: 960, height: 540, fps: 2)
        for (f, frame) in frames.enumerated() {
            ClockReader(clock: clock, frame: frame, slack: 1.25).expectShows(86_398 + Double(f) / 2, "video frame \(f)")
        }
    }

    /// `--emit-timeline` writes the timeline `reel clock` renders: `reel render` of it gives the
    /// same frames, `reel frame` of it the same pixels as the built timeline.
    @Test func emittedTimelineRendersTheSameFrames() throws {
        let dir = makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let arguments = [
            "--style", "both", "--start", "11:59:58", "--duration", "2", "--size", "320x180", "--fps", "5", "--smooth",
            "--preset", "ultrafast"
        ]
        let clock = try runReel(["clock"] + arguments + ["-o", "clock.mp4", "--emit-timeline", "t/clock.json"], in: dir)
        #expect(clock.status == 0, "\(clock.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("t/assets/clock-digits.png").path))
        let render = try runReel(["render", "t/clock.json", "--preset", "ultrafast", "-o", "render.mp4"], in: dir)
        #expect(render.status == 0, "\(render.stderr)")
        let a = try MediaReader(path: dir.appendingPathComponent("clock.mp4").path).readFrames().map(\.packedBytes)
        let b = try MediaReader(path: dir.appendingPathComponent("render.mp4").path).readFrames().map(\.packedBytes)
        #expect(a.count == 10 && a == b)

        let built = ClockTimeline(style: .both, start: 43_198, duration: 2, width: 320, height: 180, fps: 5, smooth: true)
        let renderer = try FrameRenderer(timeline: built.timeline.build(baseDirectory: repositoryTimelines.path))
        for t in ["0.4", "1.7"] {
            let frame = try runReel(["frame", "t/clock.json", "--time", t, "-o", "f.png"], in: dir)
            #expect(frame.status == 0, "\(frame.stderr)")
            let png = try #require(try MediaReader(path: dir.appendingPathComponent("f.png").path).readFrames().first)
            #expect(png.packedBytes == renderer.render(time: Double(t)!).packedBytes, "t = \(t)")
        }
        // Emitting alone renders nothing.
        let only = try runReel(["clock"] + arguments + ["--emit-timeline", "only.json"], in: dir)
        #expect(only.status == 0, "\(only.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("only.json").path))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".mp4") }.sorted() == [
                "clock.mp4", "render.mp4"
            ])
    }

    /// `--digit-font` sets the LCD digits in a font (text layers whose strings step with the
    /// time, no sprite sheet); `--label` puts a line of text under the clock.
    @Test func digitsFromAFontAndALabel() throws {
        let dir = makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let clock = try runReel(
            [
                "clock", "--style", "lcd", "--start", "09:59:58", "--duration", "3", "--size", "320x180", "--digit-font",
                "DejaVu Sans Mono", "--label", "Berlin", "--emit-timeline", "clock.json"
            ], in: dir)
        #expect(clock.status == 0, "\(clock.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("assets/clock-digits.png").path))
        for (time, shown) in [(0.5, "095958"), (1.5, "095959"), (2.5, "100000")] {
            let inspect = try runReel(["inspect", "clock.json", "--time", "\(time)", "--key", "string"], in: dir)
            #expect(inspect.status == 0, "\(inspect.stderr)")
            let json = try #require(try JSONSerialization.jsonObject(with: Data(inspect.stdout.utf8)) as? [String: Any])
            let layers = try #require(json["layers"] as? [String: Any])
            let digits = ["hours1", "hours2", "minutes1", "minutes2", "seconds1", "seconds2"].compactMap {
                layers["lcd/\($0)"] as? String
            }
            #expect(digits.joined() == shown, "at \(time) s")
            #expect(layers["label"] as? String == "Berlin")
        }
        let frame = try runReel(["frame", "clock.json", "--time", "0.2", "-o", "f.png"], in: dir)
        #expect(frame.status == 0, "\(frame.stderr)")
        let bad = try runReel(["clock", "--digit-font", "", "-o", "x.mp4"], in: dir)
        #expect(bad.status == 1 && bad.stderr.contains("--digit-font needs a font name"))
    }

    /// An hour of both clocks is under 100 KB of JSON, and its frame at 3599 s shows the right
    /// time on both: 23:30:00 + 3599 s = 00:29:59.
    @Test func anHourLongTimelineIsSmallAndRight() throws {
        let dir = makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let emit = try runReel(
            ["clock", "--style", "both", "--start", "23:30:00", "--duration", "3600", "--emit-timeline", "hour.json"], in: dir)
        #expect(emit.status == 0, "\(emit.stderr)")
        let size = try #require(
            try FileManager.default.attributesOfItem(atPath: dir.appendingPathComponent("hour.json").path)[.size] as? Int)
        #expect(size < 100_000)
        let frame = try runReel(["frame", "hour.json", "--time", "3599", "-o", "f.png"], in: dir)
        #expect(frame.status == 0, "\(frame.stderr)")
        let png = try #require(try MediaReader(path: dir.appendingPathComponent("f.png").path).readFrames().first)
        let clock = ClockTimeline(style: .both, start: 84_600, duration: 3600)
        ClockReader(clock: clock, frame: png).expectShows(84_600 + 3599)
    }

    /// Each bad value: a message naming the option, exit status 1, and nothing written.
    @Test(arguments: [
        (["--start", "25:00:00"], "--start"), (["--start", "12:60:00"], "--start"), (["--start", "noon"], "--start"),
        (["--duration", "0"], "--duration"), (["--duration", "-5"], "--duration"), (["--duration", "ten"], "--duration"),
        (["--duration", "100000"], "--duration"),
        (["--size", "0"], "--size"), (["--size", "0x0"], "--size"), (["--size", "100000"], "--size"),
        (["--size", "100000x100000"], "--size"),
        (["--size", "641x480"], "--size"), (["--fps", "0"], "--fps"), (["--style", "digital"], "--style"),
        (["--crf", "60"], "--crf"),
        (["--preset", "fastest"], "--preset"), (["--now", "--start", "10:00:00"], "--now")
    ])
    func badArgumentsFailBeforeWriting(arguments: [String], option: String) throws {
        let dir = makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try runReel(["clock"] + arguments + ["-o", "c.mp4", "--emit-timeline", "c.json"], in: dir)
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("error: ") && result.stderr.contains(option), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }
}
