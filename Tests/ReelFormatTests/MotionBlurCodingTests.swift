import ReelTestSupport
import ReelTimeline
import Testing

@testable import ReelFormat

/// `motionBlur` as the file writes it: true, false, or the shutter's settings, each checked at its path.
@Suite struct MotionBlurCodingTests {
    private func canvas(_ motionBlur: String) throws(TimelineError) -> Canvas {
        try Timeline.decode(
            #"{"canvas": {"width": 10, "height": 10, "duration": 1, "motionBlur": \#(motionBlur)}, "layers": []}"#, file: "t.json"
        ).canvas
    }

    private func problems(_ motionBlur: String) -> [String] {
        do {
            _ = try canvas(motionBlur)
            return []
        } catch {
            return error.problems.map(\.description)
        }
    }

    @Test func trueTakesTheDefaultsAndAnObjectOverridesThem() throws {
        #expect(try canvas("true").motionBlur == MotionBlur(shutterAngle: 180, shutterPhase: -90, samples: 16))
        #expect(try canvas("false").motionBlur == nil)
        #expect(try canvas(#"{"samples": 4}"#).motionBlur == MotionBlur(samples: 4))
        #expect(
            try canvas(#"{"shutterAngle": 360, "shutterPhase": 0}"#).motionBlur == MotionBlur(shutterAngle: 360, shutterPhase: 0))
    }

    @Test func valuesOutsideTheirRangesAreNamedByPath() {
        #expect(
            problems(#"{"samples": 65}"#) == [
                "canvas.motionBlur.samples: expected a whole number of samples, 1...64, found the number 65"
            ])
        #expect(problems(#"{"samples": 2.5}"#).first?.hasPrefix("canvas.motionBlur.samples: expected a whole number") == true)
        #expect(
            problems(#"{"shutterAngle": 800}"#).first?.hasPrefix("canvas.motionBlur.shutterAngle: expected a shutter angle")
                == true)
        #expect(
            problems(#"{"shutterPhase": -400}"#).first?.hasPrefix("canvas.motionBlur.shutterPhase: expected a shutter phase")
                == true)
        #expect(problems(#"{"shutter": 180}"#).first?.hasPrefix("canvas.motionBlur.shutter: expected") == true)
        #expect(problems(#""yes""#).first?.hasPrefix("canvas.motionBlur: expected true, false, or") == true)
    }
}
