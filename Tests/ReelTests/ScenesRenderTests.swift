import Foundation
import ReelCore
import ReelFormat
import ReelTestSupport
import ReelTimeline
import Testing

@testable import Reel

/// Scenes drawn: one scene as it is, two by their transition's rule, the root layers above
/// all, and a Lottie file as a scene's source, through the one way files come in.
@Suite struct ScenesRenderTests {
    private func frame(_ text: String, at time: Double, files: [String: String] = [:]) throws -> PixelBuffer {
        let dir = makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        for (name, body) in files { try body.write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        try text.write(to: dir.appendingPathComponent("t.json"), atomically: true, encoding: .utf8)
        let timeline = try TimelineFile.open(dir.appendingPathComponent("t.json").path)
        return try FrameRenderer(timeline: timeline).render(time: time)
    }

    private func flat(_ id: String, _ color: String, _ transition: String = "") -> String {
        #"{"id": "\#(id)", "duration": 2, "layers": [{"id": "bg", "frame": [0, 0, 40, 20], "backgroundColor": "\#(color)"}]\#(transition)}"#
    }

    private func rgba(_ b: PixelBuffer, _ x: Int, _ y: Int) -> [Int] {
        let p = b.pixel(x: x, y: y)
        return [Int(p.r), Int(p.g), Int(p.b), Int(p.a)]
    }

    @Test func aFadeLaysTheIncomingSceneOverTheOutgoingAndRootLayersStayOnTop() throws {
        let a = flat("a", "#FF0000", #", "transition": {"type": "fade", "duration": 1}"#)
        let text = ##"""
            {"canvas": {"width": 40, "height": 20, "fps": 10, "background": "#000000"},
             "scenes": [\##(a), \##(flat("b", "#0000FF"))],
             "layers": [{"id": "logo", "frame": [0, 0, 4, 4], "backgroundColor": "#FFFFFF"}]}
            """##
        #expect(rgba(try frame(text, at: 0.5), 20, 10) == [255, 0, 0, 255])
        // Halfway through the overlap (1 s to 2 s): B at opacity 128/255 over A.
        let middle = try frame(text, at: 1.5)
        #expect(rgba(middle, 20, 10) == [127, 0, 128, 255])
        #expect(rgba(middle, 1, 1) == [255, 255, 255, 255])
        #expect(rgba(try frame(text, at: 2.5), 20, 10) == [0, 0, 255, 255])
    }

    @Test func aWipeAndASlideMoveByTheRule() throws {
        func timeline(_ transition: String) -> String {
            #"""
            {"canvas": {"width": 40, "height": 20, "fps": 10},
             "scenes": [\#(flat("a", "#FF0000", #", "transition": {"type": "\#(transition)", "duration": 1, "direction": "fromRight"}"#)), \#(flat("b", "#0000FF"))]}
            """#
        }
        // p = 0.25: from the right, B shows over the last 10 columns.
        let wipe = try frame(timeline("wipe"), at: 1.25)
        #expect(rgba(wipe, 29, 5) == [255, 0, 0, 255] && rgba(wipe, 30, 5) == [0, 0, 255, 255])
        let slide = try frame(timeline("slide"), at: 1.25)
        #expect(rgba(slide, 29, 5) == [255, 0, 0, 255] && rgba(slide, 30, 5) == [0, 0, 255, 255])
    }

    @Test func aLottieFileIsASceneAndKeepsItsTransparency() throws {
        let lottie = #"""
            {"v": "5.7.0", "fr": 10, "ip": 0, "op": 10, "w": 20, "h": 10, "layers": [
              {"ty": 4, "ind": 1, "ip": 0, "op": 10, "st": 0, "ks": {},
               "shapes": [{"ty": "rc", "p": {"a": 0, "k": [5, 5]}, "s": {"a": 0, "k": [10, 10]}, "r": {"a": 0, "k": 0}},
                          {"ty": "fl", "c": {"a": 0, "k": [0, 1, 0, 1]}, "o": {"a": 0, "k": 100}}]}]}
            """#
        let text = ##"""
            {"canvas": {"width": 40, "height": 20, "fps": 10, "background": "#202020"},
             "scenes": [{"id": "logo", "timeline": "logo.json"}]}
            """##
        let f = try frame(text, at: 0.5, files: ["logo.json": lottie])
        // 20 x 10 fits 40 x 20 at twice its size: its green square fills the left half; the rest shows the background.
        #expect(rgba(f, 10, 10) == [0, 255, 0, 255])
        #expect(rgba(f, 30, 10) == [32, 32, 32, 255])
        let timeline = try TimelineFile.open(
            { () -> String in
                let dir = makeScratchDirectory()
                try? lottie.write(to: dir.appendingPathComponent("logo.json"), atomically: true, encoding: .utf8)
                try? text.write(to: dir.appendingPathComponent("t.json"), atomically: true, encoding: .utf8)
                return dir.appendingPathComponent("t.json").path
            }())
        #expect(timeline.canvas.duration == 1)
    }
}
