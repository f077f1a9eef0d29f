import Foundation
import ReelCore
import ReelTimeline
import Testing

@testable import Reel
@testable import ReelRender

/// `compositingFilter` rules that the Skia goldens do not reach: an operator that clears its
/// whole group survives culling, a rasterized layer lands with its operator, and an operator's
/// backdrop is its isolation group.
@Suite struct CompositingRuleTests {
    static func renderer(_ layers: String, culls: Bool = true) throws -> FrameRenderer {
        let timeline = try Timeline.decode(
            ##"{"canvas": {"width": 40, "height": 30, "duration": 1, "background": "#FFFFFF"}, "layers": "## + layers + "}")
        return FrameRenderer(
            timeline: timeline, assets: try TimelineAssets.load(timeline), keepsShadows: true, drawsByRows: true,
            cullsHidden: culls)
    }

    static func pixel(_ r: FrameRenderer, _ x: Int, _ y: Int) -> UInt32 { r.render(time: 0).row(y)[x] }

    /// A `destinationIn` layer under an opaque bar still clears the rest of the canvas's group:
    /// culling keeps it, and the white background shows where the blue card was.
    @Test func aClearingOperatorUnderAnOpaqueFillIsKept() throws {
        let layers = ##"""
            [{"id": "card", "frame": [0, 0, 20, 30], "backgroundColor": "#0000FF"},
             {"id": "keep", "frame": [30, 0, 10, 10], "backgroundColor": "#FF0000", "compositingFilter": "destinationIn"},
             {"id": "bar", "frame": [25, 0, 15, 15], "backgroundColor": "#00FF00"}]
            """##
        let culled = try Self.renderer(layers)
        let every = try Self.renderer(layers, culls: false)
        #expect(culled.render(time: 0).packedBytes == every.render(time: 0).packedBytes)
        #expect(Self.pixel(culled, 5, 5) == 0xFFFF_FFFF)  // the card cleared: background
        #expect(Self.pixel(culled, 30, 5) == 0xFF00_FF00)  // the bar, drawn after
    }

    /// `shouldRasterize` keeps the operator: the bitmap lands with `multiply` as the layer would.
    @Test func aRasterizedLayerLandsWithItsOperator() throws {
        func layers(_ rasterize: Bool) -> String {
            ##"""
            [{"id": "under", "frame": [0, 0, 40, 30], "backgroundColor": "#8080FF"},
             {"id": "m", "frame": [5, 5, 30, 20], "cornerRadius": 6, "backgroundColor": "#FF8000", "compositingFilter": "multiply", "shouldRasterize": \##(rasterize)}]
            """##
        }
        let plain = try Self.renderer(layers(false))
        let rasterized = try Self.renderer(layers(true))
        // (0.5, 0.5, 1) x (1, 0.5, 0) inside the card.
        #expect(Self.pixel(plain, 20, 15) == 0xFF00_4080)
        #expect(Self.pixel(rasterized, 20, 15) == Self.pixel(plain, 20, 15))
        let a = plain.render(time: 0)
        let b = rasterized.render(time: 0)
        var worst: UInt32 = 0
        for y in 0..<30 {
            for x in 0..<40 {
                let p = a.row(y)[x]
                let q = b.row(y)[x]
                for s in stride(from: UInt32(0), to: 32, by: 8) {
                    let u = (p >> s) & 0xFF
                    let v = (q >> s) & 0xFF
                    worst = max(worst, u > v ? u - v : v - u)
                }
            }
        }
        // The bitmap is resampled where it lands: edges within a few levels.
        #expect(worst <= 8)
    }

    /// Inside a `masksToBounds` layer (an isolation group) an operator meets only what that
    /// layer drew: over nothing, `multiply` lands as the plain colour.
    @Test func anIsolationGroupIsTheBackdrop() throws {
        let r = try Self.renderer(
            ##"""
            [{"id": "under", "frame": [0, 0, 40, 30], "backgroundColor": "#8080FF"},
             {"id": "host", "frame": [0, 0, 40, 30], "masksToBounds": true, "sublayers": [
               {"id": "m", "frame": [5, 5, 30, 20], "backgroundColor": "#FF8000", "compositingFilter": "multiply"}]}]
            """##)
        #expect(Self.pixel(r, 20, 15) == 0xFF00_80FF)
    }

    /// A layer with only a shadow is no isolation group: its sublayer's `multiply` meets the
    /// layer beneath it, and the shadow still shows around it.
    @Test func aShadowMakesNoIsolationGroup() throws {
        let r = try Self.renderer(
            ##"""
            [{"id": "under", "frame": [0, 0, 40, 30], "backgroundColor": "#8080FF"},
             {"id": "card", "frame": [10, 8, 20, 14], "shadowOpacity": 1, "shadowRadius": 1, "shadowOffset": [0, 18], "sublayers": [
               {"id": "m", "frame": [0, 0, 20, 14], "backgroundColor": "#FF8000", "compositingFilter": "multiply"}]}]
            """##)
        #expect(Self.pixel(r, 20, 12) == 0xFF00_4080)  // (0.5, 0.5, 1) x (1, 0.5, 0)
        // Below the card the shadow (moved 18 down) darkens the blue.
        let below = Self.pixel(r, 20, 28)
        #expect(below >> 16 & 0xFF < 0xF0 && below >> 24 == 0xFF)
    }
}
