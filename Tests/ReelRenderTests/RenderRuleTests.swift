import ReelCore
import ReelLayers
import ReelTimeline
import Testing

@testable import ReelRender

/// Rendering rules checked on pixels of small scenes.
@Suite struct RenderRuleTests {
    func render(_ json: String, size: (Int, Int) = (100, 100), at time: Double = 0, background: String = "#000000") throws
        -> PixelBuffer
    {
        let canvas = "{\"width\": \(size.0), \"height\": \(size.1), \"duration\": 1, \"background\": \"\(background)\"}"
        let t = try Timeline.decode("{\"canvas\": \(canvas), \"layers\": \(json)}")
        let buffer = PixelBuffer(width: size.0, height: size.1)
        RenderHarness.render(t, at: time, into: buffer)
        return buffer
    }

    @Test func nestedClipsBothCut() throws {
        let image = try render(
            #"""
            [{"id": "outer", "frame": [10, 10, 60, 60], "masksToBounds": true, "backgroundColor": "#333333",
              "sublayers": [{"id": "inner", "frame": [20, 20, 60, 60], "masksToBounds": true, "cornerRadius": 30,
                "sublayers": [{"id": "red", "frame": [-50, -50, 200, 200], "backgroundColor": "#FF0000"}]}]}]
            """#)
        #expect(image.pixel(x: 50, y: 50) == (255, 0, 0, 255))  // inside both clips
        #expect(image.pixel(x: 75, y: 50) == (0, 0, 0, 255))  // inside the inner circle, outside outer's bounds
        #expect(image.pixel(x: 32, y: 32) == (51, 51, 51, 255))  // inside outer, outside the inner circle's corner
    }

    /// `cornerRadius` is clamped to half the shorter side: 500 on a 60x40 layer draws the
    /// same pixels as 20 (a capsule). The border's inner corner has radius
    /// max(0, cornerRadius - borderWidth): with radius 20 and border 8 the inside corner is a
    /// circle of radius 12 about (30, 30), so a point at distance 11 from its centre shows
    /// the fill, one inside the square corner but past the inner circle shows border.
    @Test func cornerRadiusIsClampedAndTheBordersInnerCornerShrinks() throws {
        func capsule(_ radius: Int) throws -> PixelBuffer {
            try render(
                """
                [{"id": "c", "frame": [10, 10, 60, 40], "cornerRadius": \(radius), "backgroundColor": "#FFFFFF",
                  "borderWidth": 8, "borderColor": "#FF0000"}]
                """)
        }
        let clamped = try capsule(500)
        let exact = try capsule(20)
        for y in 0..<100 {
            for x in 0..<100 { #expect(clamped.pixel(x: x, y: y) == exact.pixel(x: x, y: y), "\(x), \(y)") }
        }
        #expect(exact.pixel(x: 11, y: 11) == (0, 0, 0, 255))  // outside the outer corner
        #expect(exact.pixel(x: 22, y: 22) == (255, 255, 255, 255))  // 11.3 from (30, 30): inside the inner circle
        #expect(exact.pixel(x: 20, y: 20) == (255, 0, 0, 255))  // past the inner circle: border
    }

    /// `masksToBounds` with a corner radius cuts background, sublayers and border as one
    /// picture: along the rounded edge no white background shows under the red sublayer's
    /// anti-aliased edge (drawn apart, each pixel there would get white x c x (1 - c)).
    @Test func roundedClipShowsNoBackgroundHalo() throws {
        let image = try render(
            #"""
            [{"id": "card", "frame": [10, 10, 80, 80], "masksToBounds": true, "cornerRadius": 25, "backgroundColor": "#FFFFFF",
              "transform": {"rotation": "10deg"},
              "sublayers": [{"id": "red", "frame": [-10, -10, 100, 100], "backgroundColor": "#FF0000"}]}]
            """#)
        var edge = 0
        for y in 0..<100 {
            for x in 0..<100 {
                let p = image.pixel(x: x, y: y)
                #expect(p.g == 0 && p.b == 0, "white shows at \(x), \(y): \(p)")
                if p.r > 0 && p.r < 255 { edge += 1 }
            }
        }
        #expect(edge > 100)  // the rounded, turned edge is anti-aliased
    }

    @Test func groupOpacityFadesTheSubtreeAsOnePicture() throws {
        let layers = #"""
            [{"id": "a", "frame": [10, 10, 80, 80], "backgroundColor": "#FFFFFF", "opacity": 0.5, "allowsGroupOpacity": GROUP,
              "sublayers": [{"id": "b", "frame": [20, 20, 40, 40], "backgroundColor": "#FFFFFF"}]}]
            """#
        let grouped = try render(layers.replacingOccurrences(of: "GROUP", with: "true"))
        let separate = try render(layers.replacingOccurrences(of: "GROUP", with: "false"))
        #expect(grouped.pixel(x: 50, y: 50).r == 128 && grouped.pixel(x: 15, y: 15).r == 128)
        #expect(separate.pixel(x: 50, y: 50).r == 192 && separate.pixel(x: 15, y: 15).r == 128)  // 50% over 50%
    }

    @Test func shouldRasterizeFlattensBeforeOpacity() throws {
        let layers = #"""
            [{"id": "a", "frame": [10, 10, 80, 80], "backgroundColor": "#FFFFFF", "opacity": 0.5, "allowsGroupOpacity": false,
              "shouldRasterize": true, "rasterizationScale": SCALE,
              "sublayers": [{"id": "b", "frame": [20, 20, 40, 40], "backgroundColor": "#FF0000"}]}]
            """#
        let full = try render(layers.replacingOccurrences(of: "SCALE", with: "1"))
        #expect(full.pixel(x: 50, y: 50) == (128, 0, 0, 255))  // the red square over white, then faded as one
        #expect(full.pixel(x: 15, y: 15) == (128, 128, 128, 255))
        // At a quarter of the resolution the bitmap is magnified: the red square's edge blurs over several pixels.
        let coarse = try render(layers.replacingOccurrences(of: "SCALE", with: "0.25"))
        #expect(coarse.pixel(x: 50, y: 50) == (128, 0, 0, 255))
        let edge = (27...33).map { Int(coarse.pixel(x: $0, y: 50).g) }
        #expect(edge.filter { $0 > 5 && $0 < 120 }.count >= 3, "\(edge)")
    }

    @Test func perspectiveCardIsNarrowerAtTheFarEdge() throws {
        // Rotated about y with m34: the far (left, pushed back) edge is shorter than the near one.
        let image = try render(
            #"""
            [{"id": "stage", "frame": [0, 0, 200, 100], "sublayerTransform": {"m34": -0.005},
              "sublayers": [{"id": "card", "bounds": [0, 0, 100, 60], "position": [100, 50], "backgroundColor": "#FFFFFF",
                             "transform": {"rotation": {"y": "40deg"}}}]}]
            """#, size: (200, 100))
        func height(atX x: Int) -> Int { (0..<100).filter { image.pixel(x: x, y: $0).r > 127 }.count }
        let columns = (0..<200).filter { height(atX: $0) > 0 }
        let left = height(atX: columns.first! + 2)
        let right = height(atX: columns.last! - 2)
        #expect(left != right)
        #expect(abs(left - right) > 8, "left \(left) right \(right)")
    }

    @Test func partBehindTheEyeIsCutAway() throws {
        // Turned almost edge-on under a strong perspective (eye 20 pt away), the card's right part
        // passes behind the eye: only the part in front may be drawn, never a mirrored image of the rest.
        let perspective = Transform3D.perspective(-0.05)
        let card = Transform3D.rotation(80 * .pi / 180, x: 0, y: 1, z: 0)
        let m = Transform3D.translation(-45, -20).concatenating(card).concatenating(perspective).concatenating(
            .translation(50, 50))
        let polygons = Path(rect: Rect(x: 0, y: 0, width: 90, height: 40)).polygons(transform: m)
        #expect(polygons.count == 1)
        let h = Homography(m)
        // Every output vertex comes from a local point in front of the eye (w > 0).
        let inverse = try #require(h.inverted)
        for p in polygons[0] {
            let local = inverse.homogeneous(p)
            let w = h.homogeneous(Point(x: local.x / local.w, y: local.y / local.w)).w
            #expect(w > 0)
        }
        let image = try render(
            #"""
            [{"id": "stage", "frame": [0, 0, 100, 100], "sublayerTransform": {"m34": -0.05},
              "sublayers": [{"id": "card", "bounds": [0, 0, 90, 40], "position": [50, 50], "backgroundColor": "#FFFFFF",
                             "transform": {"rotation": {"y": "80deg"}}}]}]
            """#)
        #expect(image.pixel(x: 48, y: 50).r == 255)  // the far half, in front of the eye
    }

    @Test func fileDefaultsAreTheLayerDefaults() throws {
        let t = try Timeline.decode(#"{"canvas": {"width": 10, "height": 10, "duration": 1}, "layers": [{"id": "x"}]}"#)
        #expect(t.layers[0].model == Layer(id: "x"))
        let off = try Timeline.decode(
            #"{"canvas": {"width": 10, "height": 10, "duration": 1, "allowsGroupOpacity": false}, "layers": [{"id": "x"}]}"#)
        #expect(off.layers[0].model.allowsGroupOpacity == false)
    }

    @Test func shadowFadesOnceWithItsLayer() throws {
        let card =
            ##"[{"id": "c", "frame": [30, 30, 60, 40], "backgroundColor": "#3498DB", "shadowOpacity": 1, "shadowRadius": 0, "shadowOffset": [0, 20], "opacity": OP}]"##
        let full = try render(card.replacingOccurrences(of: "OP", with: "1"), size: (120, 120), background: "#FFFFFF")
        let half = try render(card.replacingOccurrences(of: "OP", with: "0.5"), size: (120, 120), background: "#FFFFFF")
        // Below the card (y 70...90) only the shadow shows: black at full strength, half-way grey at half opacity.
        #expect(full.pixel(x: 60, y: 80) == (0, 0, 0, 255))
        #expect(abs(Int(half.pixel(x: 60, y: 80).r) - 127) <= 1)  // not 191: faded once, not twice
    }

    @Test func sublayerShadowsSurviveAFadedContainer() throws {
        let image = try render(
            ##"[{"id": "group", "opacity": 0.5, "sublayers": [{"id": "c", "frame": [30, 30, 60, 40], "backgroundColor": "#000000", "shadowOpacity": 1, "shadowRadius": 0, "shadowOffset": [0, 30]}, {"id": "d", "frame": [0, 0, 10, 10], "backgroundColor": "#000000"}]}]"##,
            size: (120, 120), background: "#FFFFFF")
        #expect(abs(Int(image.pixel(x: 60, y: 95).r) - 127) <= 1)  // the shadow 30 below the card, faded once with the group
    }
}

/// Nine-slice on pixels: the button's corners come out the same, pixel for pixel, at every size.
@Suite struct NineSliceRenderTests {
    @Test func cornersKeepTheirPixelsWhenTheLayerIsResized() throws {
        let seeds = GoldenImage.repository.appendingPathComponent("Timelines/seeds/2-contents.json")
        let timeline = try Timeline.load(contentsOf: seeds.path)
        let image = PixelBuffer(width: timeline.canvas.pixelWidth, height: timeline.canvas.pixelHeight)
        RenderHarness.render(timeline, at: 0, into: image)
        // buttonSmall is 100 x 40 at (400, 300); buttonLarge 240 x 110 at (520, 270). Corners are 12 x 12.
        for (dx, dy) in [(0, 0), (1, 0), (0, 1)] {
            for y in 0..<12 {
                for x in 0..<12 {
                    let sx = dx == 1 ? 400 + 100 - 12 + x : 400 + x
                    let sy = dy == 1 ? 300 + 40 - 12 + y : 300 + y
                    let lx = dx == 1 ? 520 + 240 - 12 + x : 520 + x
                    let ly = dy == 1 ? 270 + 110 - 12 + y : 270 + y
                    #expect(image.pixel(x: sx, y: sy) == image.pixel(x: lx, y: ly), "corner \(dx),\(dy) pixel \(x),\(y)")
                }
            }
        }
        // The stretched button without contentsCenter has its corners squashed: they differ.
        #expect(image.pixel(x: 404, y: 353) != image.pixel(x: 404, y: 303))
    }
}
