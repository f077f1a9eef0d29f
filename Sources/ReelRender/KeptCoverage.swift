import ReelCore
import ReelRaster
import ReelText

/// A fill whose coverage the executor keeps from frame to frame while it does not change: a
/// text layer's glyphs, which stand still on most frames. The key is everything the coverage
/// depends on (the laid-out block, which group of its glyphs, where the block lands in the
/// target's pixels, and the pixels covered); the outlines are made only when the coverage is
/// not kept, so a static title costs the blending of its covered pixels.
public struct KeptFill: @unchecked Sendable {
    public struct Key: Hashable, Sendable {
        let block: TextBlock
        let part: Part
        let transform: Transform3D
        let area: PixelRect
    }

    /// Which of a text block's coverages: a glyph group's, its outline stroke's, the line boxes'
    /// or the spoken word's boxes (runs of the block), with what shapes them.
    public enum Part: Hashable, Sendable {
        case glyphs(group: Int)
        case stroke(group: Int, width: Double)
        case lineBoxes(padding: Size, radius: Double)
        case wordBoxes(Range<Int>, padding: Size, radius: Double)
    }

    public let key: Key
    /// The outlines, in the target's pixels, made when the coverage is not kept.
    public let polygons: () -> [[Point]]
}

/// The coverage of kept fills, per executor (64 MB at most).
typealias CoverageCache = FrameKept<KeptFill.Key, CoverageMask>

extension CoverageCache {
    /// Bytes of coverage kept at most, per renderer.
    static var budget: Int { 64 << 20 }

    init() { self.init(budget: Self.budget, size: \.byteCount) }
}
