/// Reads shape items into `ShapeItem`s, naming the ones Reel cannot draw by their path.
struct ShapeReader {
    /// The deepest nesting of groups read; deeper ones are refused (a file cannot make the
    /// reader recurse without end).
    static let maximumDepth = 64

    func group(_ node: LottieNode, items: [LottieNode], depth: Int = 0) -> ShapeGroup {
        var group = ShapeGroup(node: node, items: [], transform: nil)
        guard depth < Self.maximumDepth else {
            node.problem(expected: "groups nested at most \(Self.maximumDepth) deep", found: "deeper ones")
            return group
        }
        for item in items {
            if item.number("hd") == 1 { continue }
            guard let ty = item.string("ty") else {
                (item["ty"] ?? item).problem(expected: "a shape item type `ty`")
                continue
            }
            switch ty {
            case "gr":
                group.items.append(.group(self.group(item, items: item["it"]?.items ?? [], depth: depth + 1)))
            case "tr":
                group.transform = item
            case "sh":
                if let p = LottieProperty.read(item["ks"], decode: BezierShape.decode) { group.items.append(.path(p, item)) }
            case "rc":
                let p = LottieProperty.read(item["p"]) ?? .fixed([0, 0])
                let s = LottieProperty.read(item["s"]) ?? .fixed([0, 0])
                let r = LottieProperty.read(item["r"]) ?? .fixed([0])
                let reversed = item.number("d") == 3
                group.items.append(
                    .path(
                        // A corner radius that clamps to the size bends between keyframes: then samples.
                        Animated.combine([p, s, r], linear: r == .fixed([0])) {
                            BezierShape.rectangle($0[0], $0[1], $0[2].element(0), reversed: reversed)
                        },
                        item))
            case "el":
                let p = LottieProperty.read(item["p"]) ?? .fixed([0, 0])
                let s = LottieProperty.read(item["s"]) ?? .fixed([0, 0])
                let reversed = item.number("d") == 3
                group.items.append(
                    .path(Animated.combine([p, s], linear: true) { BezierShape.ellipse($0[0], $0[1], reversed: reversed) }, item))
            case "sr":
                let isStar = item.number("sy") != 2
                let keys = ["pt", "p", "r", "or", "ir", "os", "is"]
                let values = keys.map { LottieProperty.read(item[$0]) ?? .fixed([0]) }
                let reversed = item.number("d") == 3
                group.items.append(
                    .path(
                        Animated.combine(values) {
                            BezierShape.star(
                                isStar: isStar, points: $0[0].element(0), center: $0[1], rotation: $0[2].element(0),
                                outer: $0[3].element(0), inner: $0[4].element(0), outerRound: $0[5].element(0),
                                innerRound: $0[6].element(0), reversed: reversed)
                        }, item))
            case "fl", "st", "gf", "gs":
                group.items.append(.paint(.init(node: item, kind: ty)))
            case "tm":
                group.items.append(
                    .trim(
                        .init(
                            node: item, start: LottieProperty.read(item["s"]) ?? .fixed([0]),
                            end: LottieProperty.read(item["e"]) ?? .fixed([100]),
                            offset: LottieProperty.read(item["o"]) ?? .fixed([0]), simultaneous: item.number("m") != 2)))
            case "rp":
                group.items = [.copies(ShapeGroup(node: item, items: group.items, transform: nil), repeater: item)]
            case "mm":
                let mode = item.number("mm") ?? 1
                if mode > 2 {
                    item.unsupported(
                        "merge paths mode \(Int(mode)) is drawn as the paths together, without the boolean operation")
                }
            case "rd":
                let radius = LottieProperty.read(item["r"]) ?? .fixed([0])
                if radius == .fixed([0]) { continue }
                modify(&group) { shape in
                    Animated.combine([shape, radius]) { PathModifier.roundCorners($0[0], radius: $0[1].element(0)) }
                }
            case "pb":
                let amount = LottieProperty.read(item["a"]) ?? .fixed([0])
                modify(&group) { shape in
                    Animated.combine([shape, amount]) { PathModifier.puckerBloat($0[0], amount: $0[1].element(0)) }
                }
            case "zz":
                let ridges = LottieProperty.read(item["r"]) ?? .fixed([0])
                let size = LottieProperty.read(item["s"]) ?? .fixed([0])
                let smooth = item.number("pt") == 2
                modify(&group) { shape in
                    Animated.combine([shape, ridges, size]) {
                        PathModifier.zigZag($0[0], ridges: $0[1].element(0), size: $0[2].element(0), smooth: smooth)
                    }
                }
            case "op":
                let amount = LottieProperty.read(item["a"]) ?? .fixed([0])
                let limit = LottieProperty.read(item["ml"]) ?? .fixed([4])
                let join = PathModifier.Join(rawValue: Int(item.number("lj") ?? 1)) ?? .miter
                modify(&group) { shape in
                    Animated.combine([shape, amount, limit]) {
                        PathModifier.offset($0[0], amount: $0[1].element(0), join: join, miterLimit: $0[2].element(0))
                    }
                }
            case "tw":
                // No player draws a twist (After Effects does not publish its rule): named, left out.
                item.unsupported("twist is not drawn (no Lottie player draws it); the paths stay as they are")
            default:
                item.unsupported("shape item `\(ty)` is not supported; it is left out")
            }
        }
        return group
    }

    /// A path modifier applied to every outline listed before it in `group`.
    private func modify(_ group: inout ShapeGroup, _ change: (Animated) -> Animated) {
        group.items = group.items.map { $0.modifyingOutlines(change) }
    }
}
