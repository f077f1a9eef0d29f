import Testing

@testable import ReelCore

@Suite struct ColorTests {
    @Test func parsesHexForms() {
        #expect(Color(hex: "#FF8800") == Color(red: 1, green: 136.0 / 255, blue: 0))
        #expect(Color(hex: "#f80") == Color(hex: "#FF8800"))
        #expect(Color(hex: "#FF880080")?.alpha == 128.0 / 255)
        #expect(Color(hex: "FF8800") == nil)
        #expect(Color(hex: "#GG8800") == nil)
        #expect(Color(hex: "#FF88") == nil)
    }

    @Test func premultipliesAndRounds() {
        let c = Color(red: 1, green: 0.5, blue: 0, alpha: 0.5).premultipliedRGBA8
        #expect(c.r == 128 && c.g == 64 && c.b == 0 && c.a == 128)
        #expect(Color(hex: "#FF8800")!.hexString == "#FF8800")
    }
}

@Suite struct FrameRateTests {
    @Test func exactRates() {
        #expect(FrameRate(30) == FrameRate(numerator: 30))
        #expect(FrameRate(29.97) == FrameRate(numerator: 30000, denominator: 1001))
        #expect(FrameRate(23.976) == FrameRate(numerator: 24000, denominator: 1001))
        #expect(FrameRate(0) == nil)
        #expect(FrameRate(-5) == nil)
    }

    @Test func frameTimesAndCounts() {
        let r = FrameRate(numerator: 30)
        #expect(r.frameCount(for: 10) == 300)
        #expect(r.frameCount(for: 1.01) == 30)
        #expect(r.time(ofFrame: 15) == 0.5)
        #expect(FrameRate(numerator: 30000, denominator: 1001).frameCount(for: 10) == 300)
    }
}

@Suite struct TransformTests {
    func close(_ a: Transform3D, _ b: Transform3D) -> Bool {
        zip(a.rows, b.rows).allSatisfy { abs($0 - $1) < 1e-9 }
    }

    @Test func rotationTurnsXTowardY() {
        let p = Transform3D.rotation(.pi / 2, x: 0, y: 0, z: 1).apply(Point(x: 1, y: 0))
        #expect(abs(p.x) < 1e-12 && abs(p.y - 1) < 1e-12)
    }

    @Test func concatenationAppliesLeftFirst() {
        let m = Transform3D.scale(2, 2).concatenating(.translation(10, 0))
        #expect(m.apply(Point(x: 1, y: 1)) == Point(x: 12, y: 2))
    }

    @Test func componentsRoundTrip() throws {
        let c = TransformComponents(
            translation: (5, -7, 3), rotation: (0.3, -0.4, 1.2), scale: (2, 0.5, 1.5), perspective: -1.0 / 500)
        let back = try #require(TransformComponents(c.matrix))
        #expect(close(back.matrix, c.matrix))
        #expect(abs(back.rotation.z - 1.2) < 1e-9 && abs(back.scale.x - 2) < 1e-9 && abs(back.perspective + 0.002) < 1e-12)
    }

    @Test func shearHasNoComponents() {
        var m = Transform3D.identity
        m.m21 = 0.5
        #expect(TransformComponents(m) == nil)
    }

    @Test func affineInverse() throws {
        let a = AffineTransform.rotation(0.7).concatenating(.scale(2, 3)).concatenating(.translation(4, 5))
        let inv = try #require(a.inverted)
        let p = inv.apply(a.apply(Point(x: 3, y: -2)))
        #expect(abs(p.x - 3) < 1e-12 && abs(p.y + 2) < 1e-12)
    }
}

@Suite struct PathTests {
    @Test func roundedRectRadiusIsClamped() {
        let a = Path(roundedRect: Rect(x: 0, y: 0, width: 40, height: 20), cornerRadius: 50)
        let b = Path(roundedRect: Rect(x: 0, y: 0, width: 40, height: 20), cornerRadius: 10)
        #expect(a == b)
    }

    @Test func flattenedCircleStaysWithinTolerance() {
        let polys = Path(ellipseIn: Rect(x: -100, y: -100, width: 200, height: 200)).polygons(
            transform: .identity, tolerance: 0.1)
        #expect(polys.count == 1)
        for p in polys[0] {
            // Points lie on the cubic approximation, which is within 0.03% of the circle.
            #expect(abs((p.x * p.x + p.y * p.y).squareRoot() - 100) < 0.05)
        }
        #expect(polys[0].count > 40)
    }
}
