import Testing

@testable import ReelCore

/// A matrix taken apart into translation, rotation, scale and perspective, and put back.
@Suite struct TransformComponentsTests {
    func close(_ a: Transform3D, _ b: Transform3D) -> Bool {
        zip(a.rows, b.rows).allSatisfy { abs($0 - $1) < 1e-9 }
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

    @Test func mirroredTransformsKeepTheirMirror() throws {
        let m = Transform3D.scale(-1, 1).concatenating(.rotation(0.3, x: 0, y: 0, z: 1))
        let c = try #require(TransformComponents(m))
        #expect(zip(c.matrix.rows, m.rows).allSatisfy { abs($0 - $1) < 1e-12 })
    }
}
