/// One item of a shape layer's `shapes` or a group's `it`, read once: the outlines, the
/// paints that draw the outlines above them, groups, and the modifiers that change them.
indirect enum ShapeItem {
    /// An outline (`sh`, `rc`, `el`, `sr`) as a bezier shape over time.
    case path(Animated, LottieNode)
    case paint(Paint)
    case group(ShapeGroup)
    /// Trim paths (`tm`).
    case trim(Trim)
    /// A repeater (`rp`) with the items before it, which it copies.
    case copies(ShapeGroup, repeater: LottieNode)

    /// A fill or stroke, solid or gradient.
    struct Paint {
        let node: LottieNode
        /// `fl`, `st`, `gf`, `gs`.
        let kind: String
        /// A stroke's width in place of its node's `w` (a stroke style's, twice its size).
        var width: Animated? = nil
        var isStroke: Bool { kind == "st" || kind == "gs" }
        var isGradient: Bool { kind == "gf" || kind == "gs" }
    }

    struct Trim {
        let node: LottieNode
        let start: Animated
        let end: Animated
        let offset: Animated
        /// Each outline trimmed alike (`m` 1) rather than all as one (`m` 2).
        let simultaneous: Bool
    }
}

extension ShapeItem {
    /// The item with every outline in it (a group's, a repeater's copies' too) changed by
    /// `modify`: how a path modifier reaches the outlines listed before it.
    func modifyingOutlines(_ modify: (Animated) -> Animated) -> ShapeItem {
        switch self {
        case .path(let shape, let node): return .path(modify(shape), node)
        case .group(let group): return .group(group.modifyingOutlines(modify))
        case .copies(let group, let repeater): return .copies(group.modifyingOutlines(modify), repeater: repeater)
        case .paint, .trim: return self
        }
    }
}

extension ShapeGroup {
    func modifyingOutlines(_ modify: (Animated) -> Animated) -> ShapeGroup {
        var group = self
        group.items = items.map { $0.modifyingOutlines(modify) }
        return group
    }
}

/// A group (`gr`, or a shape layer's `shapes`): its items and its transform (`tr`).
struct ShapeGroup {
    let node: LottieNode
    var items: [ShapeItem]
    var transform: LottieNode?
}
