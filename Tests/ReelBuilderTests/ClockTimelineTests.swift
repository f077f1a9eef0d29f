import Foundation
import Reel
import ReelBuilder
import ReelCore
import ReelJSON
import ReelTimeline
import Testing

/// `ClockTimeline`: the clocks `reel clock` exports are ordinary built timelines, small however
/// long they run. (The pixels are read back in ReelTests' ClockCommandTests.)
@Suite struct ClockTimelineTests {
    static let timelines = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Timelines")
        .standardized

    @Test func readsTimesOfDay() {
        #expect(ClockTimeline.secondsAfterMidnight("00:00:00") == 0)
        #expect(ClockTimeline.secondsAfterMidnight("23:59:59") == 86_399)
        #expect(ClockTimeline.secondsAfterMidnight("7:05:09") == 7 * 3600 + 5 * 60 + 9)
        for bad in [
            "25:00:00", "24:00:00", "12:60:00", "12:00:60", "12:00", "12:00:00:00", "-1:00:00", "ab:cd:ef", "12:0:00", "",
            "1٢:00:00"
        ] {
            #expect(ClockTimeline.secondsAfterMidnight(bad) == nil, "\(bad)")
        }
        #expect(ClockTimeline.timeOfDay(86_399) == "23:59:59")
        #expect(ClockTimeline.timeOfDay(86_400 + 61) == "00:01:01")
    }

    /// An hour of both clocks is repeating animations: under 100 KB of JSON, the same size as a
    /// minute, and no animation has more than 60 keyframes.
    @Test func anHourIsAsSmallAsAMinute() throws {
        let hour = ClockTimeline(style: .both, start: 23 * 3600 + 30 * 60, duration: 3600).timeline.jsonText
        let minute = ClockTimeline(style: .both, start: 23 * 3600 + 30 * 60, duration: 60).timeline.jsonText
        #expect(hour.utf8.count < 100_000)
        #expect(abs(hour.utf8.count - minute.utf8.count) <= 2)
        var longest = 0
        func walk(_ value: JSONValue) {
            switch value {
            case .object(let members):
                if case .array(let values)? = members.first(where: { $0.key == "values" })?.value {
                    longest = max(longest, values.count)
                }
                for member in members { walk(member.value) }
            case .array(let items):
                for item in items { walk(item) }
            default: break
            }
        }
        walk(ClockTimeline(style: .both, start: 0, duration: 3600).timeline.document)
        #expect(longest == 60)
    }

    /// The built timeline and its JSON text are the same timeline and render the same bytes.
    @Test(arguments: [ClockTimeline.Style.analog, .lcd, .both])
    func jsonTextIsTheSameTimeline(style: ClockTimeline.Style) throws {
        let clock = ClockTimeline(style: style, start: 23 * 3600 + 59 * 60 + 58, duration: 4, width: 320, height: 180, fps: 4)
        let built = try clock.timeline.build(baseDirectory: Self.timelines.path)
        let decoded = try Timeline.decode(clock.timeline.jsonText, name: "clock", baseDirectory: Self.timelines.path)
        #expect(built == decoded)
        let a = try FrameRenderer(timeline: built)
        let b = try FrameRenderer(timeline: decoded)
        for t in [0, 1.5, 2.25] {
            #expect(a.render(time: t).packedBytes == b.render(time: t).packedBytes, "t = \(t)")
        }
    }

    /// Digits sit on whole points at a whole-number magnification, so nearest filtering maps
    /// every glyph pixel to a square of device pixels.
    @Test(arguments: [
        (1920, 1080, ClockTimeline.Style.lcd), (1920, 1080, .both), (640, 360, .both), (360, 640, .both), (64, 64, .lcd)
    ])
    func digitsSitOnWholePixels(width: Int, height: Int, style: ClockTimeline.Style) throws {
        let lcd = try #require(ClockTimeline(style: style, start: 0, width: width, height: height).lcd)
        #expect(lcd.magnification >= 1)
        for frame in lcd.digitFrames + lcd.colonFrames {
            for v in [frame.origin.x, frame.origin.y, frame.size.width, frame.size.height] { #expect(v == v.rounded()) }
            #expect(frame.size.height == Double(ClockFont.height * lcd.magnification))
        }
        #expect(lcd.digitFrames.count == 6 && lcd.colonFrames.count == 2)
    }

    /// The committed examples are what `reel clock --style analog|lcd --start 10:08:37` emits.
    @Test(arguments: [("clock-analog.json", ClockTimeline.Style.analog), ("clock-lcd.json", .lcd)])
    func committedExamplesAreCurrent(file: String, style: ClockTimeline.Style) throws {
        let text = try String(contentsOf: Self.timelines.appendingPathComponent(file), encoding: .utf8)
        let clock = ClockTimeline(style: style, start: 10 * 3600 + 8 * 60 + 37)
        #expect(text == clock.timeline.jsonText + "\n")
    }
}
