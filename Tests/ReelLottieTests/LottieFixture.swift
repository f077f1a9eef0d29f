import Foundation
import Reel
import ReelCore
import ReelJSON
import ReelTimeline

@testable import ReelLottie

/// Small Lottie documents written in the tests, imported and drawn as a user's file would be.
enum LottieFixture {
    /// A composition of `w` x `h` at `fr` frames a second from `ip` to `op` with `layers` (JSON text, top layer first).
    static func document(
        _ layers: String, w: Int = 40, h: Int = 40, fr: Double = 10, ip: Double = 0, op: Double = 20,
        assets: String = "[]", extra: String = ""
    ) -> String {
        #"{"v": "5.7.0", "fr": \#(fr), "ip": \#(ip), "op": \#(op), "w": \#(w), "h": \#(h), "assets": \#(assets), "layers": [\#(layers)]\#(extra)}"#
    }

    /// A shape layer with `shapes` (JSON items) and transform `ks`.
    static func shapeLayer(_ shapes: String, ks: String = "{}", extra: String = "") -> String {
        #"{"ty": 4, "nm": "shape", "ind": 1, "ip": 0, "op": 1000, "st": 0, "ks": \#(ks), "shapes": [\#(shapes)]\#(extra)}"#
    }

    /// A rectangle item centred at (x, y).
    static func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> String {
        #"{"ty": "rc", "p": {"a": 0, "k": [\#(x), \#(y)]}, "s": {"a": 0, "k": [\#(w), \#(h)]}, "r": {"a": 0, "k": 0}}"#
    }

    /// A solid fill item of colour (r, g, b) in 0...1 at `opacity` percent.
    static func fill(_ r: Double, _ g: Double, _ b: Double, opacity: Double = 100) -> String {
        #"{"ty": "fl", "c": {"a": 0, "k": [\#(r), \#(g), \#(b), 1]}, "o": {"a": 0, "k": \#(opacity)}, "r": 1}"#
    }

    /// The import's result for `text`.
    static func imported(_ text: String) throws -> LottieImporter.Result {
        try LottieImporter.convert(
            try JSONParser.parse(text), file: "test.json", name: "test", baseDirectory: NSTemporaryDirectory())
    }

    /// The timeline `text` becomes.
    static func timeline(_ text: String) throws -> Timeline {
        let result = try imported(text)
        return try Timeline.decode(json: result.document, file: "test.json", name: "test", baseDirectory: NSTemporaryDirectory())
    }

    /// The frame at Lottie frame `frame` (counted from the in point).
    static func render(_ text: String, frame: Double, fr: Double = 10) throws -> PixelBuffer {
        try FrameRenderer(timeline: timeline(text)).render(time: frame / fr)
    }
}

extension PixelBuffer {
    /// Premultiplied RGBA at (x, y) as integers, for comparisons with a tolerance.
    func rgba(_ x: Int, _ y: Int) -> [Int] {
        let p = pixel(x: x, y: y)
        return [Int(p.r), Int(p.g), Int(p.b), Int(p.a)]
    }

    /// Whether (x, y) is within `tolerance` of `expected` in every channel.
    func near(_ x: Int, _ y: Int, _ expected: [Int], tolerance: Int = 2) -> Bool {
        zip(rgba(x, y), expected).allSatisfy { abs($0 - $1) <= tolerance }
    }
}

/// `text` parsed.
func parseJSON(_ text: String) throws -> JSONValue { try JSONParser.parse(text) }
