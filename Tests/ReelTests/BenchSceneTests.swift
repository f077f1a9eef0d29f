import Foundation
import ReelFormat
import ReelJSON
import ReelTestSupport
import ReelTimeline
import Testing

/// The benchmark scene `Timelines/bench/cards.json` (made by `scripts/make-bench-scene.py`)
/// follows the formulas of its specification (the bench-scene document) at every frame, within
/// 0.5 px, 0.5 degree and 0.01 opacity, read through what `reel inspect` prints: the
/// presentation values of `LayerInspector`.
@Suite struct BenchSceneTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let file = repository.appendingPathComponent("Timelines/bench/cards.json").path

    static let palette = ["#E74C3C", "#F39C12", "#F1C40F", "#2ECC71", "#3498DB", "#9B59B6"]
    static let positionTolerance = 0.5, angleTolerance = 0.5, opacityTolerance = 0.01

    /// The spec's motion of card `i` at time `t`: centre, rotation in degrees (clockwise on screen), opacity.
    static func card(_ i: Int, at t: Double) -> (x: Double, y: Double, degrees: Double, opacity: Double) {
        let (col, row) = (Double(i % 6), Double(i / 6))
        let (bx, by) = (240 + 288 * col, 180 + 240 * row)
        let a = 2 * Double.pi * t / 5 + Double(i)
        return (bx + 60 * cos(a), by + 60 * sin(a), 30 * sin(2 * Double.pi * (t / 10 + Double(i) / 24)), 0.6 + 0.4 * cos(a))
    }

    func numbers(_ v: JSONValue?) -> [Double] {
        switch v {
        case .number(let n)?: return [n]
        case .array(let items)?: return items.compactMap { if case .number(let n) = $0 { return n } else { return nil } }
        default: return []
        }
    }

    /// The on-screen angle, in degrees, that a layer's transform turns its +x axis to (y down:
    /// positive is clockwise), and whether the transform is a pure rotation (no scale, shear, 3D).
    func rotation(_ transform: [Double]) -> (degrees: Double, rigid: Bool) {
        guard transform.count == 16 else { return (.nan, false) }
        let (m11, m12, m21, m22) = (transform[0], transform[1], transform[4], transform[5])
        let rest = [2, 3, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15].map { transform[$0] }
        let rigid =
            abs(m11 - m22) < 1e-9 && abs(m12 + m21) < 1e-9 && abs(m11 * m11 + m12 * m12 - 1) < 1e-9
            && zip(rest, [0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1] as [Double]).allSatisfy { abs($0 - $1) < 1e-9 }
        return (atan2(m12, m11) * 180 / .pi, rigid)
    }

    /// Difference of two angles in degrees, in -180...180.
    func angleDifference(_ a: Double, _ b: Double) -> Double {
        let d = (a - b).truncatingRemainder(dividingBy: 360)
        return d > 180 ? d - 360 : (d < -180 ? d + 360 : d)
    }

    static func colour(_ hex: String) -> [Double] {
        let v = Int(hex.dropFirst(), radix: 16)!
        return [Double(v >> 16 & 0xFF) / 255, Double(v >> 8 & 0xFF) / 255, Double(v & 0xFF) / 255, 1]
    }

    /// Largest deviations from the formulas over `frames`, failing the test beyond the tolerances.
    @discardableResult
    func check(frames: [Int], of timeline: Timeline) throws -> (position: Double, degrees: Double, opacity: Double, image: Double)
    {
        var worst = (position: 0.0, degrees: 0.0, opacity: 0.0, image: 0.0)
        for f in frames {
            let t = Double(f) / 30
            let values = try LayerInspector.inspect(timeline, at: t)
            guard case .object(let layers)? = values["layers"] else {
                Issue.record("no layers at frame \(f)")
                continue
            }
            #expect(layers.map(\.key) == (0..<24).map { "card\($0)" } + ["swirl"], "drawing order at frame \(f)")
            for i in 0..<24 {
                let layer = values["layers"]?["card\(i)"]
                let want = Self.card(i, at: t)
                let position = numbers(layer?["position"])
                let anchor = numbers(layer?["anchorPoint"])
                let (degrees, rigid) = rotation(numbers(layer?["transform"]))
                guard position.count == 2, let opacity = numbers(layer?["opacity"]).first else {
                    Issue.record("card\(i) has no position or opacity at frame \(f)")
                    continue
                }
                let dp = ((position[0] - want.x) * (position[0] - want.x) + (position[1] - want.y) * (position[1] - want.y))
                    .squareRoot()
                let dr = abs(angleDifference(degrees, want.degrees))
                let dOpacity = abs(opacity - want.opacity)
                #expect(anchor == [0.5, 0.5] && rigid, "card\(i) at frame \(f): anchor \(anchor), transform not a pure rotation")
                #expect(
                    dp <= Self.positionTolerance, "card\(i) at frame \(f): centre \(position), formula (\(want.x), \(want.y))")
                #expect(dr <= Self.angleTolerance, "card\(i) at frame \(f): rotation \(degrees) deg, formula \(want.degrees)")
                #expect(dOpacity <= Self.opacityTolerance, "card\(i) at frame \(f): opacity \(opacity), formula \(want.opacity)")
                worst = (max(worst.position, dp), max(worst.degrees, dr), max(worst.opacity, dOpacity), worst.image)
            }
            let image = values["layers"]?["swirl"]
            let (degrees, rigid) = rotation(numbers(image?["transform"]))
            let dr = abs(angleDifference(degrees, 36 * t))
            #expect(
                numbers(image?["position"]) == [960, 540] && numbers(image?["opacity"]) == [1] && rigid,
                "swirl at frame \(f): centre, opacity or transform off")
            #expect(dr <= Self.angleTolerance, "swirl at frame \(f): rotation \(degrees) deg, formula \(36 * t)")
            worst.image = max(worst.image, dr)
        }
        return worst
    }

    @Test func everyFrameFollowsTheFormulas() throws {
        let timeline = try Timeline.load(contentsOf: Self.file)
        #expect(timeline.warnings.isEmpty, "\(timeline.warnings)")
        let worst = try check(frames: Array(0..<300), of: timeline)
        print(
            "bench scene, largest deviation over 300 frames: position \(worst.position) px, card rotation \(worst.degrees) deg, "
                + "opacity \(worst.opacity), image rotation \(worst.image) deg")
    }

    /// Between frames too (the keyframes are not aligned with the frame grid): a fine time grid over one 10 s cycle.
    @Test func betweenFramesToo() throws {
        let timeline = try Timeline.load(contentsOf: Self.file)
        for k in 0..<200 {
            let t = Double(k) * 0.0503 + 0.0017
            let values = try LayerInspector.inspect(timeline, at: t)
            for i in [0, 7, 23] {
                let layer = values["layers"]?["card\(i)"]
                let want = Self.card(i, at: t)
                let p = numbers(layer?["position"])
                guard p.count == 2 else {
                    Issue.record("no position")
                    continue
                }
                #expect(
                    abs(p[0] - want.x) <= Self.positionTolerance && abs(p[1] - want.y) <= Self.positionTolerance,
                    "card\(i) at \(t) s")
                #expect(
                    abs(angleDifference(rotation(numbers(layer?["transform"])).degrees, want.degrees)) <= Self.angleTolerance,
                    "card\(i) at \(t) s")
                #expect(abs(numbers(layer?["opacity"]).first! - want.opacity) <= Self.opacityTolerance, "card\(i) at \(t) s")
            }
        }
    }

    /// What does not move: sizes, colours, border, shadow (sigma 6 px = shadowRadius 6 in Reel, offset 8 px down
    /// in the card's own space), the image layer's mask, filters and asset.
    @Test func staticPropertiesMatchTheSpec() throws {
        let timeline = try Timeline.load(contentsOf: Self.file)
        #expect(timeline.canvas.width == 1920 && timeline.canvas.height == 1080 && timeline.canvas.duration == 10)
        #expect(timeline.assets["swirl"].map { $0.hasSuffix("Timelines/bench/assets/bench-swirl.png") } == true)
        let values = try LayerInspector.inspect(timeline, at: 1.234)
        for i in 0..<24 {
            let l = values["layers"]?["card\(i)"]
            #expect(numbers(l?["bounds"]) == [0, 0, 240, 160] && numbers(l?["cornerRadius"]) == [20], "card\(i)")
            #expect(numbers(l?["backgroundColor"]) == Self.colour(Self.palette[i % 6]), "card\(i)")
            #expect(numbers(l?["borderWidth"]) == [4] && numbers(l?["borderColor"]) == [1, 1, 1, 1], "card\(i)")
            #expect(numbers(l?["shadowOpacity"]) == [0.5] && numbers(l?["shadowColor"]) == [0, 0, 0, 1], "card\(i)")
            #expect(numbers(l?["shadowOffset"]) == [0, 8] && numbers(l?["shadowRadius"]) == [6], "card\(i)")
            #expect(l?["masksToBounds"] == .bool(false) && l?["allowsGroupOpacity"] == .bool(true), "card\(i)")
        }
        let image = values["layers"]?["swirl"]
        #expect(numbers(image?["bounds"]) == [0, 0, 384, 384] && numbers(image?["cornerRadius"]) == [192])
        #expect(image?["masksToBounds"] == .bool(true) && image?["contents"] == .string("swirl"))
        #expect(image?["contentsGravity"] == .string("resize") && numbers(image?["contentsRect"]) == [0, 0, 1, 1])
        #expect(image?["minificationFilter"] == .string("linear") && image?["magnificationFilter"] == .string("linear"))
        #expect(numbers(image?["shadowOpacity"]) == [0] && numbers(image?["borderWidth"]) == [0])
    }

    /// `reel inspect` itself prints the values checked above.
    @Test func reelInspectPrintsTheSameValues() throws {
        let timeline = try Timeline.load(contentsOf: Self.file)
        let result = try runReel(["inspect", Self.file, "--time", "2.5"])
        #expect(result.status == 0, "\(result.stderr)")
        let printed = try JSONParser.parse(result.stdout)
        #expect(printed == (try LayerInspector.inspect(timeline, at: 2.5)))
        let card5 = printed["layers"]?["card5"]
        let want = Self.card(5, at: 2.5)
        #expect(abs(numbers(card5?["position"]).first! - want.x) <= Self.positionTolerance)
    }
}
