import Foundation
import ReelCore
import ReelLayers
import ReelRender
import ReelTimeline
import Testing

/// Inputs that once crashed or misrendered, found by a review; each must now work.
@Suite struct RobustnessTests {
    func problems(_ text: String) -> [TimelineProblem] {
        do {
            _ = try Timeline.decode(text)
            return []
        } catch {
            return error.problems
        }
    }

    @Test func zeroSizeContentsCenterDoesNotTrap() throws {
        var l = Layer(id: "l")
        l.contentsCenter = Rect(x: 0.1, y: 0.1, width: 0, height: 0)
        for width in [3.3, 10, 200] {
            l.bounds = Rect(x: 0, y: 0, width: width, height: width)
            let m = try #require(l.contentsMapping(imageWidth: 64, imageHeight: 64))
            #expect(m.columns.allSatisfy { $0.from.lowerBound <= $0.from.upperBound && $0.to.lowerBound <= $0.to.upperBound })
        }
        l.contentsCenter = Rect(x: 0.25, y: 0.25, width: 0.5, height: 0.5)
        l.bounds = Rect(x: 0, y: 0, width: 3.3, height: 3.3)
        #expect(l.contentsMapping(imageWidth: 100, imageHeight: 100) != nil)
    }

    @Test func canvasesWithoutPixelsOrFramesAreRejected() {
        #expect(!problems(#"{"canvas": {"width": 40, "height": 40, "scale": 0.01, "duration": 1}, "layers": []}"#).isEmpty)
        #expect(!problems(#"{"canvas": {"width": 40, "height": 40, "duration": 0.01}, "layers": []}"#).isEmpty)
        #expect(!problems(#"{"canvas": {"width": 40, "height": 40, "duration": 1, "fps": 0.001}, "layers": []}"#).isEmpty)
    }

    @Test func brokenSurrogatesAreASyntaxError() {
        let p = problems(#"{"name": "\ud800\u0041", "canvas": {"width": 40, "height": 40, "duration": 1}, "layers": []}"#)
        #expect(p.count == 1 && p[0].found.contains("surrogate"))
    }

    @Test func hugeNumbersAreRejectedNotTrapped() {
        for layer in [
            #"{"id": "a", "bounds": [0, 0, 100, 1e20], "borderWidth": 1}"#,
            #"{"id": "a", "bounds": [0, 0, 10, 10], "shadowOpacity": 1, "shadowOffset": [1e19, 0]}"#
        ] {
            let p = problems(#"{"canvas": {"width": 40, "height": 40, "duration": 1}, "layers": ["# + layer + "]}")
            #expect(p.count == 1 && p[0].expected.contains("within"))
        }
        #expect(!problems(#"{"canvas": {"width": 40, "height": 40, "duration": 1}, "layers": [{"id": "a.b"}]}"#).isEmpty)
    }

    func render(_ layers: String, _ size: Int = 120) throws -> PixelBuffer {
        let t = try Timeline.decode(
            "{\"canvas\": {\"width\": \(size), \"height\": \(size), \"duration\": 1, \"background\": \"#FFFFFF\"}, \"layers\": \(layers)}"
        )
        let buffer = PixelBuffer(width: size, height: size)
        LayerRendererHarness.render(t, at: 0, into: buffer)
        return buffer
    }

    @Test func shadowFadesOnceWithItsLayer() throws {
        let card =
            ##"[{"id": "c", "frame": [30, 30, 60, 40], "backgroundColor": "#3498DB", "shadowOpacity": 1, "shadowRadius": 0, "shadowOffset": [0, 20], "opacity": OP}]"##
        let full = try render(card.replacingOccurrences(of: "OP", with: "1"))
        let half = try render(card.replacingOccurrences(of: "OP", with: "0.5"))
        // Below the card (y 70...90) only the shadow shows: black at full strength, half-way grey at half opacity.
        #expect(full.pixel(x: 60, y: 80) == (0, 0, 0, 255))
        #expect(abs(Int(half.pixel(x: 60, y: 80).r) - 127) <= 1)  // not 191: faded once, not twice
    }

    @Test func sublayerShadowsSurviveAFadedContainer() throws {
        let image = try render(
            ##"[{"id": "group", "opacity": 0.5, "sublayers": [{"id": "c", "frame": [30, 30, 60, 40], "backgroundColor": "#000000", "shadowOpacity": 1, "shadowRadius": 0, "shadowOffset": [0, 30]}, {"id": "d", "frame": [0, 0, 10, 10], "backgroundColor": "#000000"}]}]"##
        )
        #expect(abs(Int(image.pixel(x: 60, y: 95).r) - 127) <= 1)  // the shadow 30 below the card, faded once with the group
    }

    @Test func mirroredTransformsKeepTheirMirror() throws {
        let m = Transform3D.scale(-1, 1).concatenating(.rotation(0.3, x: 0, y: 0, z: 1))
        let c = try #require(TransformComponents(m))
        #expect(zip(c.matrix.rows, m.rows).allSatisfy { abs($0 - $1) < 1e-12 })
    }

    @Test func overdampedSpringsSettleBeforeTheyStop() {
        let s = Spring(damping: 40)
        #expect(abs(s.displacement(at: s.settlingDuration)) < 0.002)
    }

    @Test func cumulativeRepeatsCostTheSameAtAnyCycle() throws {
        let t = try Timeline.decode(
            #"{"canvas": {"width": 40, "height": 40, "duration": 1}, "layers": [{"id": "a", "animations": [{"keyPath": "transform.rotation.z", "byValue": 0.001, "duration": 0.000001, "repeatCount": "infinity", "cumulative": true}, {"keyPath": "position.x", "fromValue": 0, "toValue": 1, "duration": 0.000001, "repeatCount": "infinity", "cumulative": true}]}]}"#
        )
        let start = Date()
        let l = t.layers[0].presentation(at: 10)
        #expect(Date().timeIntervalSince(start) < 1)
        #expect(l.position.x > 9e6)
    }
}
