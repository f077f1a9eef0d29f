import ReelCore
import ReelLayers
import ReelRaster
import ReelTimeline

/// Scenes joined by transitions: inside an overlap the two scenes are drawn apart, each on a
/// transparent canvas (each an isolation group), put together by the transition's pixel rule,
/// landed on the background, and the root layers drawn above (extension-rules.md).
extension FrameRenderer {
    /// Whether some picture of the frame at `time` is a transition's (drawn whole, not in bands).
    func drawsTransition(at time: Double) -> Bool {
        !timeline.scenes.isEmpty && timeline.canvas.exposure(at: time).contains { timeline.transition(at: $0) != nil }
    }

    /// The frame at `time` inside a transition, motion-blurred as the canvas asks.
    func renderTransition(at time: Double, into buffer: PixelBuffer) {
        let times = timeline.canvas.exposure(at: time)
        guard times.count > 1 else { return composite(at: time, into: buffer) }
        let sums = exposure ?? Exposure(width: buffer.width, height: buffer.height)
        exposure = sums
        let picture = subframe ?? makeBuffer()
        subframe = picture
        for t in times {
            composite(at: t, into: picture)
            sums.add(picture)
        }
        sums.average(into: buffer)
    }

    /// One picture at `time`: the scenes as the transition there puts them, the root layers above.
    private func composite(at time: Double, into buffer: PixelBuffer) {
        guard let (k, p) = timeline.transition(at: time), let transition = timeline.scenes[k].transition else {
            return render(timeline.presentation(at: time), into: buffer)
        }
        if scenePictures.isEmpty { scenePictures = (0..<3).map { _ in makeBuffer() } }
        let (a, b, top) = (scenePictures[0], scenePictures[1], scenePictures[2])
        render(timeline.scenePresentation(k, at: time), into: a)
        render(timeline.scenePresentation(k + 1, at: time), into: b)
        TransitionPixels.composite(Self.pixels(of: transition), progress: p, a: a, b: b, into: top)
        buffer.clear(to: timeline.canvas.background)
        TransitionPixels.land(top, on: buffer)
        if !timeline.layers.isEmpty {
            render(timeline.rootLayersPresentation(at: time), into: top)
            TransitionPixels.land(top, on: buffer)
        }
    }

    /// A transition's kind as the pixel rules take it.
    static func pixels(of t: SceneTransition) -> TransitionPixels.Kind {
        let edge: TransitionPixels.Edge =
            switch t.direction {
            case .fromLeft: .left
            case .fromRight: .right
            case .fromTop: .top
            case .fromBottom: .bottom
            }
        switch t.kind {
        case .none, .fade: return .fade  // a cut never composites: `transition(at:)` passes it by
        case .fadeThroughColor: return .fadeThroughColor(PixelBuffer.pack(t.color.premultipliedRGBA8))
        case .wipe: return .wipe(edge)
        case .slide: return .slide(edge)
        case .cover: return .cover(edge)
        case .reveal: return .reveal(edge)
        case .iris: return .iris
        case .clockWipe: return .clockWipe
        case .zoom: return .zoom
        }
    }
}
