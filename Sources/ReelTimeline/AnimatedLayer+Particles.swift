import Foundation
import ReelCore
import ReelLayers

/// A `CAEmitterLayer`'s particles at a time, in closed form (core-animation.md, "Reel's
/// choices"): each cell's births come from its `BirthSchedule`, only the particles born within
/// the longest lifetime before the time are looked at, and each one's state is worked out from
/// its birth: the cell's values and the layer's multipliers there, its ranged values drawn
/// from `CounterRandom` keyed by (seed, cell, particle, draw). A frame is a pure function of time.
extension AnimatedLayer {
    /// The draw numbers of a particle's ranged values.
    private enum Draw: Int {
        case lifetime, velocity, direction, scale, spin, red, green, blue, alpha, placeU, placeV
    }

    /// The most particles an emitter layer may keep alive at once (its cells' largest birth
    /// rates times their longest lifetimes): far above real scenes, low enough that a frame's
    /// particles fit in memory and time.
    public static let maximumParticles = 1_000_000.0

    /// The particles alive at the layer's local time `time`, in birth order (cells in list
    /// order at equal times).
    func particles(at time: Double) -> [Particle] {
        let cells = model.emitter.cells
        guard time > 0, !cells.isEmpty else { return [] }
        let moving = animations.indices.filter { animations[$0].reaches(Self.isEmitterKey) }
        let rating = moving.filter { animations[$0].reaches(Self.isBirthRateKey) }
        func state(at t: Double, _ which: [Int]) -> EmitterProperties {
            guard !which.isEmpty else { return model.emitter }
            var layer = model
            for i in which { animations[i].apply(at: t, to: &layer) }
            return layer.emitter
        }
        let spans = rating.compactMap { animations[$0].changingSpan }
        var born: [(time: Double, particle: Particle)] = []
        let still = model.emitter
        for c in cells.indices {
            let cell = cells[c]
            let gate = (start: cell.beginTime, end: cell.beginTime + cell.emittingDuration)
            let schedule = BirthSchedule(end: time, breaks: [gate.start, gate.end], moving: spans) { t in
                guard t >= gate.start, t < gate.end else { return 0 }
                let s = state(at: t, rating)
                let emitting = s.cells[c]
                guard emitting.isEnabled else { return 0 }
                return max(max(emitting.birthRate, 0) * s.birthRate, 0)
            }
            let longest = longestLifetime(cell: c)
            guard longest > 0 else { continue }
            let first = schedule.count(at: max(time - longest, 0))
            let last = schedule.count(at: time)
            let lo = max(Int64((first - 0.5).rounded(.up)) - 1, 0)
            let hi = Int64((last - 0.5 + 1e-9).rounded(.down))
            guard hi >= lo else { continue }
            born.reserveCapacity(born.count + Int(min(hi - lo + 1, 1 << 20)))
            for i in lo...hi {
                guard let birth = schedule.time(reaching: Double(i) + 0.5), birth <= time + 1e-9 else { continue }
                let age = max(time - birth, 0)
                let p =
                    moving.isEmpty
                    ? Self.particle(i, of: c, cell, in: still, age: age)
                    : {
                        let s = state(at: birth, moving)
                        return Self.particle(i, of: c, s.cells[c], in: s, age: age)
                    }()
                if let p { born.append((birth, p)) }
            }
        }
        if cells.count > 1 {
            born.sort { ($0.time, $0.particle.cell, $0.particle.index) < ($1.time, $1.particle.cell, $1.particle.index) }
        }
        return born.map(\.particle)
    }

    /// Particle `i` of cell `c` (`cell`, as it was at the particle's birth) at `age`, the
    /// emitter as it was then (`s`); nil once dead or while its scale is 0 or below.
    static func particle(_ i: Int64, of c: Int, _ cell: EmitterCell, in s: EmitterProperties, age: Double) -> Particle? {
        let key = CounterRandom.Particle(seed: s.seed, cell: c, particle: i)
        func ranged(_ middle: Double, _ range: Double, _ draw: Draw) -> Double {
            guard range != 0 else { return middle }
            return middle + range * (CounterRandom.uniform(key, draw: draw.rawValue) - 0.5)
        }
        let lifetime = ranged(cell.lifetime, cell.lifetimeRange, .lifetime) * s.lifetime
        guard age < lifetime else { return nil }
        let scale = (ranged(cell.scale, cell.scaleRange, .scale) + cell.scaleSpeed * age) * s.scale
        guard scale > 0 else { return nil }
        let speed = ranged(cell.velocity, cell.velocityRange, .velocity) * s.velocity
        let direction = ranged(cell.emissionLongitude, cell.emissionRange, .direction)
        let placed = s.shape.flat != .point && !(s.shape.flat == .circle && s.mode == .points)
        let origin = birthPlace(
            s, u: placed ? CounterRandom.uniform(key, draw: Draw.placeU.rawValue) : 0.5,
            v: placed ? CounterRandom.uniform(key, draw: Draw.placeV.rawValue) : 0.5)
        let x = origin.x + speed * cos(direction) * age + 0.5 * cell.xAcceleration * age * age
        let y = origin.y + speed * sin(direction) * age + 0.5 * cell.yAcceleration * age * age
        let spin = ranged(cell.spin, cell.spinRange, .spin) * s.spin
        func channel(_ base: Double, _ range: Double, _ speed: Double, _ draw: Draw) -> Double {
            min(max(ranged(base, range, draw) + speed * age, 0), 1)
        }
        let color = Color(
            red: channel(cell.color.red, cell.redRange, cell.redSpeed, .red),
            green: channel(cell.color.green, cell.greenRange, cell.greenSpeed, .green),
            blue: channel(cell.color.blue, cell.blueRange, cell.blueSpeed, .blue),
            alpha: channel(cell.color.alpha, cell.alphaRange, cell.alphaSpeed, .alpha))
        return Particle(
            cell: Int32(c), index: i, age: age, position: Point(x: x, y: y), rotation: spin * age, scale: scale, color: color)
    }

    /// Where on the emitter shape a particle is born, from two uniform draws: over the area
    /// (`volume`, `surface`), by length along the outline (`outline`), or at a vertex (`points`).
    static func birthPlace(_ s: EmitterProperties, u: Double, v: Double) -> Point {
        let (p, w, h) = (s.position, s.size.width, s.size.height)
        switch (s.shape.flat, s.mode) {
        case (.line, .points):
            return Point(x: p.x + (u < 0.5 ? -w / 2 : w / 2), y: p.y)
        case (.line, _):
            return Point(x: p.x + w * (u - 0.5), y: p.y)
        case (.rectangle, .points):
            let corner = min(Int(u * 4), 3)
            return Point(x: p.x + (corner == 1 || corner == 2 ? w / 2 : -w / 2), y: p.y + (corner >= 2 ? h / 2 : -h / 2))
        case (.rectangle, .outline):
            // Clockwise from the top-left corner: top, right, bottom, left.
            var d = u * 2 * (abs(w) + abs(h))
            let (left, top) = (p.x - w / 2, p.y - h / 2)
            if d < abs(w) { return Point(x: left + d * (w < 0 ? -1 : 1), y: top) }
            d -= abs(w)
            if d < abs(h) { return Point(x: left + w, y: top + d * (h < 0 ? -1 : 1)) }
            d -= abs(h)
            if d < abs(w) { return Point(x: left + w - d * (w < 0 ? -1 : 1), y: top + h) }
            d -= abs(w)
            return Point(x: left, y: top + h - d * (h < 0 ? -1 : 1))
        case (.rectangle, _):
            return Point(x: p.x + w * (u - 0.5), y: p.y + h * (v - 0.5))
        case (.circle, .points):
            return p
        case (.circle, .outline):
            return Point(x: p.x + w * cos(2 * .pi * u), y: p.y + w * sin(2 * .pi * u))
        case (.circle, _):
            let r = w * v.squareRoot()
            return Point(x: p.x + r * cos(2 * .pi * u), y: p.y + r * sin(2 * .pi * u))
        default:
            return p
        }
    }

    /// The longest a particle of cell `c` can live: the largest lifetime plus half the largest
    /// range the cell holds or animates to, times the largest layer lifetime.
    func longestLifetime(cell c: Int) -> Double {
        let name = model.emitter.cells[c].name
        func largest(_ key: String, _ own: Double) -> Double {
            animations.reduce(abs(own)) { max($0, $1.largestMagnitude(of: key)) }
        }
        let cell = model.emitter.cells[c]
        let lifetime = largest("emitterCells.\(name).lifetime", cell.lifetime)
        let range = largest("emitterCells.\(name).lifetimeRange", cell.lifetimeRange)
        return (lifetime + range / 2) * largest("lifetime", model.emitter.lifetime)
    }

    /// Whether an emitter layer's own key: its multipliers, shape or cells.
    static func isEmitterKey(_ keyPath: String) -> Bool {
        keyPath.hasPrefix("emitterCells.") || LayerProperty.all[keyPath]?.owner == .emitterLayer
    }

    /// Whether a key that changes a cell's birth rate: the layer's multiplier, a cell's own, or whether it is enabled.
    static func isBirthRateKey(_ keyPath: String) -> Bool {
        keyPath == "birthRate"
            || (keyPath.hasPrefix("emitterCells.") && (keyPath.hasSuffix(".birthRate") || keyPath.hasSuffix(".enabled")))
    }

    /// How much a layer's particles could ask for: every cell's largest birth rate (as
    /// written or animated) times its longest lifetime, times the layer's largest birth rate.
    var particleBound: Double {
        guard model.layerClass == .emitterLayer else { return 0 }
        let layerRate = animations.reduce(abs(model.emitter.birthRate)) { max($0, $1.largestMagnitude(of: "birthRate")) }
        return model.emitter.cells.indices.reduce(0) { sum, c in
            let cell = model.emitter.cells[c]
            let rate = animations.reduce(abs(cell.birthRate)) {
                max($0, $1.largestMagnitude(of: "emitterCells.\(cell.name).birthRate"))
            }
            return sum + rate * layerRate * longestLifetime(cell: c)
        }
    }
}

extension Animation {
    /// Whether the animation (or a child of a group) animates a key `test` accepts.
    func reaches(_ test: (String) -> Bool) -> Bool {
        if case .group(let children) = kind { return children.contains { $0.reaches(test) } }
        return test(keyPath)
    }

    /// The largest magnitude of a number the animation gives `key` (from, to, by added to
    /// either, keyframe values, a spring's overshoot); 0 when it does not animate it.
    func largestMagnitude(of key: String) -> Double {
        func n(_ v: PropertyValue?) -> Double { if case .number(let x)? = v { abs(x) } else { 0 } }
        switch kind {
        case .group(let children): return children.map { $0.largestMagnitude(of: key) }.max() ?? 0
        case _ where keyPath != key: return 0
        case .basic(let f, let t, let b): return max(n(f), n(t)) + n(b)
        case .spring(_, let f, let t, let b): return 2 * (max(n(f), n(t)) + n(b))
        case .keyframe(let k): return k.values.map(n).max() ?? 0
        case .path: return 0
        }
    }

    /// The span of its parent's time over which the animation changes what it sets (its active
    /// interval); nil when it never does (a frozen clock).
    var changingSpan: ClosedRange<Double>? {
        guard timing.speed != 0 else { return nil }
        var t = timing
        if case .spring(let spring, _, _, _) = kind, t.duration == 0 { t.duration = spring.settlingDuration }
        return t.beginTime...(t.beginTime + t.activeDuration / abs(t.speed))
    }
}
