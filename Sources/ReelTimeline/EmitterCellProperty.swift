import ReelCore
import ReelLayers

/// A key of `CAEmitterCell`, declared once (`DeclaredProperty`) with Core Animation's name;
/// it animates by `emitterCells.NAME.KEY` on the emitter layer. The decoder, animations,
/// `reel keys` and the schema follow this table.
public final class EmitterCellProperty: DeclaredProperty<EmitterCell>, @unchecked Sendable {
    init(
        _ key: String, _ kind: ValueKind, animatable: Bool, _ summary: String, get: @escaping (EmitterCell) -> PropertyValue,
        set: @escaping (inout EmitterCell, PropertyValue) -> Void
    ) {
        super.init(keyPath: key, kind: kind, isAnimatable: animatable, summary: summary, get: get, set: set)
    }

    /// Every key by name.
    public static let all = Dictionary(uniqueKeysWithValues: ordered.map { ($0.keyPath, $0) })

    /// Keys a cell may not have, with why (Core Animation's sub-cells and a cell's own clock).
    public static let refused: [String: String] = [
        "emitterCells": "no `emitterCells` in a cell: Reel's particles emit no particles of their own",
        "speed": "no `speed` in a cell: a cell emits in its emitter layer's time",
        "timeOffset": "no `timeOffset` in a cell: a cell emits in its emitter layer's time"
    ]

    /// Every key, in the order declared.
    public static let ordered: [EmitterCellProperty] = {
        var table: [EmitterCellProperty] = []
        func number(
            _ key: String, kind: ValueKind = .scalar, animatable: Bool = true, _ summary: String,
            _ kp: WritableKeyPath<EmitterCell, Double>
        ) {
            table.append(
                EmitterCellProperty(
                    key, kind, animatable: animatable, summary, get: { .number($0[keyPath: kp]) },
                    set: { if case .number(let v) = $1 { $0[keyPath: kp] = v } }))
        }
        func choice(_ key: String, _ summary: String, _ kp: WritableKeyPath<EmitterCell, ContentsFilter>) {
            table.append(
                EmitterCellProperty(
                    key, .choice(ContentsFilter.allCases.map(\.rawValue)), animatable: false, summary,
                    get: { .choice($0[keyPath: kp].rawValue) },
                    set: { if case .choice(let n) = $1, let f = ContentsFilter(rawValue: n) { $0[keyPath: kp] = f } }))
        }
        table.append(
            EmitterCellProperty(
                "enabled", .bool, animatable: true, "False: the cell emits nothing.", get: { .bool($0.isEnabled) },
                set: { if case .bool(let b) = $1 { $0.isEnabled = b } }))
        number("birthRate", "Particles a second (below 0 counts as 0), times the layer's birthRate.", \.birthRate)
        number("lifetime", kind: .nonNegative, "Seconds a particle lives, times the layer's lifetime.", \.lifetime)
        number("lifetimeRange", "A particle's lifetime is uniform in lifetime ± lifetimeRange/2.", \.lifetimeRange)
        number("velocity", "Initial speed in points a second, times the layer's velocity.", \.velocity)
        number("velocityRange", "A particle's speed is uniform in velocity ± velocityRange/2.", \.velocityRange)
        number(
            "emissionLongitude", kind: .angle, "Direction of travel: 0 along +x, positive angles clockwise on screen.",
            \.emissionLongitude)
        number(
            "emissionRange", kind: .angle, "A particle's direction is uniform in emissionLongitude ± emissionRange/2.",
            \.emissionRange)
        number("emissionLatitude", kind: .angle, "Ignored in 2D.", \.emissionLatitude)
        number("xAcceleration", "Acceleration along x, points a second squared.", \.xAcceleration)
        number("yAcceleration", "Acceleration along y (down on screen), points a second squared.", \.yAcceleration)
        number("scale", "Size of the image, times the layer's scale.", \.scale)
        number("scaleRange", "A particle's scale is uniform in scale ± scaleRange/2.", \.scaleRange)
        number("scaleSpeed", "Change of scale a second (a particle at scale 0 or below is not drawn).", \.scaleSpeed)
        number("spin", kind: .angle, "Turn in radians a second, clockwise on screen, times the layer's spin.", \.spin)
        number("spinRange", kind: .angle, "A particle's spin is uniform in spin ± spinRange/2.", \.spinRange)
        table.append(
            EmitterCellProperty(
                "color", .color, animatable: true, "The tint at birth (a straight multiply of the image).",
                get: { .color($0.color) }, set: { if case .color(let c) = $1 { $0.color = c } }))
        for (channel, range, speed) in [
            ("red", \EmitterCell.redRange, \EmitterCell.redSpeed), ("green", \.greenRange, \.greenSpeed),
            ("blue", \.blueRange, \.blueSpeed), ("alpha", \.alphaRange, \.alphaSpeed)
        ] {
            number("\(channel)Range", "A particle's \(channel) is uniform in the colour's ± \(channel)Range/2.", range)
            number("\(channel)Speed", "Change of the tint's \(channel) a second (clamped to 0...1).", speed)
        }
        table.append(
            EmitterCellProperty(
                "contents", .name, animatable: false, "An image asset's name: what each particle shows; null draws nothing.",
                get: { .image($0.contents) }, set: { if case .image(let n) = $1 { $0.contents = n } }))
        table.append(
            EmitterCellProperty(
                "contentsRect", .rect, animatable: true, "The part of the image shown, unit rect.",
                get: { .rect($0.contentsRect) }, set: { if case .rect(let r) = $1 { $0.contentsRect = r } }))
        number(
            "contentsScale", kind: .positive(maximum: 10_000), animatable: false,
            "Image pixels per point: a particle is its image's pixels / contentsScale points, times its scale.",
            \.contentsScale)
        choice("magnificationFilter", "Sampling when a particle's image is enlarged.", \.magnificationFilter)
        choice("minificationFilter", "Sampling when a particle's image is reduced.", \.minificationFilter)
        number("beginTime", animatable: false, "When the cell starts emitting, in the layer's time.", \.beginTime)
        number(
            "duration", kind: .nonNegative, animatable: false, "Seconds of one cycle of emitting; 0: it emits for ever.",
            \.duration)
        number("repeatCount", kind: .nonNegative, animatable: false, "Cycles it emits for (0 counts as 1).", \.repeatCount)
        number("repeatDuration", kind: .nonNegative, animatable: false, "Seconds it emits for, at most.", \.repeatDuration)
        return table
    }()
}

extension LayerProperty {
    /// The property an animation of one emitter cell's key reaches (`emitterCells.NAME.KEY`);
    /// nil for other key paths or keys that do not animate. Made per key path: the names are the file's.
    static func emitterCellValue(_ keyPath: String) -> LayerProperty? {
        let parts = keyPath.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == "emitterCells", !parts[1].isEmpty,
            let key = EmitterCellProperty.all[String(parts[2])], key.isAnimatable
        else { return nil }
        let name = String(parts[1])
        return LayerProperty(
            keyPath: keyPath, kind: key.kind, isLayerKey: false, owner: .emitterLayer, isAnimatable: true, summary: "",
            get: { layer in
                layer.emitter.cells.first(where: { $0.name == name }).map(key.value(of:)) ?? key.defaultValue
            },
            set: { layer, value in
                guard let i = layer.emitter.cells.firstIndex(where: { $0.name == name }) else { return }
                key.setValue(value, on: &layer.emitter.cells[i])
            })
    }
}
