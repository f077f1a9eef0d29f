import Foundation
import ReelCore
import ReelLayers
import ReelTestSupport
import Testing

@testable import ReelFormat
@testable import ReelTimeline

/// A `CAEmitterLayer`'s particles as core-animation.md gives them: births evenly spaced by the
/// integral of the birth rate, closed-form state from birth, the layer's multipliers read at
/// birth, ranged values uniform in [M − R/2, M + R/2], and the emitter shapes and modes.
@Suite struct ParticleEmissionTests {
    /// The emitter layer `cells` (JSON) with layer keys `keys`, evaluated at `time`.
    func particles(_ cells: String, _ keys: String = "", animations: String = "[]", at time: Double) throws -> [Particle] {
        let t = try timeline(
            #"[{"id": "e", "class": "CAEmitterLayer", "emitterCells": \#(cells), "animations": \#(animations)\#(keys.isEmpty ? "" : ", " + keys)}]"#,
            canvas: #""canvas": {"width": 200, "height": 100, "fps": 10, "duration": 1000}"#)
        return t.layers[0].presentation(at: time).emitter.particles
    }

    func near(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }

    /// Two a second from time 0: born at 0.25 and 0.75 (N reaches i + 1/2), each moving from
    /// the emitter position by v·a + ½·g·a², turning spin·a, growing by scaleSpeed·a and
    /// changing colour by its speeds, clamped to 0...1.
    @Test func birthsAndClosedFormStateWithAllRangesZero() throws {
        let ps = try particles(
            #"[{"name": "c", "birthRate": 2, "lifetime": 10, "velocity": 100, "emissionLongitude": "90deg", "xAcceleration": 8, "#
                + #""yAcceleration": 20, "spin": 1.5, "scale": 0.5, "scaleSpeed": 0.25, "color": [0.5, 0.25, 1, 0.75], "#
                + #""redSpeed": 0.4, "greenSpeed": -0.5, "blueSpeed": 1, "alphaSpeed": -0.1}]"#,
            #""emitterPosition": [10, 20]"#, at: 1)
        #expect(ps.count == 2)
        for (p, born) in zip(ps, [0.25, 0.75]) {
            let a = 1 - born
            #expect(near(p.age, a))
            #expect(near(p.position.x, 10 + 0.5 * 8 * a * a, 1e-9))
            #expect(near(p.position.y, 20 + 100 * a + 0.5 * 20 * a * a, 1e-9))
            #expect(near(p.rotation, 1.5 * a))
            #expect(near(p.scale, 0.5 + 0.25 * a))
            #expect(near(p.color.red, 0.5 + 0.4 * a) && near(p.color.green, max(0.25 - 0.5 * a, 0)))
            #expect(p.color.blue == 1 && near(p.color.alpha, 0.75 - 0.1 * a))
        }
        #expect(ps.map(\.index) == [0, 1])
    }

    /// The layer's multipliers: birthRate 2 (four a second), lifetime 0.1 (a lifetime of 1
    /// becomes 0.1), velocity, scale (with scaleSpeed) and spin.
    @Test func theLayersMultipliers() throws {
        let ps = try particles(
            #"[{"name": "c", "birthRate": 2, "lifetime": 3, "velocity": 10, "scale": 1, "scaleSpeed": 1, "spin": 1}]"#,
            #""birthRate": 2, "lifetime": 0.1, "velocity": 3, "scale": 2, "spin": -2"#, at: 1)
        // Born at 0.125, 0.375, 0.625, 0.875; alive for 0.3 s.
        #expect(ps.map(\.index) == [3])
        let a = 0.125
        #expect(near(ps[0].age, a))
        #expect(near(ps[0].position.x, 30 * a))
        #expect(near(ps[0].scale, 2 * (1 + a)))
        #expect(near(ps[0].rotation, -2 * a))
    }

    /// A cell emits from its beginTime for duration × repeatCount; particles born live on.
    @Test func aCellsTimingGatesItsBirths() throws {
        let cells = #"[{"name": "c", "birthRate": 4, "lifetime": 100, "beginTime": 0.5, "duration": 0.5, "repeatCount": 2}]"#
        let at2 = try particles(cells, at: 2)
        // Four a second over 0.5 ... 1.5: born at 0.625, 0.875, 1.125, 1.375.
        #expect(at2.count == 4)
        for (p, born) in zip(at2, [0.625, 0.875, 1.125, 1.375]) { #expect(near(p.age, 2 - born)) }
        #expect(try particles(cells, at: 0.6).isEmpty)
        // No duration: it emits for ever.
        #expect(try particles(#"[{"name": "c", "birthRate": 4, "lifetime": 100, "beginTime": 0.5}]"#, at: 10.5).count == 40)
        // Not enabled: nothing.
        #expect(try particles(#"[{"name": "c", "birthRate": 4, "lifetime": 100, "enabled": false}]"#, at: 3).isEmpty)
    }

    /// A birth rate animated from 0 to 10 over a second: N(t) = 5t², so particle i is born at
    /// √((i + 1/2) / 5), within 10^-6 of a particle.
    @Test func anAnimatedBirthRate() throws {
        let ps = try particles(
            #"[{"name": "c", "birthRate": 0, "lifetime": 100}]"#,
            animations:
                #"[{"keyPath": "emitterCells.c.birthRate", "fromValue": 0, "toValue": 10, "duration": 1, "fillMode": "both", "removedOnCompletion": false}]"#,
            at: 1.5)
        // N(1) = 5, then 10 a second: N(1.5) = 10.
        #expect(ps.count == 10)
        for p in ps {
            let n = Double(p.index) + 0.5
            let born = n <= 5 ? (n / 5).squareRoot() : 1 + (n - 5) / 10
            // dN/dt is at least 10·born: a time error of 10^-7 s is well under 10^-6 of a particle.
            #expect(near(1.5 - p.age, born, 1e-7), "particle \(p.index) born at \(1.5 - p.age), expected \(born)")
        }
        // The layer's birthRate multiplies an animated cell rate too.
        let doubled = try particles(
            #"[{"name": "c", "birthRate": 0, "lifetime": 100}]"#, #""birthRate": 2"#,
            animations:
                #"[{"keyPath": "emitterCells.c.birthRate", "fromValue": 0, "toValue": 10, "duration": 1, "fillMode": "both", "removedOnCompletion": false}]"#,
            at: 1)
        #expect(doubled.count == 10)
    }

    /// Cell values and multipliers are read at each particle's birth: a velocity and an
    /// emitter position that change later leave earlier particles as they were (a trail).
    @Test func valuesAreReadAtBirth() throws {
        let ps = try particles(
            #"[{"name": "c", "birthRate": 1, "lifetime": 100, "velocity": 10}]"#,
            animations:
                #"[{"keyPath": "velocity", "fromValue": 2, "toValue": 2, "beginTime": 2, "duration": 100},"#
                + #" {"keyPath": "emitterPosition", "fromValue": [0, 0], "toValue": [40, 0], "duration": 4, "fillMode": "both", "removedOnCompletion": false}]"#,
            at: 3.6)
        // Born at 0.5, 1.5 (velocity 1x, positions 5 and 15) and 2.5, 3.5 (2x, 25 and 35).
        #expect(ps.count == 4)
        for (k, p) in ps.enumerated() {
            let born = 0.5 + Double(k)
            #expect(near(p.position.x, 10 * born + (k < 2 ? 10 : 20) * (3.6 - born), 1e-9))
        }
    }

    /// Ranged values are uniform in [M − R/2, M + R/2]: over 20,000 particles each stays in
    /// its interval, with the mean within 1 % of the range and the standard deviation within
    /// 2 % of R/√12.
    @Test func rangedValuesAreUniform() throws {
        let ps = try particles(
            #"[{"name": "c", "birthRate": 2000, "lifetime": 100, "velocity": 50, "velocityRange": 40, "#
                + #""scale": 2, "scaleRange": 1, "spin": 0, "spinRange": 4, "color": [0.5, 0.5, 0.5, 0.5], "#
                + #""redRange": 0.6, "alphaRange": 1, "emissionLongitude": 1, "emissionRange": 2}]"#, #""seed": 42"#,
            at: 10)
        #expect(ps.count == 20_000)
        func check(_ values: [Double], _ middle: Double, _ range: Double, _ what: String) {
            let mean = values.reduce(0, +) / Double(values.count)
            let sd = (values.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(values.count)).squareRoot()
            #expect(values.allSatisfy { $0 >= middle - range / 2 - 1e-9 && $0 <= middle + range / 2 + 1e-9 }, "\(what) outside")
            #expect(abs(mean - middle) <= 0.01 * range, "\(what) mean \(mean)")
            #expect(abs(sd - range / 12.squareRoot()) <= 0.02 * range / 12.squareRoot(), "\(what) sd \(sd)")
        }
        let ages = ps.map(\.age)
        check(ps.map(\.scale), 2, 1, "scale")
        check(zip(ps, ages).map { $0.rotation / $1 }, 0, 4, "spin")
        check(ps.map(\.color.red), 0.5, 0.6, "red")
        check(ps.map(\.color.alpha), 0.5, 1, "alpha")
        let speeds = zip(ps, ages).map { ($0.position - Point(x: 0, y: 0)).length / $1 }
        check(speeds, 50, 40, "velocity")
        check(ps.map { atan2($0.position.y, $0.position.x) }, 1, 2, "direction")
        // Another seed draws other values; the same seed the same ones.
        let other = try particles(
            #"[{"name": "c", "birthRate": 10, "lifetime": 100, "scale": 2, "scaleRange": 1}]"#, #""seed": 43"#, at: 1)
        let same = try particles(
            #"[{"name": "c", "birthRate": 10, "lifetime": 100, "scale": 2, "scaleRange": 1}]"#, #""seed": 42"#, at: 1)
        #expect(other.map(\.scale) != same.map(\.scale))
        let again = try particles(
            #"[{"name": "c", "birthRate": 10, "lifetime": 100, "scale": 2, "scaleRange": 1}]"#, #""seed": 42"#, at: 1)
        #expect(again == same)
    }

    /// Where particles are born on each shape and mode (velocity 0: they stay there).
    @Test func emitterShapesAndModes() throws {
        func places(_ shape: String, _ mode: String) throws -> [Point] {
            try particles(
                #"[{"name": "c", "birthRate": 1000, "lifetime": 100}]"#,
                #""emitterPosition": [100, 50], "emitterSize": [40, 20], "emitterShape": "\#(shape)", "emitterMode": "\#(mode)""#,
                at: 4
            ).map(\.position)
        }
        #expect(try places("point", "volume").allSatisfy { $0 == Point(x: 100, y: 50) })
        let line = try places("line", "surface")
        #expect(line.allSatisfy { $0.y == 50 && $0.x >= 80 && $0.x <= 120 })
        let lineMean = line.map(\.x).reduce(0, +) / Double(line.count)
        #expect(abs(lineMean - 100) < 0.5)
        #expect(Set(try places("line", "points").map(\.x)) == [80, 120])
        let area = try places("rectangle", "volume")
        #expect(area.allSatisfy { $0.x >= 80 && $0.x <= 120 && $0.y >= 40 && $0.y <= 60 })
        // A quarter of the area's points lie in its top-left quarter.
        let quarter = Double(area.filter { $0.x < 100 && $0.y < 50 }.count) / 4000
        #expect(abs(quarter - 0.25) < 0.03)
        let outline = try places("rectangle", "outline")
        #expect(outline.allSatisfy { near($0.x, 80) || near($0.x, 120) || near($0.y, 40) || near($0.y, 60) })
        // By length: the long sides (40 each) hold two thirds.
        let long = Double(outline.filter { near($0.y, 40) || near($0.y, 60) }.count) / 4000
        #expect(abs(long - 2.0 / 3) < 0.03)
        #expect(
            Set(try places("cuboid", "points").map { "\($0.x),\($0.y)" }) == [
                "80.0,40.0", "120.0,40.0", "80.0,60.0", "120.0,60.0"
            ])
        // A circle's radius is the emitter width: uniform over the disc (a quarter within half the radius).
        let disc = try places("circle", "volume").map { ($0 - Point(x: 100, y: 50)).length }
        #expect(disc.allSatisfy { $0 <= 40 + 1e-9 })
        #expect(abs(Double(disc.filter { $0 < 20 }.count) / 4000 - 0.25) < 0.03)
        #expect(try places("sphere", "outline").allSatisfy { near(($0 - Point(x: 100, y: 50)).length, 40, 1e-9) })
        #expect(try places("circle", "points").allSatisfy { $0 == Point(x: 100, y: 50) })
    }

    /// Only the particles born within the longest lifetime are looked at: a frame at
    /// 10,000 s holds what one at 10 s does, each particle's state the same function of its age.
    @Test func aLateFrameIsAPureFunctionOfTime() throws {
        let cells = #"[{"name": "c", "birthRate": 30, "lifetime": 2, "lifetimeRange": 1, "velocity": 10, "velocityRange": 5}]"#
        let early = try particles(cells, at: 10)
        let late = try particles(cells, at: 10_000)
        #expect(abs(early.count - late.count) <= 3)
        #expect(late.allSatisfy { $0.index >= 30 * 9_997 })
        // Equal whenever asked.
        #expect(try particles(cells, at: 10_000) == late)
    }

    /// The key paths `emitterCells.NAME.KEY` reach a cell's animatable keys; others are refused.
    @Test func cellKeysAnimateByName() throws {
        let t = try timeline(
            ##"[{"id": "e", "class": "CAEmitterLayer", "emitterCells": [{"name": "a"}, {"name": "b", "color": "#FF0000"}], "##
                + #""animations": [{"keyPath": "emitterCells.b.scale", "fromValue": 1, "toValue": 3, "duration": 1}]}]"#)
        #expect(t.layers[0].presentation(at: 0.5).emitter.cells[1].scale == 2)
        #expect(t.layers[0].presentation(at: 0.5).emitter.cells[0].scale == 1)
        let p = problems(
            #"{"canvas": {"width": 10, "height": 10, "duration": 1}, "layers": [{"id": "e", "class": "CAEmitterLayer", "#
                + #""emitterCells": [{"name": "a"}], "animations": [{"keyPath": "emitterCells.a.contents", "toValue": "x", "duration": 1}]}]}"#
        )
        #expect(p.first?.path == "layers[0].animations[0].keyPath")
    }
}
