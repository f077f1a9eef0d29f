import ReelBuilder
import ReelFormat
import ReelTimeline
import Testing

/// Scenes and motion blur written in Swift read as the same file would.
@Suite struct SceneDocumentTests {
    @Test func scenesAndTransitionsBuildTheTimelineTheFileWould() throws {
        let doc = TimelineDocument(width: 160, height: 90, fps: 10, background: "#101018") {
            LayerDocument("logo").bounds(0, 0, 10, 10).position(150, 10).backgroundColor("#FFFFFF")
        }
        .scenes([
            SceneDocument("title", duration: 3) {
                LayerDocument("card").bounds(0, 0, 60, 20).position(80, 45).backgroundColor("#E0462E")
            }
            .transition(.slide(.fromLeft), duration: 0.6, timingFunction: "easeInEaseOut"),
            SceneDocument("end", duration: 2) { LayerDocument("bg").bounds(0, 0, 160, 90).position(80, 45) }
        ])
        .motionBlur(samples: 4)
        let t = try doc.build()
        #expect(t.canvas.duration == 4.4 && t.scenes.map(\.id) == ["title", "end"])
        #expect(t.scenes[0].transition?.kind == .slide && t.scenes[0].transition?.direction == .fromLeft)
        #expect(t.scenes[0].transition?.duration == 0.6)
        #expect(t.canvas.motionBlur == MotionBlur(samples: 4))
        #expect(t.layers.map(\.model.id) == ["logo"])
        #expect(doc.jsonText.contains(#""type" : "slide""#) || doc.jsonText.contains(#""type": "slide""#))
    }
}
