import Foundation
import ReelBuilder
import ReelCore
import ReelJSON
import ReelLayers
import ReelTimeline
import Testing

/// The builder's modifiers write keys the declarations have, with values of their kinds, and
/// nothing they were not given: a key left out is the declaration's default.
@Suite struct LayerDocumentTests {
    /// A progress ring, as a Swift user writes it.
    func progressRing() -> TimelineDocument {
        var ring = Path()
        ring.arc(
            center: Point(x: 60, y: 60), radius: 50, startAngle: -Double.pi / 2, endAngle: 3 * Double.pi / 2, clockwise: true)
        return TimelineDocument(name: "ring", width: 200, height: 200, fps: 10, duration: 1, background: "#000000") {
            LayerDocument("ring", class: .shapeLayer) {
                Animate.basic("strokeEnd", from: 0, to: 1).duration(1)
            }
            .frame(40, 40, 120, 120).path(ring).fillColor(nil).stroke("#2ECC71", width: 12, cap: .round)
            LayerDocument("button", class: .gradientLayer).frame(0, 0, 100, 40).cornerRadius(20)
                .gradient(["#FF512F", "#DD2476"], type: .axial, start: Point(x: 0, y: 0.5), end: Point(x: 1, y: 0.5))
            LayerDocument("spinner", class: .replicatorLayer) {
                LayerDocument("dot").frame(45, 0, 10, 10).cornerRadius(5).backgroundColor("#FFFFFF")
            }
            .frame(100, 100, 100, 100).instances(
                12, transform: JSONValue.object([("rotation", Degrees(30).json)]), alphaOffset: -0.08)
        }
    }

    @Test func aProgressRingBuildsIntoTheLayersItNames() throws {
        let timeline = try progressRing().build()
        let root = timeline.presentation(at: 0.5)
        let ring = try #require(root.sublayers.first { $0.id == "ring" })
        #expect(ring.layerClass == .shapeLayer)
        #expect(ring.shape.fillColor == .clear)
        #expect(ring.shape.stroke.lineWidth == 12 && ring.shape.stroke.lineCap == .round)
        #expect(abs(ring.shape.stroke.end - 0.5) < 1e-9)
        // Unset keys are the declarations' defaults.
        #expect(ring.shape.stroke.lineJoin == .miter && ring.shape.stroke.miterLimit == 10)
        let spinner = try #require(root.sublayers.first { $0.id == "spinner" })
        #expect(spinner.replicator.instanceCount == 12 && spinner.replicator.instanceAlphaOffset == -0.08)
        #expect(root.sublayers.first { $0.id == "button" }?.gradient.colors.count == 2)
    }

    @Test func modifiersWriteOnlyWhatTheyAreGiven() {
        let written = LayerDocument("l").shadow(opacity: 0.5).border(width: 2).contents("image").document
        guard case .object(let members) = written else {
            Issue.record("not an object")
            return
        }
        #expect(members.map(\.key) == ["id", "shadowOpacity", "borderWidth", "contents"])
        for key in members.map(\.key) where key != "id" {
            #expect(LayerProperty.all[key]?.isLayerKey == true, "`\(key)` is no declared layer key")
        }
    }

    @Test func textLayersBuildWithRunsAndLayout() throws {
        let doc = TimelineDocument(name: "titles", width: 400, height: 200, fps: 10, duration: 1, background: "#000000") {
            LayerDocument("title", class: .textLayer) {
                Animate.basic("fontSize", from: 20, to: 40).duration(1)
            }
            .frame(0, 0, 400, 60).text("Title", font: "Helvetica-Bold", size: 40).textLayout(alignment: .center)
            LayerDocument("lowerThird", class: .textLayer).frame(0, 100, 400, 80)
                .text(runs: [TextRun("Ada Lovelace\n", font: "Helvetica-Bold"), TextRun("Programmer", fontSize: 18)])
                .textLayout(wrapped: true, truncation: .end)
        }
        let written = LayerDocument("t", class: .textLayer).text("Hi").textLayout(wrapped: true).document
        guard case .object(let members) = written else {
            Issue.record("not an object")
            return
        }
        #expect(members.map(\.key) == ["id", "class", "string", "isWrapped"])
        let root = try doc.build().presentation(at: 0.5)
        let title = try #require(root.sublayers.first { $0.id == "title" })
        #expect(title.layerClass == .textLayer && title.text.string == "Title" && title.text.font == "Helvetica-Bold")
        #expect(abs(title.text.fontSize - 30) < 1e-9 && title.text.alignmentMode == .center)
        let lower = try #require(root.sublayers.first { $0.id == "lowerThird" })
        #expect(lower.text.runs.count == 2 && lower.text.runs[1].fontSize == 18 && lower.text.isWrapped)
        #expect(lower.text.truncationMode == .end)
    }

    @Test func playerLayersNameTheirClip() throws {
        let doc = TimelineDocument(name: "over", width: 320, height: 180, fps: 30, duration: 1, background: "#000000") {
            LayerDocument("clip", class: .playerLayer).frame(0, 0, 320, 180).video("footage", gravity: .resizeAspectFill)
        }
        .asset("footage", path: "footage.mp4")
        let written = LayerDocument("v", class: .playerLayer).video("footage").document
        guard case .object(let members) = written else {
            Issue.record("not an object")
            return
        }
        #expect(members.map(\.key) == ["id", "class", "player"])
        let layer = try #require(try doc.build(baseDirectory: "/tmp").presentation(at: 0.5).sublayers.first)
        #expect(layer.layerClass == .playerLayer && layer.player.player == "footage")
        #expect(layer.player.videoGravity == .resizeAspectFill && abs(layer.player.time - 0.5) < 1e-12)
    }
}

@Suite struct CompositingBuilderTests {
    /// Operators, mask modes and filters written from Swift decode to the model the file gives.
    @Test func compositingKeysRoundTrip() throws {
        let doc = TimelineDocument(width: 100, height: 100, duration: 1) {
            LayerDocument("glow")
                .frame(10, 10, 40, 40).backgroundColor("#FF8800").compositingFilter(.screen)
                .filters([
                    LayerFilter(name: "soft", kind: .gaussianBlur(radius: 4)),
                    LayerFilter(name: "grade", kind: .colorMatrix(LayerFilter.identityMatrix))
                ])
                .mask(LayerDocument("matte").frame(0, 0, 40, 40).backgroundColor("#FFFFFF"), mode: .luminanceInverted)
        }
        let layer = try doc.build().layers[0].model
        #expect(layer.compositingFilter == .screen)
        #expect(layer.maskMode == .luminanceInverted)
        #expect(layer.filters.map(\.kind) == [.gaussianBlur(radius: 4), .colorMatrix(LayerFilter.identityMatrix)])
    }
}
